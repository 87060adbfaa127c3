import { defineResource, uniqueNameField } from '../define';

/** Bonus packages (shell.md §2.2 Commercial): a dated set of captain bonuses the daily bonus job pays. */
export const bonusPackagesResource = defineResource({
  key: 'bonus_packages',
  url: 'bonus_package',
  title: 'Bonus packages',
  route: 'BonusPackage',
  itemRoute: 'BonusPackageShow',
  permission: 'PRICE_RULES',
  table: 'bonusPackages',
  fields: [
    uniqueNameField(80),
    { name: 'active', label: 'Active', type: 'boolean', sortable: true, default: true },
    { name: 'valid_from', label: 'Valid from', type: 'date', required: true, sortable: true },
    { name: 'valid_to', label: 'Valid to', type: 'date', sortable: true },
  ],
  rowActions: [{ key: 'bonuses', label: 'Bonuses', route: 'BonusPackageBonuses', params: { id: 'id' } }],
});

export default bonusPackagesResource;
