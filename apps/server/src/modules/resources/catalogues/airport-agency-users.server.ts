import { type Actor, AIRPORT_ROLE_IDS, airportPolicy, RESOURCE_MSG } from '@taxi/shared';
import { and, asc, eq, inArray, isNotNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { airportAgencies, userRoles, users } from '../../../db/schema';
import { HttpError, validationError } from '../../../http/errors';
import { hashPassword } from '../../../lib/password';
import { endSessions, endSessionsOnStaffChange } from '../../auth/sessions';
import { permissionsOfRoles } from '../role-permissions';
import type { ServerHooks } from '../service';

const AIRPORT_ROLES = [...AIRPORT_ROLE_IDS];

/** The roles a user holds, first one first. */
async function rolesOf(tx: Tx, userId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: userRoles.roleId })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(userRoles.position), asc(userRoles.roleId));
  return rows.map((r) => r.id);
}

/** 403 unless the actor may manage an account holding these roles (none granting more than the actor holds). */
async function checkAccount(tx: Tx, actor: Actor, roleIds: readonly number[]): Promise<void> {
  const permissions = await permissionsOfRoles(tx, roleIds);
  if (!airportPolicy.manageDeskAccount.allows(actor, { permissions })) {
    throw new HttpError(403, RESOURCE_MSG.cannotEditUser);
  }
}

/**
 * The airport desks' sign-ins: users of an agency holding role 11 or 12 and no other role (any other user is
 * out of reach here: 404). The password is hashed; the chosen role is the account's one role.
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
    const held = await db
      .select({ userId: userRoles.userId, roleId: userRoles.roleId })
      .from(userRoles)
      .where(inArray(userRoles.userId, ids))
      .orderBy(asc(userRoles.position), asc(userRoles.roleId));
    const agencyIds = [...new Set(rows.map((r) => Number(r.airport_agency_id)))];
    const agencies = await db
      .select({ id: airportAgencies.id, name: airportAgencies.name })
      .from(airportAgencies)
      .where(inArray(airportAgencies.id, agencyIds));
    const nameOf = new Map(agencies.map((a) => [a.id, a.name]));
    return rows.map((row) => ({
      ...row,
      role_id: held.find((h) => h.userId === row.id)?.roleId ?? AIRPORT_ROLES[0],
      airport_agency_id_label: nameOf.get(Number(row.airport_agency_id)) ?? '',
    }));
  },
  async beforeSave(input, { tx, mode, id, actor, now }) {
    const { password, role_id: roleId, ...rest } = input;
    if (mode === 'update' && id !== undefined) await checkAccount(tx, actor, await rolesOf(tx, id));
    if (roleId !== undefined) {
      const permissions = await permissionsOfRoles(tx, [Number(roleId)]);
      if (!airportPolicy.manageDeskAccount.allows(actor, { permissions }))
        throw validationError('role_id', RESOURCE_MSG.cannotGrant);
    }
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
    await checkAccount(tx, actor, await rolesOf(tx, id));
    // Tokens would go with the row (cascade); revoking them first is what the staff table does too.
    await endSessions(tx, id, { allBut: null });
  },
};

export default hooks;
