import { type FeatureCollectionDto, GEO_MSG, type GeoGroupLayer, type ResourceRow } from '@taxi/shared';
import type { LonLat, PolygonGeometry } from '@taxi/shared/geo';
import { parsePolygon, sectorsCoveredBy } from '@taxi/shared/geo-validate';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { locations, sectors } from '../../db/schema';
import type { Values } from '../resources/service';

type Feature = FeatureCollectionDto['features'][number];

const polygonsOf = (g: PolygonGeometry): LonLat[][][] => (g.type === 'Polygon' ? [g.coordinates] : g.coordinates);

/**
 * Group layers as GeoJSON: an area cluster is a MultiPolygon of its sectors' outlines with `sector_ids`, a
 * location container a MultiPoint of its locations with `location_ids`.
 */
export async function groupFeatures(layer: GeoGroupLayer, rows: ResourceRow[], db: DbOrTx): Promise<Feature[]> {
  if (layer === 'area_clusters') {
    const ids = [...new Set(rows.flatMap((r) => (r.sector_ids as number[] | undefined) ?? []))];
    const outlines = new Map(
      ids.length
        ? (
            await db
              .select({ id: sectors.id, geometry: sectors.geometry })
              .from(sectors)
              .where(inArray(sectors.id, ids))
          ).map((s) => [s.id, s.geometry])
        : [],
    );
    return rows.map(({ id, ...properties }) => {
      const members = ((properties.sector_ids as number[] | undefined) ?? []).flatMap((sid) => {
        const g = outlines.get(sid);
        return g ? polygonsOf(g) : [];
      });
      return { type: 'Feature', id, geometry: { type: 'MultiPolygon', coordinates: members }, properties };
    });
  }
  const members = await db
    .select({ id: locations.id, container: locations.containerId, lon: locations.lon, lat: locations.lat })
    .from(locations)
    .orderBy(locations.id);
  return rows.map(({ id, ...properties }) => {
    const inside = members.filter((m) => m.container === id);
    return {
      type: 'Feature',
      id,
      geometry: { type: 'MultiPoint', coordinates: inside.map((m) => [m.lon, m.lat]) },
      properties: { ...properties, location_ids: inside.map((m) => m.id) },
    };
  });
}

/** What an import needs to read group features: the sectors an outline may cover. */
export async function groupContext(layer: GeoGroupLayer, db: DbOrTx) {
  return layer === 'area_clusters'
    ? { sectors: await db.select({ id: sectors.id, geometry: sectors.geometry }).from(sectors) }
    : { sectors: [] };
}

/**
 * A group feature's values for its catalogue, or the problem with its geometry. An area cluster takes its
 * `sector_ids` or, when it lists none, the sectors its outline covers; a location container's points are
 * not read (its members are the locations whose `container_id` names it).
 */
export function groupValues(
  layer: GeoGroupLayer,
  feature: Feature,
  context: Awaited<ReturnType<typeof groupContext>>,
): { values: Values } | { error: string } {
  const { id: _id, location_ids: _members, ...properties } = feature.properties;
  const values: Values = { ...properties };
  if (layer === 'location_containers') return { values };
  const listed = Array.isArray(values.sector_ids) && values.sector_ids.length > 0;
  if (listed) return { values };
  const outline = parsePolygon(feature.geometry);
  if ('error' in outline) return { error: outline.error };
  const covered = sectorsCoveredBy(outline.geometry, context.sectors);
  if (covered.length === 0) return { error: GEO_MSG.coversNoSector };
  return { values: { ...values, sector_ids: covered.map((s) => s.id) } };
}
