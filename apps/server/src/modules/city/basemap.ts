import type { BasemapFeatureCollection, BasemapStreetClass, LonLat, PolygonGeometry } from '@taxi/shared/geo';
import type { RoadRecord } from './types';

const MAJOR = new Set(['motorway', 'trunk', 'primary', 'secondary', 'tertiary']);
const MINOR = new Set(['residential', 'unclassified', 'living_street', 'road']);

/** Drawing class of an OSM highway value (links draw like their road). */
export function streetClass(highway: string): BasemapStreetClass {
  const base = highway.replace(/_link$/, '');
  if (MAJOR.has(base)) return 'major';
  if (MINOR.has(base)) return 'minor';
  return 'service';
}

const round = ([lon, lat]: LonLat): LonLat => [Math.round(lon * 1e5) / 1e5, Math.round(lat * 1e5) / 1e5];

export function buildBasemap(
  roads: readonly RoadRecord[],
  sectors: readonly { id: number; name: string; geometry: PolygonGeometry }[],
): BasemapFeatureCollection {
  return {
    type: 'FeatureCollection',
    features: [
      ...sectors.map((s) => ({
        type: 'Feature' as const,
        properties: { kind: 'sector' as const, id: s.id, name: s.name },
        geometry: s.geometry,
      })),
      ...roads.map((r) => ({
        type: 'Feature' as const,
        properties: { kind: 'street' as const, class: streetClass(r.highway), name: r.name },
        geometry: { type: 'LineString' as const, coordinates: r.coordinates.map(round) },
      })),
    ],
  };
}
