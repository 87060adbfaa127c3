export const fleetKeys = {
  all: ['fleet'] as const,
  cars: (serviceId: number) => ['fleet', 'cars', serviceId] as const,
  locations: (serviceId: number) => ['fleet', 'locations', serviceId] as const,
  vehicleTypes: ['fleet', 'vehicle-types'] as const,
};
