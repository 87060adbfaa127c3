import { type ShiftsMapDto, shiftsMapCounts } from '@taxi/shared';
import type { LonLat } from '@taxi/shared/geo';
import type { PositionIndex } from '../../dispatch/spatial-index';
import type { CityService } from '../city/service';
import type { GeoService } from '../geo/service';
import type { LiveMeta } from '../tracking/service';
import type { ShiftService } from './shifts';

export interface ShiftsMapDeps {
  shifts: Pick<ShiftService, 'between'>;
  geo: Pick<GeoService, 'sectorAt'>;
  city: Pick<CityService, 'sector'>;
  positions: Pick<PositionIndex<LiveMeta>, 'all'>;
}

/**
 * GET shifts/map?at: the shifts whose window holds the instant (now by default), the sectors
 * of their zones with planned and present captains, and where each of those captains stands now.
 */
export async function shiftsMap(deps: ShiftsMapDeps, at: Date): Promise<ShiftsMapDto> {
  const [rows, live] = await Promise.all([deps.shifts.between(at, new Date(at.getTime() + 1)), deps.positions.all()]);
  const shifts = rows.map((r) => ({ captain_id: r.shift.captainId, name: r.name, sector_ids: r.shift.sectorIds }));
  const positions = new Map<number, LonLat>();
  for (const p of live) if (p.meta.state !== 'OFFLINE') positions.set(p.id, [p.lon, p.lat]);
  const counts = shiftsMapCounts(
    shifts,
    positions,
    (p) => deps.geo.sectorAt(p)?.id ?? null,
    (id) => deps.city.sector(id)?.name ?? `#${id}`,
  );
  return { at: at.toISOString(), ...counts };
}
