import { PARTNER_MSG, PARTNER_ROLES, type PartnerKind } from '@taxi/shared';
import { and, count, eq, inArray } from 'drizzle-orm';
import { partners, userRoles, users } from '../../db/schema';
import { validationError } from '../../http/errors';
import { hashPassword } from '../../lib/password';
import { endSessions, endSessionsOnStaffChange } from '../auth/sessions';
import { checkServiceIds, serviceLabel, serviceNames } from '../fleet/service-ids';
import type { ServerHooks } from '../resources/service';
import { checkAccountChange } from '../users/changes';
import { accountFacts } from '../users/queries';

/** Hotels, restaurants, companies: known services only; each row shows its services and staff count. */
export const partnerHooks: ServerHooks = {
  async present(rows, db) {
    const ids = rows.map((r) => r.id);
    const staff = ids.length
      ? await db
          .select({ id: users.partnerId, n: count() })
          .from(users)
          .where(inArray(users.partnerId, ids))
          .groupBy(users.partnerId)
      : [];
    const staffOf = new Map(staff.map((s) => [s.id, s.n]));
    const names = await serviceNames(db);
    return rows.map((row) => ({
      ...row,
      service_ids_label: serviceLabel(row.service_ids, names),
      users_count: staffOf.get(row.id) ?? 0,
    }));
  },
  async beforeSave(input, { tx }) {
    const serviceIds = await checkServiceIds(tx, input.service_ids, 'service_ids');
    return serviceIds === undefined ? input : { ...input, service_ids: serviceIds };
  },
};

/**
 * A partner's staff accounts: the partner must be of the page's kind; the password is hashed; the account
 * holds the partner role of that kind (and nothing else). Every write passes the staff policy's one rule
 * (users/changes.ts): a partner's desk needs ACCOMMODATION, and no account whose roles grant more than the
 * actor holds.
 */
export function partnerUserHooks(kind: PartnerKind): ServerHooks {
  return {
    async present(rows, db) {
      const ids = [...new Set(rows.map((r) => Number(r.partner_id)).filter(Boolean))];
      const named = ids.length
        ? await db.select({ id: partners.id, name: partners.name }).from(partners).where(inArray(partners.id, ids))
        : [];
      const nameOf = new Map(named.map((p) => [p.id, p.name]));
      const facts = await accountFacts(
        db,
        rows.map((r) => r.id),
      );
      return rows.map(({ password_hash: _hash, ...row }) => ({
        ...row,
        id: row.id,
        partner_id_label: nameOf.get(Number(row.partner_id)) ?? '',
        // What the staff policy weighs (the web hides Edit on an account one may not change).
        roles: facts.get(row.id)?.roles.map((r) => r.id) ?? [],
        permission_names: facts.get(row.id)?.permissions ?? [],
      }));
    },
    async beforeSave(input, { tx, now, mode, id, actor }) {
      const { password, ...rest } = input;
      await checkAccountChange(
        tx,
        actor,
        mode === 'update' ? { userId: id ?? null } : { userId: null, roleIds: [PARTNER_ROLES[kind].id] },
      );
      if (rest.partner_id !== undefined) {
        const [partner] = await tx
          .select({ id: partners.id })
          .from(partners)
          .where(and(eq(partners.id, Number(rest.partner_id)), eq(partners.kind, kind)));
        if (!partner) throw validationError('partner_id', PARTNER_MSG.notThisKind);
      }
      const values: Record<string, unknown> = { ...rest, updated_at: now };
      if (typeof password === 'string' && password) values.password_hash = await hashPassword(password);
      return values;
    },
    async afterSave(input, { tx, id, mode }) {
      await endSessionsOnStaffChange({ mode, id, input, tx });
      if (mode === 'create') {
        await tx.insert(userRoles).values({ userId: id, roleId: PARTNER_ROLES[kind].id, position: 0 });
      }
    },
    async beforeDelete(id, tx, actor) {
      await checkAccountChange(tx, actor, { userId: id });
      // Tokens would go with the row (cascade); revoking them first also disconnects the account's sockets.
      await endSessions(tx, id, { allBut: null });
    },
  };
}
