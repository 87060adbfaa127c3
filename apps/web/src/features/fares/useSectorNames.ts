import { useCallback } from 'react';
import { useSectors } from '../bookings/api';

/** The zone (sector) name of an id, `#id` until the sectors are loaded or for an unknown one. */
export function useSectorNames(): (id: number) => string {
  const sectors = useSectors();
  return useCallback((id: number) => sectors.data?.find((s) => s.id === id)?.name ?? `#${id}`, [sectors.data]);
}
