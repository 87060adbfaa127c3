import { DAYS_OF_WEEK } from '../../bonuses';
import { defineResource } from '../define';

/** When rides count for a bonus (/bonus/{id}/time_slices): a day of the week and a window in city time. */
export const bonusTimeSlicesResource = defineResource({
  key: 'bonus_time_slices',
  url: 'bonus/{bonus_id}/time_slices',
  title: 'Bonus time slices',
  route: 'BonusTimeSlices',
  permission: 'PRICE_RULES',
  table: 'bonusTimeSlices',
  defaultSort: 'day_of_week',
  parent: { param: 'bonus_id', field: 'bonus_id' },
  fields: [
    {
      name: 'day_of_week',
      label: 'Day',
      type: 'select',
      required: true,
      sortable: true,
      options: DAYS_OF_WEEK.map((label, i) => ({ value: i + 1, label })),
      default: 1,
    },
    { name: 'from_time', label: 'From', type: 'text', required: true, min: 5, max: 5, helper: 'HH:MM' },
    { name: 'to_time', label: 'To', type: 'text', required: true, min: 5, max: 5, helper: 'HH:MM' },
    { name: 'bonus_id', label: 'Bonus', type: 'number', list: false, form: 'none' },
  ],
});

export default bonusTimeSlicesResource;
