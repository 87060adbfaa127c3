import { BONUS_AMOUNT_FIELD, BONUS_KIND_LABELS, BONUS_KINDS, BONUS_LIMITS } from '../../bonuses';
import { defineResource } from '../define';

/** The bonuses of a package (/bonus_package/{id}/bonuses): a daily target of a captain and its amount in euros. */
export const bonusesResource = defineResource({
  key: 'bonuses',
  url: 'bonus_package/{bonus_package_id}/bonuses',
  title: 'Bonuses',
  route: 'BonusPackageBonuses',
  permission: 'PRICE_RULES',
  table: 'bonuses',
  parent: { param: 'bonus_package_id', field: 'bonus_package_id' },
  fields: [
    {
      name: 'name',
      label: 'Name',
      type: 'text',
      required: true,
      max: 80,
      sortable: true,
      searchable: true,
      dataName: true,
    },
    {
      name: 'kind',
      label: 'Kind',
      type: 'select',
      required: true,
      sortable: true,
      options: BONUS_KINDS.map((value) => ({ value, label: BONUS_KIND_LABELS[value] })),
      default: 'rides_count',
    },
    {
      name: 'threshold',
      label: 'Threshold',
      type: 'number',
      required: true,
      min: 1,
      max: BONUS_LIMITS.maxThreshold,
      sortable: true,
      align: 'right',
      helper: 'Paid rides in the day; a percentage for the acceptance rate',
    },
    { name: 'sector_id', label: 'Zone', type: 'reference', reference: { url: 'sectors', labelField: 'name' } },
    BONUS_AMOUNT_FIELD,
    { name: 'bonus_package_id', label: 'Bonus package', type: 'number', list: false, form: 'none' },
  ],
  rowActions: [{ key: 'time_slices', label: 'Time slices', route: 'BonusTimeSlices', params: { id: 'id' } }],
});

export default bonusesResource;
