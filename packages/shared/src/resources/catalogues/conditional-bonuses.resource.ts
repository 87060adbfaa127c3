import { BONUS_AMOUNT_FIELD, BONUS_LIMITS } from '../../bonuses';
import { dataNameField, dataReference, defineResource } from '../define';

/** Conditional bonuses (/conditional_bonus): every condition given must hold over a captain's day. */
export const conditionalBonusesResource = defineResource({
  key: 'conditional_bonuses',
  url: 'conditional_bonus',
  title: 'Conditional bonus',
  route: 'ConditionalBonus',
  permission: 'PRICE_RULES',
  table: 'conditionalBonuses',
  fields: [
    dataNameField(80),
    { name: 'active', label: 'Active', type: 'boolean', sortable: true, default: true },
    {
      name: 'min_rides',
      label: 'Minimum paid rides',
      type: 'number',
      required: true,
      min: 1,
      max: BONUS_LIMITS.maxThreshold,
      sortable: true,
      align: 'right',
    },
    {
      name: 'min_acceptance_rate',
      label: 'Minimum acceptance rate (%)',
      type: 'number',
      min: 1,
      max: 100,
      align: 'right',
    },
    { name: 'service_id', label: 'Service', type: 'reference', reference: dataReference('services') },
    BONUS_AMOUNT_FIELD,
  ],
});

export default conditionalBonusesResource;
