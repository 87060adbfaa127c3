import { z } from 'zod';
import { dataNameField, dataReference, defineResource } from '../define';

/** Vehicle types: a car names its type; each type lists the services it may carry (/services/{id}/cars). */
export const vehicleTypesResource = defineResource({
  key: 'vehicle_types',
  url: 'vehicle_types',
  title: 'Vehicle types',
  route: 'VehicleTypesManagement',
  permission: 'VEHICLE_TYPE_MANAGEMENT',
  readPermission: null,
  table: 'vehicleTypes',
  fields: [
    dataNameField(40),
    { name: 'seats', label: 'Seats', type: 'number', required: true, min: 1, max: 60, sortable: true, default: 4 },
    {
      name: 'service_ids',
      label: 'Services',
      type: 'multireference',
      reference: dataReference('service', { perPage: 100 }),
    },
  ],
  presented: { service_ids_label: z.string(), cars: z.number().int() },
});

export default vehicleTypesResource;
