import type { RoleRef } from '@taxi/shared';
import { and, desc, eq, getTableColumns, gt, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  accessTokens,
  devOutbox,
  loginCodes,
  permissions,
  rolePermissions,
  roles,
  userRoles,
  users,
} from '../../db/schema';
import type { UserProfile } from '../users/queries';

export type LoginCodeRow = typeof loginCodes.$inferSelect;

/** One live code per user: a new send replaces the old one. */
export async function replaceLoginCode(db: DbOrTx, userId: number, codeHash: string, expiresAt: Date) {
  await db
    .insert(loginCodes)
    .values({ userId, codeHash, expiresAt })
    .onConflictDoUpdate({
      target: loginCodes.userId,
      set: { codeHash, expiresAt, attempts: 0, consumed: false, createdAt: new Date() },
    });
}

export async function findLoginCode(db: DbOrTx, userId: number): Promise<LoginCodeRow | undefined> {
  const [row] = await db.select().from(loginCodes).where(eq(loginCodes.userId, userId)).limit(1);
  return row;
}

export async function countWrongCode(db: DbOrTx, id: number, attempts: number) {
  await db.update(loginCodes).set({ attempts }).where(eq(loginCodes.id, id));
}

/** Marks the code used; false when another request consumed it first. */
export async function consumeLoginCode(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(loginCodes)
    .set({ consumed: true })
    .where(and(eq(loginCodes.id, id), eq(loginCodes.consumed, false)))
    .returning({ id: loginCodes.id });
  return rows.length === 1;
}

export async function insertAccessToken(
  db: DbOrTx,
  values: { tokenHash: string; userId: number; expiresAt: Date; rememberMe: boolean },
) {
  await db.insert(accessTokens).values(values);
}

/** Which live tokens of one user to revoke: one session, every session, or every one but the caller's. */
export type TokenSelection = { only: number } | { allBut: number | null };

/**
 * Revokes the user's live (unrevoked) tokens the selection names; returns the ids it revoked. The one
 * write behind logout, logout-all, an admin ending sessions and a password, activity or role change.
 */
export async function revokeAccessTokens(db: DbOrTx, userId: number, which: TokenSelection): Promise<number[]> {
  const where: (SQL | undefined)[] = [eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)];
  if ('only' in which) where.push(eq(accessTokens.id, which.only));
  else if (which.allBut !== null) where.push(ne(accessTokens.id, which.allBut));
  const rows = await db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(and(...where))
    .returning({ id: accessTokens.id });
  return rows.map((r) => r.id);
}

/** Of these token ids, the ones still usable (present and not revoked): a rolled-back revocation. */
export async function liveTokenIds(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: accessTokens.id })
    .from(accessTokens)
    .where(and(inArray(accessTokens.id, [...ids]), isNull(accessTokens.revokedAt)));
  return new Set(rows.map((r) => r.id));
}

/** A token with its user, the user's roles in order and the first role's permissions (shell.md §6). */
export interface TokenSession {
  tokenId: number;
  expiresAt: Date;
  revokedAt: Date | null;
  user: UserProfile;
  roles: RoleRef[];
  permissions: string[];
}

const rolesOfTheUser = sql<RoleRef[]>`coalesce((
  select json_agg(json_build_object('id', ${roles.id}, 'name', ${roles.name}) order by ${userRoles.position}, ${roles.id})
  from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
  where ${userRoles.userId} = ${users.id}), '[]'::json)`;

const firstRoleId = sql`(
  select ${userRoles.roleId} from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
  where ${userRoles.userId} = ${users.id} order by ${userRoles.position}, ${roles.id} limit 1)`;

const permissionsOfTheFirstRole = sql<string[]>`coalesce((
  select json_agg(${permissions.name} order by ${permissions.id})
  from ${rolePermissions} join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId}
  where ${rolePermissions.roleId} = ${firstRoleId}), '[]'::json)`;

// The password hash stays in the database.
const { passwordHash: _passwordHash, ...profile } = getTableColumns(users);

function tokenSessionSelect(db: DbOrTx) {
  return db
    .select({
      tokenId: accessTokens.id,
      expiresAt: accessTokens.expiresAt,
      revokedAt: accessTokens.revokedAt,
      user: profile,
      roles: rolesOfTheUser,
      permissions: permissionsOfTheFirstRole,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId));
}

function tokenSessionQuery(db: DbOrTx) {
  return tokenSessionSelect(db)
    .where(eq(accessTokens.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('token_session');
}

// Built once per database: the statement is the same on every request.
const prepared = new WeakMap<DbOrTx, ReturnType<typeof tokenSessionQuery>>();

/** The same by the token's id: a socket's session, read again when its rights may have changed. */
export async function findTokenSessionById(db: DbOrTx, tokenId: number): Promise<TokenSession | undefined> {
  const [row] = await tokenSessionSelect(db).where(eq(accessTokens.id, tokenId)).limit(1);
  return row;
}

/** Everything authentication needs about a token, in one statement. */
export async function findTokenSession(db: DbOrTx, tokenHash: string): Promise<TokenSession | undefined> {
  let query = prepared.get(db);
  if (!query) {
    query = tokenSessionQuery(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ tokenHash });
  return row;
}

export async function findAccessToken(db: DbOrTx, id: number) {
  const [row] = await db.select().from(accessTokens).where(eq(accessTokens.id, id)).limit(1);
  return row;
}

/** The token, when it and its user exist and the user is active. */
export async function findAccessTokenOfActiveUser(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ revokedAt: accessTokens.revokedAt, expiresAt: accessTokens.expiresAt })
    .from(accessTokens)
    .innerJoin(users, and(eq(users.id, accessTokens.userId), eq(users.active, true)))
    .where(eq(accessTokens.id, id))
    .limit(1);
  return row;
}

export async function addToOutbox(db: DbOrTx, mail: { to: string; subject: string; text: string; code?: string }) {
  await db.insert(devOutbox).values(mail);
}

export async function listOutbox(db: DbOrTx, limit = 50) {
  return db.select().from(devOutbox).orderBy(desc(devOutbox.createdAt), desc(devOutbox.id)).limit(limit);
}

/**
 * The user's online flag: signing in puts an operator online (at the console, taking popups and later
 * calls); the last session ending takes them offline. The profile menu's switch sets it by hand.
 */
export async function markOnline(db: DbOrTx, userId: number, online: boolean, at: Date): Promise<void> {
  await db.update(users).set({ online, updatedAt: at }).where(eq(users.id, userId));
}

/** Does the user still hold a session (a token neither revoked nor expired)? */
export async function hasLiveSession(db: DbOrTx, userId: number, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: accessTokens.id })
    .from(accessTokens)
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, now)))
    .limit(1);
  return rows.length > 0;
}
