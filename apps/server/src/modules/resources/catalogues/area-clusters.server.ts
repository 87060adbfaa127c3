import { RESOURCE_MSG } from '@taxi/shared';
import { inArray } from 'drizzle-orm';
import { sectors } from '../../../db/schema';
import { validationError } from '../../../http/errors';
import { refreshLayers } from '../../geo/catalogue-hooks';
import type { ServerHooks } from '../service';

/** Area clusters: known sectors only, their names listed; every node reloads (lookups show clusters). */
const hooks: ServerHooks = {
  async present(rows, db) {
    const names = new Map(
      (await db.select({ id: sectors.id, name: sectors.name }).from(sectors)).map((s) => [s.id, s.name]),
    );
    return rows.map((r) => ({
      ...r,
      sectors_label: (Array.isArray(r.sector_ids) ? (r.sector_ids as number[]) : [])
        .map((id) => names.get(id) ?? `#${id}`)
        .join(', '),
    }));
  },
  async beforeSave(input, { tx }) {
    if (!Array.isArray(input.sector_ids)) return input;
    const ids = [...new Set((input.sector_ids as unknown[]).map(Number))].sort((a, b) => a - b);
    const known = ids.length ? await tx.select({ id: sectors.id }).from(sectors).where(inArray(sectors.id, ids)) : [];
    if (known.length !== ids.length) throw validationError('sector_ids', RESOURCE_MSG.invalidReference);
    return { ...input, sector_ids: ids };
  },
  afterWrite: refreshLayers,
};

export default hooks;
