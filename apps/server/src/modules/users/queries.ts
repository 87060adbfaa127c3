import { type AiStatus, type RoleRef, type StaffSubject, type UserKind, userKindOf } from '@taxi/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { permissions, rolePermissions, roles, userRoles, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
/** A user as read for a signed-in request: every column but the password hash. */
export type UserProfile = Omit<UserRow, 'passwordHash'>;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The user's roles in order (the first counts). */
export async function rolesOfUser(db: DbOrTx, userId: number): Promise<RoleRef[]> {
  return db
    .select({ id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(userRoles.position), asc(roles.id));
}

/** Permissions come from the user's first role (shell.md §6: the first role counts). */
export async function permissionsOfRole(db: DbOrTx, roleId: number | undefined): Promise<string[]> {
  if (roleId === undefined) return [];
  const rows = await db
    .select({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, [roleId]))
    .orderBy(asc(permissions.id));
  return rows.map((r) => r.name);
}

export function aiStatusOf(user: UserProfile): AiStatus {
  return {
    snoozed_at: user.snoozedAt ? user.snoozedAt.toISOString() : null,
    snooze_interval: user.snoozeInterval,
    dispatch_interval: user.dispatchInterval,
    ai_stopped: user.aiStopped,
  };
}

/** What the staff policy weighs of an account: its kind, its roles in order, every permission they grant. */
export interface AccountFacts {
  kind: UserKind;
  roles: RoleRef[];
  permissions: string[];
}

/**
 * The facts of these accounts (three statements whatever their number): the kind from the account's partner
 * or airport agency and its roles, the roles in order (the first counts), and every permission of every role
 * (a later reorder must not escalate). Unknown ids are absent from the map.
 */
export async function accountFacts(db: DbOrTx, ids: readonly number[]): Promise<Map<number, AccountFacts>> {
  const out = new Map<number, AccountFacts>();
  const unique = [...new Set(ids)];
  if (!unique.length) return out;
  const accounts = await db
    .select({ id: users.id, partnerId: users.partnerId, airportAgencyId: users.airportAgencyId })
    .from(users)
    .where(inArray(users.id, unique));
  if (!accounts.length) return out;
  const held = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, unique))
    .orderBy(asc(userRoles.position), asc(roles.id));
  const roleIds = [...new Set(held.map((h) => h.id))];
  const grants = roleIds.length
    ? await db
        .select({ roleId: rolePermissions.roleId, name: permissions.name })
        .from(rolePermissions)
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(inArray(rolePermissions.roleId, roleIds))
        .orderBy(asc(permissions.id))
    : [];
  for (const account of accounts) {
    const mine = held.filter((h) => h.userId === account.id).map(({ id, name }) => ({ id, name }));
    const ids = mine.map((r) => r.id);
    out.set(account.id, {
      kind: userKindOf({ roleIds: ids, partnerId: account.partnerId, airportAgencyId: account.airportAgencyId }),
      roles: mine,
      permissions: [...new Set(grants.filter((g) => ids.includes(g.roleId)).map((g) => g.name))],
    });
  }
  return out;
}

/** An account as the staff policy sees it (its kind, its roles in order, every permission they grant). */
export async function staffSubjectOf(db: DbOrTx, userId: number): Promise<StaffSubject | null> {
  const facts = (await accountFacts(db, [userId])).get(userId);
  if (!facts) return null;
  return { id: userId, kind: facts.kind, roleIds: facts.roles.map((r) => r.id), permissions: facts.permissions };
}
