import type { AiStatus, RoleRef, StaffSubject } from '@taxi/shared';
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

/** A staff member as the staff policy sees them (roles in order, the first role's permissions). */
export async function staffSubjectOf(db: DbOrTx, userId: number): Promise<StaffSubject | null> {
  const user = await findUserById(db, userId);
  if (!user) return null;
  const roles = await rolesOfUser(db, userId);
  return { id: userId, roleIds: roles.map((r) => r.id), permissions: await permissionsOfRole(db, roles[0]?.id) };
}
