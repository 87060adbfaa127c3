import { captainCapabilitiesSchema, serviceCarsSchema, serviceLocationsSchema } from '../fleet';
import { envelope } from './envelope';

export const fleetContract = {
  cars: envelope(serviceCarsSchema),
  locations: envelope(serviceLocationsSchema),
  capabilities: envelope(captainCapabilitiesSchema),
};
