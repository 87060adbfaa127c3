import { SEASONS } from '../../constants';
import { defineResource } from '../define';
import { pointFields } from '../geo-fields';

/** Seasonal destinations (/SeasonalDestinations/update, EDIT_DESTINATION_SEASONAL): offered per season, with an optional price. */
export const seasonalDestinationsResource = defineResource({
  key: 'seasonal_destinations',
  url: 'seasonal_destinations',
  title: 'Seasonal destinations',
  route: 'EditSeasonalDestinations',
  permission: 'EDIT_DESTINATION_SEASONAL',
  pointPicker: true,
  table: 'seasonalDestinations',
  defaultSort: 'season',
  fields: [
    {
      name: 'season',
      label: 'Season',
      type: 'select',
      required: true,
      sortable: true,
      options: SEASONS.map((s) => ({ value: s, label: s })),
    },
    { name: 'name', label: 'Destination', type: 'text', required: true, max: 120, sortable: true, searchable: true },
    ...pointFields,
    { name: 'price', label: 'Price (€)', type: 'number', min: 0, max: 10_000, align: 'right', sortable: true },
    { name: 'active', label: 'Active', type: 'boolean', default: true },
  ],
});

export default seasonalDestinationsResource;
