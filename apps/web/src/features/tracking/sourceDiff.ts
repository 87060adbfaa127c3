import type { TrackedCaptainDto } from '@taxi/shared';
import type { Feature } from 'geojson';

/** A captain as a map feature: its id is the captain's (the source's diffs address features by id). */
export function captainFeature(c: TrackedCaptainDto): Feature {
  return {
    type: 'Feature',
    id: c.captain_id,
    geometry: { type: 'Point', coordinates: [c.lon, c.lat] },
    properties: { id: c.captain_id, state: c.state },
  };
}

/** The shape of MapLibre's GeoJSONSourceDiff that the tracking map sends. */
export interface CaptainSourceDiff {
  add: Feature[];
  update: {
    id: number;
    newGeometry: { type: 'Point'; coordinates: [number, number] };
    addOrUpdateProperties: { key: string; value: unknown }[];
  }[];
  remove: number[];
}

/**
 * The source diff for the captains changed since the last draw: new ones added, known ones moved (and
 * their state updated), gone ones removed. `drawn` (the ids on the map) is kept in step.
 */
export function diffOf(
  captains: ReadonlyMap<number, TrackedCaptainDto>,
  changed: Iterable<number>,
  drawn: Set<number>,
): CaptainSourceDiff {
  const diff: CaptainSourceDiff = { add: [], update: [], remove: [] };
  for (const id of changed) {
    const c = captains.get(id);
    if (!c) {
      if (drawn.delete(id)) diff.remove.push(id);
    } else if (drawn.has(id)) {
      diff.update.push({
        id,
        newGeometry: { type: 'Point', coordinates: [c.lon, c.lat] },
        addOrUpdateProperties: [{ key: 'state', value: c.state }],
      });
    } else {
      drawn.add(id);
      diff.add.push(captainFeature(c));
    }
  }
  return diff;
}
