import { AIRPORT_ROLE_IDS, RESOURCE_MSG } from '@taxi/shared';
import { and, eq, inArray, isNotNull, notInArray, type SQL, sql } from 'drizzle-orm';
import { airportAgencies, userRoles, users } from '../../../db/schema';
import { validationError } from '../../../http/errors';
import { hashPassword } from '../../../lib/password';
import { endSessions, endSessionsOnStaffChange } from '../../auth/sessions';
import { checkAccountChange } from '../../users/changes';
import { accountFacts } from '../../users/queries';
import type { ServerHooks } from '../service';

const AIRPORT_ROLES = [...AIRPORT_ROLE_IDS];

/**
 * The airport desks' sign-ins: users of an agency holding role 11 or 12 and no other role (any other user is
 * out of reach here: 404). The password is hashed; the chosen role is the account's one role. Every write
 * passes the staff policy's one rule (users/changes.ts): an airport desk needs ACCOMMODATION, and no account
 * or role granting more than the actor holds.
 */
const hooks: ServerHooks = {
  subset: () =>
    and(
      isNotNull(users.airportAgencyId),
      sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id})`,
      sql`not exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${notInArray(userRoles.roleId, AIRPORT_ROLES)})`,
    ) as SQL,
  async present(rows, db) {
    const ids = rows.map((r) => r.id);
    if (!ids.length) return rows;
    const facts = await accountFacts(db, ids);
    const agencyIds = [...new Set(rows.map((r) => Number(r.airport_agency_id)))];
    const agencies = await db
      .select({ id: airportAgencies.id, name: airportAgencies.name })
      .from(airportAgencies)
      .where(inArray(airportAgencies.id, agencyIds));
    const nameOf = new Map(agencies.map((a) => [a.id, a.name]));
    return rows.map((row) => ({
      ...row,
      role_id: facts.get(row.id)?.roles[0]?.id ?? AIRPORT_ROLES[0],
      airport_agency_id_label: nameOf.get(Number(row.airport_agency_id)) ?? '',
      // What the staff policy weighs (the web hides Edit on an account one may not change).
      roles: facts.get(row.id)?.roles.map((r) => r.id) ?? [],
      permission_names: facts.get(row.id)?.permissions ?? [],
    }));
  },
  async beforeSave(input, { tx, mode, id, actor, now }) {
    const { password, role_id: roleId, ...rest } = input;
    await checkAccountChange(tx, actor, {
      userId: mode === 'update' ? (id ?? null) : null,
      roleIds: roleId === undefined ? undefined : [Number(roleId)],
      rolesField: 'role_id',
    });
    if (rest.airport_agency_id !== undefined) {
      const [agency] = await tx
        .select({ id: airportAgencies.id })
        .from(airportAgencies)
        .where(eq(airportAgencies.id, Number(rest.airport_agency_id)));
      if (!agency) throw validationError('airport_agency_id', RESOURCE_MSG.invalidReference);
    }
    const values: Record<string, unknown> = { ...rest, updated_at: now };
    if (typeof password === 'string' && password) values.password_hash = await hashPassword(password);
    return values;
  },
  async afterSave(input, { tx, id, mode }) {
    const roleId = input.role_id === undefined ? undefined : Number(input.role_id);
    // A new password, a deactivation or another role end the account's sessions (before the role changes).
    await endSessionsOnStaffChange({
      mode,
      id,
      tx,
      input: { ...input, roles: roleId === undefined ? undefined : [roleId] },
    });
    if (roleId === undefined) return;
    await tx.delete(userRoles).where(eq(userRoles.userId, id));
    await tx.insert(userRoles).values({ userId: id, roleId, position: 0 });
  },
  async beforeDelete(id, tx, actor) {
    await checkAccountChange(tx, actor, { userId: id });
    // Tokens would go with the row (cascade); revoking them first is what the staff table does too.
    await endSessions(tx, id, { allBut: null });
  },
};

export default hooks;
