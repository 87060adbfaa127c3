import { RESOURCE_MSG } from '@taxi/shared';
import { count, eq, inArray } from 'drizzle-orm';
import { vouchers, voucherUses } from '../../../db/schema';
import { validationError } from '../../../http/errors';
import { checkServiceIds, serviceLabel, serviceNames } from '../../fleet/service-ids';
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
    const names = await serviceNames(db);
    return rows.map((row) => ({
      ...row,
      uses: usesOf.get(row.id) ?? 0,
      service_ids_label: serviceLabel(row.service_ids, names),
    }));
  },
  async beforeSave(input, { tx, mode, id }) {
    // A percentage is at most 100 (a fixed amount is in cents); an edit of one is checked against the other.
    let kind = input.discount_kind;
    let amount = input.amount;
    if (mode === 'update' && id !== undefined && (kind === undefined || amount === undefined)) {
      const [row] = await tx
        .select({ kind: vouchers.discountKind, amount: vouchers.amount })
        .from(vouchers)
        .where(eq(vouchers.id, id));
      kind ??= row?.kind;
      amount ??= row?.amount;
    }
    if ((kind ?? 'percent') === 'percent' && Number(amount) > 100)
      throw validationError('amount', RESOURCE_MSG.atMost(100));
    const serviceIds = await checkServiceIds(tx, input.service_ids, 'service_ids');
    return serviceIds === undefined ? input : { ...input, service_ids: serviceIds };
  },
};

export default hooks;
