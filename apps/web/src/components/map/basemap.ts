import { useQuery } from '@tanstack/react-query';
import type { BasemapFeatureCollection, LonLat, PolygonGeometry } from '@taxi/shared/geo';
import { useMemo } from 'react';
import { apiData, endpoints } from '../../api/endpoints';

/** The base map is the same for every map of the session: fetched once. */
export function useBasemap() {
  return useQuery({
    queryKey: ['city', 'basemap'],
    queryFn: ({ signal }) => apiData(endpoints.basemap, { signal }) as Promise<BasemapFeatureCollection>,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
}

export interface SectorShape {
  id: number;
  name: string;
  geometry: PolygonGeometry;
  /** Where the sector's label goes: the centre of its largest ring's vertices. */
  label: LonLat;
}

/** The centre of a ring's vertices (the closing one left out): inside the compact quarters of a city. */
function ringCentre(ring: readonly LonLat[]): LonLat {
  const points = ring.length > 1 ? ring.slice(0, -1) : ring;
  const sum = points.reduce<[number, number]>((acc, [lon, lat]) => [acc[0] + lon, acc[1] + lat], [0, 0]);
  return [sum[0] / points.length, sum[1] / points.length];
}

export function labelPoint(geometry: PolygonGeometry): LonLat {
  const rings = geometry.type === 'Polygon' ? [geometry.coordinates[0]] : geometry.coordinates.map((p) => p[0]);
  const largest = rings.reduce((best, ring) => (ring.length > best.length ? ring : best), rings[0]);
  return ringCentre(largest);
}

/** The city's sectors with their outlines, from the base map every map already loads. */
export function useSectorShapes(): Map<number, SectorShape> {
  const basemap = useBasemap();
  return useMemo(() => {
    const shapes = new Map<number, SectorShape>();
    for (const f of basemap.data?.features ?? []) {
      if (f.properties.kind !== 'sector' || f.geometry.type === 'LineString') continue;
      const { id, name } = f.properties;
      shapes.set(id, { id, name, geometry: f.geometry, label: labelPoint(f.geometry) });
    }
    return shapes;
  }, [basemap.data]);
}
