import { eq } from 'drizzle-orm';
import { restrictedAreas } from '../../../db/schema';
import { checkServiceIds, serviceLabel, serviceNames } from '../../fleet/service-ids';
import { checkWindow, parseOutline, presentOutlines, refreshLayers } from '../../geo/catalogue-hooks';
import type { ServerHooks, Values } from '../service';

/** Restricted areas: a valid outline, known services, a whole daily window or none; every node reloads. */
const hooks: ServerHooks = {
  async present(rows, db) {
    const names = await serviceNames(db);
    return presentOutlines(rows).map((r) => ({
      ...r,
      allowed_services_label: serviceLabel(r.allowed_service_ids, names),
    }));
  },
  async beforeSave(input, { tx, mode, id }) {
    const out: Values = parseOutline(input);
    const ids = await checkServiceIds(tx, input.allowed_service_ids, 'allowed_service_ids');
    if (ids) out.allowed_service_ids = ids;
    const [stored] =
      mode === 'update' && id !== undefined
        ? await tx
            .select({ from: restrictedAreas.allowedFrom, to: restrictedAreas.allowedTo })
            .from(restrictedAreas)
            .where(eq(restrictedAreas.id, id))
        : [];
    const pick = (v: unknown, kept: unknown) => (v === undefined ? kept : v);
    checkWindow(pick(out.allowed_from, stored?.from ?? null), pick(out.allowed_to, stored?.to ?? null));
    return out;
  },
  afterWrite: refreshLayers,
};

export default hooks;
