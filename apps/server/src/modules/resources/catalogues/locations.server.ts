import { inArray } from 'drizzle-orm';
import { locationContainers } from '../../../db/schema';
import { refreshLayers } from '../../geo/catalogue-hooks';
import type { ServerHooks } from '../service';

const given = (v: unknown): v is number => typeof v === 'number';

/** Locations: the container's name beside its id; every node reloads them (the place pickers offer them). */
const hooks: ServerHooks = {
  afterWrite: refreshLayers,
  async present(rows, db) {
    const ids = [...new Set(rows.map((r) => r.container_id).filter(given))];
    const names = new Map(
      ids.length
        ? (
            await db
              .select({ id: locationContainers.id, name: locationContainers.name })
              .from(locationContainers)
              .where(inArray(locationContainers.id, ids))
          ).map((c) => [c.id, c.name])
        : [],
    );
    return rows.map((r) => ({
      ...r,
      container_name: given(r.container_id) ? (names.get(r.container_id) ?? null) : null,
    }));
  },
};

export default hooks;
