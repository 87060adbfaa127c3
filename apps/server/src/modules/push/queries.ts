import type { Actor, PushSubscriptionBody } from '@taxi/shared';
import type { Language } from '@taxi/shared/i18n';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { permissions, pushSubscriptions, rolePermissions, roles, userRoles, users } from '../../db/schema';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Stores a browser's subscription for the user, by endpoint: a known endpoint takes the new keys and
 * owner (the browser now belongs to whoever signed in on it last) and starts counting failures afresh.
 */
export async function upsertSubscription(
  db: DbOrTx,
  userId: number,
  subscription: PushSubscriptionBody,
  userAgent: string | null,
): Promise<void> {
  const values = {
    userId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    userAgent,
  };
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: values.p256dh, auth: values.auth, userAgent, failures: 0 },
    });
}

/** Deletes the user's own subscription with that endpoint; false when the user has none such. */
export async function deleteOwnSubscription(db: DbOrTx, userId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export function subscriptionsOfUser(db: DbOrTx, userId: number): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(pushSubscriptions.id);
}

export async function markSent(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSuccessAt: now, failures: 0 }).where(eq(pushSubscriptions.id, id));
}

export async function markFailed(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ failures: sql`${pushSubscriptions.failures} + 1` })
    .where(eq(pushSubscriptions.id, id));
}

export async function removeSubscription(db: DbOrTx, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export interface PushRecipient {
  actor: Actor;
  /** The language the user chose in the console (users.preferences), if any. */
  language: Language | undefined;
}

/**
 * The active users holding at least one subscription (`userId` given: that user only), each as the
 * policies see them (roles in order, the first role's permissions): three statements whatever their number.
 */
export async function subscribedRecipients(db: DbOrTx, userId: number | null): Promise<PushRecipient[]> {
  const holders = await db
    .selectDistinct({ id: users.id, preferences: users.preferences })
    .from(users)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, users.id))
    .where(userId === null ? eq(users.active, true) : and(eq(users.active, true), eq(users.id, userId)))
    .orderBy(users.id);
  if (holders.length === 0) return [];
  const roleRows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      inArray(
        userRoles.userId,
        holders.map((h) => h.id),
      ),
    )
    .orderBy(asc(userRoles.userId), asc(userRoles.position), asc(roles.id));
  const rolesOf = new Map<number, { id: number; name: string }[]>();
  for (const { userId: owner, id, name } of roleRows) {
    const list = rolesOf.get(owner) ?? [];
    list.push({ id, name });
    rolesOf.set(owner, list);
  }
  // Permissions come from the first role (shell.md §6).
  const firstRoles = [...new Set([...rolesOf.values()].map((list) => list[0].id))];
  const permissionRows = firstRoles.length
    ? await db
        .select({ roleId: rolePermissions.roleId, name: permissions.name })
        .from(rolePermissions)
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(inArray(rolePermissions.roleId, firstRoles))
        .orderBy(asc(permissions.id))
    : [];
  const permissionsOf = new Map<number, string[]>();
  for (const { roleId, name } of permissionRows) {
    const list = permissionsOf.get(roleId) ?? [];
    list.push(name);
    permissionsOf.set(roleId, list);
  }
  return holders.map((holder) => {
    const held = rolesOf.get(holder.id) ?? [];
    return {
      actor: { id: holder.id, roles: held, permissions: held[0] ? (permissionsOf.get(held[0].id) ?? []) : [] },
      language: holder.preferences.language,
    };
  });
}
