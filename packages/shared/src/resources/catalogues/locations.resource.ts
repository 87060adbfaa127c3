import { z } from 'zod';
import { defineResource } from '../define';
import { pointFields } from '../geo-fields';

/** Locations (/locations, LOCATIONS): named points the phone booking offers, optionally in a container. */
export const locationsResource = defineResource({
  key: 'locations',
  url: 'locations',
  title: 'Locations',
  route: 'Locations',
  createRoute: 'LocationsAdd',
  itemRoute: 'Location',
  permission: 'LOCATIONS',
  pointPicker: true,
  table: 'locations',
  defaultSort: 'name',
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true, max: 120, sortable: true, searchable: true },
    {
      name: 'container_id',
      label: 'Container',
      type: 'reference',
      reference: { url: 'location_containers', labelField: 'name', perPage: 50 },
    },
    { name: 'address', label: 'Address', type: 'text', max: 200, searchable: true },
    ...pointFields,
  ],
  presented: { container_name: z.string().nullable() },
});

export default locationsResource;
