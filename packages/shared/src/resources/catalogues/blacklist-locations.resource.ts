import { defineResource } from '../define';
import { geometryField, RADIUS_MAX_M, RADIUS_MIN_M } from '../geo-fields';

export const BLACKLIST_ACTIONS = ['refuse', 'flag'] as const;
export type BlacklistAction = (typeof BLACKLIST_ACTIONS)[number];

/**
 * Blacklist locations (/blacklist_locations, LOCATIONS): a point with a radius, or an outline, where a
 * booking starting or ending is refused or accepted and flagged for review (fraud, closed roads).
 */
export const blacklistLocationsResource = defineResource({
  key: 'blacklist_locations',
  url: 'blacklist_locations',
  title: 'Blacklist locations',
  route: 'BlacklistLocations',
  createRoute: 'BlacklistLocationsAdd',
  itemRoute: 'BlacklistLocation',
  permission: 'LOCATIONS',
  pointPicker: true,
  table: 'blacklistLocations',
  defaultSort: 'name',
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true, max: 120, sortable: true, searchable: true },
    {
      name: 'action',
      label: 'Action',
      type: 'select',
      required: true,
      default: 'refuse',
      sortable: true,
      options: [
        { value: 'refuse', label: 'Refuse' },
        { value: 'flag', label: 'Flag for review' },
      ],
    },
    { name: 'reason', label: 'Reason', type: 'text', required: true, max: 200, searchable: true },
    { name: 'lat', label: 'Latitude', type: 'number', min: -90, max: 90, list: false },
    { name: 'lon', label: 'Longitude', type: 'number', min: -180, max: 180, list: false },
    {
      name: 'radius_m',
      label: 'Radius (m)',
      type: 'number',
      min: RADIUS_MIN_M,
      max: RADIUS_MAX_M,
      align: 'right',
      helper: 'With a point; leave empty for an outline',
    },
    { name: 'active', label: 'Active', type: 'boolean', default: true },
    geometryField(false),
  ],
});

export default blacklistLocationsResource;
