import { GEO_MSG } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { blacklistLocations } from '../../../db/schema';
import { validationError } from '../../../http/errors';
import { parseOutline, presentOutlines, refreshLayers } from '../../geo/catalogue-hooks';
import type { ServerHooks, Values } from '../service';

/** Blacklist locations: a point with a radius, or a valid outline (one of the two); every node reloads. */
const hooks: ServerHooks = {
  present: async (rows) => presentOutlines(rows),
  async beforeSave(input, { tx, mode, id }) {
    const out: Values = parseOutline(input);
    const [stored] =
      mode === 'update' && id !== undefined
        ? await tx.select().from(blacklistLocations).where(eq(blacklistLocations.id, id))
        : [];
    const pick = (v: unknown, kept: unknown) => (v === undefined ? (kept ?? null) : v);
    const lat = pick(out.lat, stored?.lat);
    const lon = pick(out.lon, stored?.lon);
    const radius = pick(out.radius_m, stored?.radiusM);
    const geometry = pick(out.geometry, stored?.geometry);
    const point = lat !== null && lon !== null && radius !== null;
    if (!point && !geometry) {
      const field = lat === null ? 'lat' : lon === null ? 'lon' : 'radius_m';
      throw validationError(field, GEO_MSG.pointOrArea);
    }
    return out;
  },
  afterWrite: refreshLayers,
};

export default hooks;
