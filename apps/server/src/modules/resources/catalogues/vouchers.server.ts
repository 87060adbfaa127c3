import { count, inArray } from 'drizzle-orm';
import { voucherUses } from '../../../db/schema';
import { checkServiceIds } from '../../fleet/service-ids';
import type { ServerHooks } from '../service';

/** Vouchers: known services only; each row shows how many bookings hold it. */
const hooks: ServerHooks = {
  async present(rows, db) {
    const ids = rows.map((r) => r.id);
    const used = ids.length
      ? await db
          .select({ id: voucherUses.voucherId, n: count() })
          .from(voucherUses)
          .where(inArray(voucherUses.voucherId, ids))
          .groupBy(voucherUses.voucherId)
      : [];
    const usesOf = new Map(used.map((u) => [u.id, u.n]));
    return rows.map((row) => ({ ...row, uses: usesOf.get(row.id) ?? 0 }));
  },
  async beforeSave(input, { tx }) {
    const serviceIds = await checkServiceIds(tx, input.service_ids, 'service_ids');
    return serviceIds === undefined ? input : { ...input, service_ids: serviceIds };
  },
};

export default hooks;
