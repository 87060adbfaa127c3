import { MSG } from '@taxi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { validationError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/crypto';
import type { Mailer } from '../../lib/mailer';
import { hashPassword } from '../../lib/password';
import { findUserByEmail } from '../users/queries';
import { consumeResetToken, replaceResetToken, retireResetTokens, setPasswordHash } from './password-reset-queries';
import { addToOutbox, markOnline } from './queries';
import { endSessions } from './sessions';

/** How long an e-mailed reset link works. */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;

export interface PasswordResetDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  clock: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    passwordResets: PasswordResetService;
  }
}

/**
 * Password reset by e-mail: a single-use link that expires (RESET_TOKEN_TTL_MS). The token (32 random
 * bytes) is e-mailed and stored only as its SHA-256 hash. Asking answers the same, in the same time,
 * whether the address belongs to an account or not: the token is made and hashed either way, and the
 * mail goes out after the answer.
 */
export class PasswordResetService {
  /** Deliveries still on their way (tests and shutdown can wait for them). */
  private readonly deliveries = new Set<Promise<void>>();

  constructor(private readonly deps: PasswordResetDeps) {}

  /** The reset link of a token: PUBLIC_URL/reset-password?token=… */
  link(token: string): string {
    return `${this.deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  }

  async request(email: string): Promise<void> {
    const { db, clock } = this.deps;
    const token = randomToken();
    const tokenHash = sha256(token);
    const user = await findUserByEmail(db, email);
    if (!user?.active) return;
    await replaceResetToken(db, user.id, tokenHash, new Date(clock.now() + RESET_TOKEN_TTL_MS));
    this.deliver({
      to: user.email,
      subject: MSG.resetEmailSubject,
      text: MSG.resetEmailText(this.link(token), RESET_TOKEN_TTL_MS / 60_000),
    });
  }

  /** Sends the mail (and keeps it in the development outbox) without holding the answer back. */
  private deliver(mail: { to: string; subject: string; text: string }): void {
    const { db, config, mailer, log } = this.deps;
    const delivery = (async () => {
      if (config.isDevelopment) await addToOutbox(db, mail);
      await mailer.send(mail);
    })()
      .catch((error: unknown) => log.error({ err: error, to: mail.to }, 'sending the password-reset e-mail failed'))
      .finally(() => this.deliveries.delete(delivery));
    this.deliveries.add(delivery);
  }

  /** Resolves once every mail asked for so far is sent (or failed). */
  async idle(): Promise<void> {
    while (this.deliveries.size > 0) await Promise.all([...this.deliveries]);
  }

  /**
   * Sets the new password with a token: the token is used up, the password hashed like every other one,
   * and every session of the user ends. A token that is unknown, used or expired is a 422 on `token`.
   */
  async reset(token: string, password: string): Promise<void> {
    const { db, clock } = this.deps;
    const passwordHash = await hashPassword(password);
    const now = new Date(clock.now());
    const userId = await db.transaction(async (tx) => {
      const owner = await consumeResetToken(tx, sha256(token), now);
      if (owner === undefined || !(await setPasswordHash(tx, owner, passwordHash, now))) return undefined;
      await retireResetTokens(tx, owner, now);
      await endSessions(tx, owner, { allBut: null });
      return owner;
    });
    if (userId === undefined) throw validationError('token', MSG.resetLinkInvalid);
    // Every session ended: nobody is at the console for this user any more.
    await markOnline(db, userId, false, now);
  }
}
