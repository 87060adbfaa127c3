import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accessTokens, devOutbox, loginCodes } from '../../db/schema';

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

export async function revokeAccessToken(db: DbOrTx, id: number) {
  await db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(accessTokens.id, id), isNull(accessTokens.revokedAt)));
}

export async function addToOutbox(db: DbOrTx, mail: { to: string; subject: string; text: string; code?: string }) {
  await db.insert(devOutbox).values(mail);
}

export async function listOutbox(db: DbOrTx, limit = 50) {
  return db.select().from(devOutbox).orderBy(desc(devOutbox.createdAt), desc(devOutbox.id)).limit(limit);
}
