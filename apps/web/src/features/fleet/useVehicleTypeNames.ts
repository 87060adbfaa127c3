import { useQuery } from '@tanstack/react-query';
import { catalogueEndpoints, vehicleTypesResource } from '@taxi/shared';
import { apiData } from '../../api/endpoints';
import { fleetKeys } from './keys';

/** The names of the vehicle types catalogue (a car's type is one of them); `current` stays listed meanwhile. */
export function useVehicleTypeNames(current: string): string[] {
  const types = useQuery({
    queryKey: [...fleetKeys.vehicleTypes, 'names'],
    queryFn: ({ signal }) =>
      apiData(catalogueEndpoints(vehicleTypesResource).list, { query: { perPage: 100 }, signal }),
    staleTime: 60_000,
  });
  const names = (types.data?.data ?? []).map((r) => String(r.name));
  return names.includes(current) ? names : [current, ...names];
}
