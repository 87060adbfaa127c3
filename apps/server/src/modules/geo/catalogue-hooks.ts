import { GEO_MSG, minutesOfDay, type ResourceRow } from '@taxi/shared';
import { centroid, type PolygonGeometry } from '@taxi/shared/geo';
import { overlaps, parsePolygon } from '@taxi/shared/geo-validate';
import { ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { sectors } from '../../db/schema';
import { validationError } from '../../http/errors';
import type { Values } from '../resources/service';

/** The outline field of a layer's input, checked and parsed (422 on `field`); absent stays absent. */
export function parseOutline(input: Values, field = 'geometry'): Values {
  const value = input[field];
  if (value === undefined || value === null) return input;
  const parsed = parsePolygon(value);
  if ('error' in parsed) throw validationError(field, parsed.error);
  return { ...input, [field]: parsed.geometry };
}

/** Outlines are served as GeoJSON text in the catalogues (GeoJSON objects in geo/layers). */
export function presentOutlines(rows: ResourceRow[], field = 'geometry'): ResourceRow[] {
  return rows.map((r) => (r[field] && typeof r[field] === 'object' ? { ...r, [field]: JSON.stringify(r[field]) } : r));
}

/** A sector's outline: its centroid, and no overlap with another sector (422 naming it). */
export async function sectorColumns(tx: DbOrTx, input: Values, id?: number): Promise<Values> {
  const out = parseOutline(input);
  const geometry = out.geometry as PolygonGeometry | undefined;
  if (!geometry) return out;
  const others = await tx
    .select({ name: sectors.name, geometry: sectors.geometry })
    .from(sectors)
    .where(id === undefined ? undefined : ne(sectors.id, id));
  const clash = others.find((o) => overlaps(geometry, o.geometry));
  if (clash) throw validationError('geometry', GEO_MSG.overlaps(clash.name));
  const [lon, lat] = centroid(geometry);
  return { ...out, centroid_lon: lon, centroid_lat: lat };
}

/** A daily window's ends: "HH:mm" each, both or neither (after merging with the stored row on an edit). */
export function checkWindow(from: unknown, to: unknown): void {
  for (const [field, v] of [
    ['allowed_from', from],
    ['allowed_to', to],
  ] as const)
    if (typeof v === 'string' && minutesOfDay(v) === null) throw validationError(field, GEO_MSG.timeFormat);
  if (!!from !== !!to) throw validationError(from ? 'allowed_to' : 'allowed_from', GEO_MSG.bothTimes);
}

/** After a committed write to a layer the server indexes: rebuild on every node. */
export const refreshLayers = async (_event: unknown, app: FastifyInstance) => {
  await app.geo.changed();
};
