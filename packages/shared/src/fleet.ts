import { z } from 'zod';
import { texts, tr } from './i18n';

/** Where services run and which vehicle types serve them (/services/{id}/locations, /services/{id}/cars). */
export const FLEET_MSG = texts({
  unknownService: 'Unknown service',
  unknownVehicleType: 'Unknown vehicle type',
  unknownSector: 'Unknown zone',
  unknownConstraint: 'Unknown constraint',
  outsideArea: (service: string) => tr('The service {{service}} does not run at this pickup.', { service }),
  carsSaved: 'Vehicle types saved',
  locationsSaved: 'Zones saved',
  capabilitiesSaved: 'Capabilities saved',
});

/** What a captain and their car may offer; a booking constraint asks for one of them. */
export const CAPTAIN_CAPABILITIES = ['child_seat', 'pet', 'english', 'no_smoking', 'wheelchair', 'baby_seat'] as const;
export type CaptainCapability = (typeof CAPTAIN_CAPABILITIES)[number];

/** English keys: translated where shown (the constraint form's options). */
export const CAPABILITY_LABELS: Record<CaptainCapability, string> = {
  child_seat: 'Child seat',
  pet: 'Pets allowed',
  english: 'English-speaking',
  no_smoking: 'No smoking',
  wheelchair: 'Wheelchair access',
  baby_seat: 'Baby seat',
};

const idList = z.array(z.number().int().positive()).max(500);

/** PUT services/{id}/cars: the vehicle types that may serve the service (none: its own vehicle type). */
export const serviceCarsBody = z.object({ vehicle_type_ids: idList });
/** PUT services/{id}/locations: the zones (city sectors) where it runs (none: everywhere). */
export const serviceLocationsBody = z.object({ sector_ids: idList });

export const serviceCarsSchema = z
  .object({
    service_id: z.number().int(),
    vehicle_type_ids: z.array(z.number().int()),
    /** Cars whose type is among them. */
    cars: z.number().int(),
  })
  .meta({ id: 'ServiceCars' });

export const serviceLocationsSchema = z
  .object({ service_id: z.number().int(), sector_ids: z.array(z.number().int()) })
  .meta({ id: 'ServiceLocations' });

export type ServiceCarsDto = z.infer<typeof serviceCarsSchema>;
export type ServiceLocationsDto = z.infer<typeof serviceLocationsSchema>;

/** PUT captain/{id}/capabilities: what the captain and their car offer (the constraints they satisfy). */
export const captainCapabilitiesBody = z.object({
  capabilities: z.array(z.enum(CAPTAIN_CAPABILITIES)).max(CAPTAIN_CAPABILITIES.length),
});

export const captainCapabilitiesSchema = z
  .object({ captain_id: z.number().int(), capabilities: z.array(z.string()) })
  .meta({ id: 'CaptainCapabilities' });
export type CaptainCapabilitiesDto = z.infer<typeof captainCapabilitiesSchema>;
