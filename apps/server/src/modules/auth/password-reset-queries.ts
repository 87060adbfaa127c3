import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordResets, users } from '../../db/schema';

/** A new link replaces the user's unused ones: they are deleted, then the new one is stored. */
export async function replaceResetToken(db: DbOrTx, userId: number, tokenHash: string, expiresAt: Date) {
  await db.transaction(async (tx) => {
    await tx.delete(passwordResets).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({ userId, tokenHash, expiresAt });
  });
}

/**
 * Uses the token, once: marks it used when it exists, is unused and has not expired, in one statement
 * (two requests racing with one token cannot both win). The user it belongs to, or undefined.
 */
export async function consumeResetToken(db: DbOrTx, tokenHash: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)),
    )
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}

/** The user's other unused links stop working once the password was changed with one. */
export async function retireResetTokens(db: DbOrTx, userId: number, now: Date) {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** Sets the password hash of an active user; false when the user is gone or disabled. */
export async function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.active, true)))
    .returning({ id: users.id });
  return rows.length === 1;
}
