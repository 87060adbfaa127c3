import { endpoint } from '../endpoint';
import { fleetContract } from '../fleet';

/** Which vehicle types serve a service and where it runs. */
export const fleetEndpoints = {
  serviceCars: endpoint()('GET', 'services/:id/cars', fleetContract.cars),
  saveServiceCars: endpoint<undefined, { vehicle_type_ids: number[] }>()(
    'PUT',
    'services/:id/cars',
    fleetContract.cars,
  ),
  serviceLocations: endpoint()('GET', 'services/:id/locations', fleetContract.locations),
  saveServiceLocations: endpoint<undefined, { sector_ids: number[] }>()(
    'PUT',
    'services/:id/locations',
    fleetContract.locations,
  ),
  captainCapabilities: endpoint()('GET', 'captain/:id/capabilities', fleetContract.capabilities),
  saveCaptainCapabilities: endpoint<undefined, { capabilities: string[] }>()(
    'PUT',
    'captain/:id/capabilities',
    fleetContract.capabilities,
  ),
};
