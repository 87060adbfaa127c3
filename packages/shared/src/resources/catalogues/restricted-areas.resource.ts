import { z } from 'zod';
import { dataReference, defineResource } from '../define';
import { geometryField } from '../geo-fields';

export const AREA_APPLIES_TO = ['pickup', 'dropoff', 'both'] as const;
export type AreaAppliesTo = (typeof AREA_APPLIES_TO)[number];

/**
 * Restricted areas (/restricted-areas, RESTRICTED_AREA): pickups, dropoffs or both are refused inside the
 * outline, except for the allowed services and/or inside the allowed daily window (city time) when set.
 */
export const restrictedAreasResource = defineResource({
  key: 'restricted_areas',
  url: 'restricted_areas',
  title: 'Restricted areas',
  route: 'RestrictedAreas',
  createRoute: 'RestrictedAreasAdd',
  itemRoute: 'RestrictedArea',
  permission: 'RESTRICTED_AREA',
  table: 'restrictedAreas',
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
    {
      name: 'applies_to',
      label: 'Applies to',
      type: 'select',
      required: true,
      default: 'both',
      sortable: true,
      options: [
        { value: 'pickup', label: 'Pickup' },
        { value: 'dropoff', label: 'Dropoff' },
        { value: 'both', label: 'Pickup and dropoff' },
      ],
    },
    {
      name: 'allowed_service_ids',
      label: 'Allowed services',
      type: 'multireference',
      reference: dataReference('service', { perPage: 100 }),
      helper: 'Leave empty to refuse every service',
    },
    { name: 'allowed_from', label: 'Allowed from', type: 'text', max: 5, helper: 'HH:mm, city time' },
    { name: 'allowed_to', label: 'Allowed until', type: 'text', max: 5, helper: 'HH:mm, city time' },
    { name: 'active', label: 'Active', type: 'boolean', default: true },
    geometryField(true),
  ],
  presented: { allowed_services_label: z.string() },
});

export default restrictedAreasResource;
