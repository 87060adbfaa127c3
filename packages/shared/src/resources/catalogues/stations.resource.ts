import { defineResource } from '../define';
import { pointFields, RADIUS_MIN_M } from '../geo-fields';

/** Stations (/stations, LOCATIONS): taxi ranks; free captains inside the radius queue in arrival order. */
export const stationsResource = defineResource({
  key: 'stations',
  url: 'stations',
  title: 'Stations',
  route: 'stations',
  createRoute: 'StationsAdd',
  itemRoute: 'Station',
  permission: 'LOCATIONS',
  pointPicker: true,
  table: 'stations',
  defaultSort: 'name',
  fields: [
    {
      name: 'name',
      label: 'Name',
      type: 'text',
      required: true,
      max: 120,
      sortable: true,
      searchable: true,
      unique: true,
    },
    ...pointFields,
    {
      name: 'radius_m',
      label: 'Radius (m)',
      type: 'number',
      required: true,
      min: RADIUS_MIN_M,
      max: 1000,
      default: 60,
      align: 'right',
      sortable: true,
    },
    { name: 'active', label: 'Active', type: 'boolean', default: true },
  ],
});

export default stationsResource;
