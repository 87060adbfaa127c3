import { z } from 'zod';
import type { LonLat } from './geo';
import { texts, tr } from './i18n';

/** The shifts map (/shifts/map): sectors by captains planned, captains on shift inside or outside their zone. */
export const SHIFTS_MAP_MSG = texts({
  map: 'Shifts map',
  hour: 'Hour',
  now: 'Right now',
  sectors: 'Sectors',
  planned: 'Planned captains',
  present: 'Captains present',
  plannedPresent: (planned: number, present: number) =>
    tr('{{planned}} planned, {{present}} present', { planned, present }),
  outside: 'On shift outside their zone',
  noneOutside: 'Every captain on shift is inside their zone',
  noSectors: 'No shift covers this hour',
  inZone: 'In zone',
  outOfZone: 'Outside zone',
  offline: 'Offline',
  inSector: (sector: string) => tr('In {{sector}}', { sector }),
  unknownPlace: 'Outside every sector',
  sectorCaptains: (sector: string) => tr('Captains planned in {{sector}}', { sector }),
  noCaptains: 'No captain planned here',
  clickSector: 'Click a sector to list its captains',
  legend: 'Captains planned',
  legendNone: 'None',
  legendCaptains: 'Captains on shift',
  live: 'Positions refresh every 5 seconds',
  onShift: (n: number) => tr('{{n}} on shift', { n }),
});

/** The legend's steps of planned captains per sector: none (a gap), 1–2, 3–5, 6–9, 10 and more. */
export const SHIFT_COVERAGE_STEPS = [0, 1, 3, 6, 10] as const;
/** The step a count falls in: the last step not above it. */
export const coverageStep = (planned: number): number => {
  let step = 0;
  for (const [i, from] of SHIFT_COVERAGE_STEPS.entries()) if (planned >= from) step = i;
  return step;
};

export const shiftsMapSectorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Captains whose shift covers the sector at the hour. */
  planned: z.number().int(),
  /** Of them, the ones online inside the sector now. */
  present: z.number().int(),
});

export const shiftsMapCaptainSchema = z.object({
  captain_id: z.number().int(),
  name: z.string(),
  /** The shift's zone. */
  sector_ids: z.array(z.number().int()),
  online: z.boolean(),
  /** The live position; null when the captain is offline or has not reported one. */
  lon: z.number().nullable(),
  lat: z.number().nullable(),
  /** The sector the captain stands in, null outside every sector or without a position. */
  sector_id: z.number().int().nullable(),
  /** Online and standing in one of the zone's sectors. */
  in_zone: z.boolean(),
});

/** GET shifts/map?at: the sectors planned at an instant and the captains of those shifts. */
export const shiftsMapSchema = z
  .object({
    at: z.string(),
    sectors: z.array(shiftsMapSectorSchema),
    captains: z.array(shiftsMapCaptainSchema),
  })
  .meta({ id: 'ShiftsMap' });
export type ShiftsMapDto = z.infer<typeof shiftsMapSchema>;
export type ShiftsMapCaptain = z.infer<typeof shiftsMapCaptainSchema>;

/** A shift covering the instant: its captain and zone. */
export interface ShiftAtInstant {
  captain_id: number;
  name: string;
  sector_ids: readonly number[];
}

/**
 * Planned and present captains per sector, and where each captain on shift stands. `positions` holds the
 * online captains' live positions; `sectorAt` says which sector holds a point (null outside all). A sector
 * counts a captain once even when two of their shifts touch the instant.
 */
export function shiftsMapCounts(
  shiftsNow: readonly ShiftAtInstant[],
  positions: ReadonlyMap<number, LonLat>,
  sectorAt: (point: LonLat) => number | null,
  sectorName: (id: number) => string,
): Pick<ShiftsMapDto, 'sectors' | 'captains'> {
  const zones = new Map<number, { name: string; sector_ids: Set<number> }>();
  for (const s of shiftsNow) {
    const zone = zones.get(s.captain_id) ?? { name: s.name, sector_ids: new Set<number>() };
    for (const id of s.sector_ids) zone.sector_ids.add(id);
    zones.set(s.captain_id, zone);
  }
  const sectors = new Map<number, { planned: number; present: number }>();
  const captains: ShiftsMapCaptain[] = [];
  for (const [captainId, zone] of zones) {
    const point = positions.get(captainId) ?? null;
    const sectorId = point ? sectorAt(point) : null;
    const inZone = sectorId !== null && zone.sector_ids.has(sectorId);
    for (const id of zone.sector_ids) {
      const row = sectors.get(id) ?? { planned: 0, present: 0 };
      row.planned++;
      if (inZone && id === sectorId) row.present++;
      sectors.set(id, row);
    }
    captains.push({
      captain_id: captainId,
      name: zone.name,
      sector_ids: [...zone.sector_ids].sort((a, b) => a - b),
      online: point !== null,
      lon: point?.[0] ?? null,
      lat: point?.[1] ?? null,
      sector_id: sectorId,
      in_zone: inZone,
    });
  }
  return {
    sectors: [...sectors]
      .map(([id, c]) => ({ id, name: sectorName(id), ...c }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
    captains: captains.sort((a, b) => a.name.localeCompare(b.name) || a.captain_id - b.captain_id),
  };
}
