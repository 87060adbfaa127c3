import { z } from 'zod';
import type { LonLat } from './geo';
import { texts, tr } from './i18n';

/** The supply and demand layer of the tracking map. */
export const SUPPLY_DEMAND_MSG = texts({
  toggle: 'Supply and demand',
  legend: 'Waiting bookings / free captains',
  refresh: 'Refreshed every 10 seconds',
  levels: {
    none: 'No booking, no captain',
    balanced: 'Enough captains',
    low: 'Short by 1',
    medium: 'Short by 2 or 3',
    high: 'Short by 4 or more',
  },
  totals: (waiting: number, free: number) =>
    tr('{{waiting}} waiting bookings, {{free}} free captains', { waiting, free }),
});

/** Waiting bookings count when their pickup time is at most this far ahead (reservations later do not). */
export const SUPPLY_DEMAND_HORIZON_MS = 30 * 60_000;

/** The balance of a sector, from none (nothing there) to high (four bookings or more without a captain). */
export const SUPPLY_DEMAND_LEVELS = ['none', 'balanced', 'low', 'medium', 'high'] as const;
export type SupplyDemandLevel = (typeof SUPPLY_DEMAND_LEVELS)[number];

/** The level of a sector's balance: the gap is waiting bookings less free captains. */
export function supplyDemandLevel(waiting: number, free: number): SupplyDemandLevel {
  const gap = waiting - free;
  if (gap <= 0) return waiting === 0 && free === 0 ? 'none' : 'balanced';
  if (gap === 1) return 'low';
  return gap <= 3 ? 'medium' : 'high';
}

export const supplyDemandSectorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Pending bookings (no captain yet) picking up in the sector. */
  waiting: z.number().int(),
  /** Online captains free for a booking, standing in the sector. */
  free: z.number().int(),
  level: z.enum(SUPPLY_DEMAND_LEVELS),
});
export type SupplyDemandSector = z.infer<typeof supplyDemandSectorSchema>;

/** GET geo/supply-demand: every sector's balance, and the totals (points outside every sector included). */
export const supplyDemandSchema = z
  .object({
    at: z.string(),
    sectors: z.array(supplyDemandSectorSchema),
    waiting: z.number().int(),
    free: z.number().int(),
  })
  .meta({ id: 'SupplyDemand' });
export type SupplyDemandDto = z.infer<typeof supplyDemandSchema>;

/**
 * Waiting bookings' pickups and free captains' positions counted per sector, every sector listed (a quiet
 * one at level none). `sectorAt` says which sector holds a point (null outside all).
 */
export function supplyDemandCounts(
  pickups: readonly LonLat[],
  freeCaptains: readonly LonLat[],
  sectors: readonly { id: number; name: string }[],
  sectorAt: (point: LonLat) => number | null,
): Omit<SupplyDemandDto, 'at'> {
  const counts = new Map(sectors.map((s) => [s.id, { waiting: 0, free: 0 }]));
  for (const p of pickups) {
    const id = sectorAt(p);
    const row = id === null ? undefined : counts.get(id);
    if (row) row.waiting++;
  }
  for (const p of freeCaptains) {
    const id = sectorAt(p);
    const row = id === null ? undefined : counts.get(id);
    if (row) row.free++;
  }
  return {
    sectors: sectors
      .map((s) => {
        const c = counts.get(s.id) ?? { waiting: 0, free: 0 };
        return { id: s.id, name: s.name, ...c, level: supplyDemandLevel(c.waiting, c.free) };
      })
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
    waiting: pickups.length,
    free: freeCaptains.length,
  };
}
