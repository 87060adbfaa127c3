import { createHmac } from 'node:crypto';
import {
  type AuthUser,
  LOGIN_CODE_LENGTH,
  LOGIN_CODE_MAX_ATTEMPTS,
  LOGIN_CODE_TTL_MS,
  MSG,
  type SessionUser,
  TOKEN_TTL_MS,
  TOKEN_TTL_REMEMBER_MS,
} from '@taxi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { HttpError, tooManyAttempts, validationError } from '../../http/errors';
import { type Clock, systemClock } from '../../lib/clock';
import { deriveKey, hmacSha256, randomDigits, randomToken, safeEqual, sha256 } from '../../lib/crypto';
import type { Mailer } from '../../lib/mailer';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password';
import { clientKey, type RateLimiter } from '../../lib/rate-limit';
import { dataDirSecret } from '../../lib/secret';
import { aiStatusOf, findUserByEmail, rolesOfUser, type UserProfile, type UserRow } from '../users/queries';
import {
  addToOutbox,
  consumeLoginCode,
  countWrongCode,
  findLoginCode,
  hasLiveSession,
  insertAccessToken,
  markOnline,
  replaceLoginCode,
} from './queries';
import type { LoginBody, SendCodeBody } from './schemas';
import { endSessions } from './sessions';

export interface AuthServiceDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  chatSecret: string;
  /** The server's clock (code expiry, token expiry, chat token expiry). */
  clock?: Clock;
}

/** The public calls limited per address and per (account, address) pair. */
export type LimitedAction =
  | 'send_code'
  | 'login'
  | 'password_forgot'
  | 'password_reset'
  | 'captain_send_code'
  | 'captain_login';

/** The label of the login-code key derived from the server secret. */
export const LOGIN_CODE_KEY = 'taxi/login-code/v1';

/** Two-step staff login (shell.md §2.6, §7): password → e-mailed code → opaque token. */
export class AuthService {
  /**
   * Login codes are stored as HMAC-SHA-256 under a key derived from the server secret (APP_SECRET, or
   * DATA_DIR/secret): the 10^6 codes of a user cannot be tried offline from a database dump.
   */
  private readonly codeKey: Buffer;
  private readonly clock: Clock;

  constructor(private readonly deps: AuthServiceDeps) {
    this.clock = deps.clock ?? systemClock;
    this.codeKey = deriveKey(deps.config.appSecret ?? dataDirSecret(deps.config.dataDir), LOGIN_CODE_KEY);
  }

  private codeHash(userId: number, code: string): string {
    return hmacSha256(this.codeKey, `${userId}:${code}`);
  }

  /**
   * Runs one attempt of a public sign-in or code call within its limits (429 with the wait, in the caller's
   * language and in Retry-After, before anything is checked):
   * - per client address (request.ip as TRUST_PROXY lets it be known; an IPv6 address by its /64), at most
   *   LOGIN_RATE_MAX_PER_IP attempts in a window, whatever the accounts: one address cannot spray many;
   * - per (account, address) pair, its wrong attempts (a 422 of the attempt: a wrong password, code or token;
   *   every call for `everyCallCounts`, the reset e-mails): after LOGIN_RATE_MAX_PER_ACCOUNT of them the pair
   *   must wait 1 s, then 2 s, 4 s… up to LOGIN_BACKOFF_MAX_SECONDS; a success forgets them. A flood of wrong
   *   passwords from one address slows that address only: the owner still signs in from their own.
   * With REDIS_URL the counters are in Redis, one budget for every node.
   */
  async limited<T>(
    action: LimitedAction,
    ip: string,
    subject: string,
    attempt: () => Promise<T>,
    opts: { everyCallCounts?: boolean } = {},
  ): Promise<T> {
    const { limiter, config } = this.deps;
    const rate = config.loginRate;
    const address = clientKey(ip);
    const pair = `${action}:pair:${subject.trim().toLowerCase()}:${address}`;
    const byAddress = await limiter.hit(`${action}:ip:${address}`, rate.maxPerIp, rate.windowSeconds * 1000);
    if (!byAddress.allowed) throw tooManyAttempts(byAddress.retryAfterMs);
    const wait = await limiter.waitOf(pair);
    if (wait > 0) throw tooManyAttempts(wait);
    const backoff = {
      free: rate.maxPerAccount,
      baseMs: rate.backoffBaseMs,
      maxMs: rate.backoffMaxMs,
      forgetMs: rate.backoffForgetMs,
    };
    let result: T;
    try {
      result = await attempt();
    } catch (error) {
      if (opts.everyCallCounts || (error instanceof HttpError && error.status === 422)) {
        await limiter.fail(pair, backoff);
      }
      throw error;
    }
    if (opts.everyCallCounts) await limiter.fail(pair, backoff);
    else await limiter.reset(pair);
    return result;
  }

  private async checkCredentials(username: string, password: string): Promise<UserRow> {
    const user = await findUserByEmail(this.deps.db, username);
    if (!user) {
      await verifyAgainstDummy(password);
      throw validationError('username', MSG.wrongCredentials);
    }
    if (!(await verifyPassword(user.passwordHash, password))) throw validationError('username', MSG.wrongCredentials);
    if (!user.active) throw new HttpError(403, MSG.accountDisabled);
    return user;
  }

  async sendCode(body: SendCodeBody): Promise<void> {
    const { db, config, mailer, log } = this.deps;
    const user = await this.checkCredentials(body.username, body.password);
    const code = randomDigits(LOGIN_CODE_LENGTH);
    await replaceLoginCode(db, user.id, this.codeHash(user.id, code), new Date(this.clock.now() + LOGIN_CODE_TTL_MS));
    const mail = { to: user.email, subject: MSG.codeEmailSubject, text: MSG.codeEmailText(code) };
    if (config.isDevelopment) {
      await addToOutbox(db, { ...mail, code });
      log.info({ to: user.email, code }, 'login code (development outbox)');
    }
    await mailer.send(mail);
  }

  async login(body: LoginBody): Promise<SessionUser> {
    const { db } = this.deps;
    const user = await this.checkCredentials(body.username, body.password);
    const row = await findLoginCode(db, user.id);
    if (!row || row.consumed) throw validationError('code', MSG.wrongCode);
    if (row.attempts >= LOGIN_CODE_MAX_ATTEMPTS) throw validationError('code', MSG.codeAttemptsExceeded);
    if (row.expiresAt.getTime() <= this.clock.now()) throw validationError('code', MSG.codeExpired);
    if (!safeEqual(row.codeHash, this.codeHash(user.id, body.code))) {
      const attempts = row.attempts + 1;
      await countWrongCode(db, row.id, attempts);
      throw validationError('code', attempts >= LOGIN_CODE_MAX_ATTEMPTS ? MSG.codeAttemptsExceeded : MSG.wrongCode);
    }
    if (!(await consumeLoginCode(db, row.id))) throw validationError('code', MSG.wrongCode);

    const token = randomToken();
    const now = this.clock.now();
    const rememberMe = body.remember_me;
    await insertAccessToken(db, {
      tokenHash: sha256(token),
      userId: user.id,
      expiresAt: new Date(now + (rememberMe ? TOKEN_TTL_REMEMBER_MS : TOKEN_TTL_MS)),
      rememberMe,
    });
    await markOnline(db, user.id, true, new Date(now));
    const roles = await rolesOfUser(db, user.id);
    return {
      accessToken: token,
      timestamp: new Date(now).toISOString(),
      username: user.email,
      roles,
      online: true,
      ai_status: aiStatusOf(user),
    };
  }

  /** Ends this session: its token is revoked and the sockets opened with it disconnected. */
  async logout(userId: number, tokenId: number | null): Promise<void> {
    if (tokenId !== null) await endSessions(this.deps.db, userId, { only: tokenId });
    await this.offlineWithoutSessions(userId);
  }

  /** Nobody is at the console without a session: no popups (and no calls) for them. */
  private async offlineWithoutSessions(userId: number): Promise<void> {
    const now = new Date(this.clock.now());
    if (!(await hasLiveSession(this.deps.db, userId, now))) await markOnline(this.deps.db, userId, false, now);
  }

  /** Ends every session of the user (logout everywhere, or an admin ending them); the number ended. */
  async endAllSessions(userId: number): Promise<number> {
    const ended = (await endSessions(this.deps.db, userId, { allBut: null })).length;
    await this.offlineWithoutSessions(userId);
    return ended;
  }

  /**
   * A short-lived HMAC-signed token for the chat connection: base64url(payload).base64url(sig). It names
   * the session it was issued to (`sid`), so a logout ends the chat connection too, and its scope.
   */
  chatToken(user: { id: number; email: string; first_name: string; last_name: string }, sessionId: number): string {
    const payload = Buffer.from(
      JSON.stringify({
        sub: user.id,
        sid: sessionId,
        scope: 'chat',
        email: user.email,
        name: `${user.first_name} ${user.last_name}`.trim(),
        exp: Math.floor(this.clock.now() / 1000) + this.deps.config.chatTokenTtlSeconds,
      }),
    ).toString('base64url');
    return `${payload}.${signChat(this.deps.chatSecret, payload)}`;
  }

  /** The chat token's claims when it is genuine and unexpired (on the server's clock), else null. */
  verifyChat(token: string): ChatClaims | null {
    return verifyChatToken(this.deps.chatSecret, token, this.clock.now());
  }
}

export interface ChatClaims {
  sub: number;
  sid: number;
  scope: string;
  exp: number;
}

export const signChat = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

/** Verifies a chat token at `now` (the server's clock); returns its payload or null. */
export function verifyChatToken(secret: string, token: string, now: number): ChatClaims | null {
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined || !safeEqual(sig, signChat(secret, payload))) return null;
  let data: Partial<ChatClaims>;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Partial<ChatClaims>;
  } catch {
    return null;
  }
  const valid =
    Number.isInteger(data.sub) && Number.isInteger(data.sid) && data.scope === 'chat' && typeof data.exp === 'number';
  return valid && (data.exp as number) * 1000 > now ? (data as ChatClaims) : null;
}

export function presentAuthUser(user: UserProfile, roles: AuthUser['roles'], permissions: string[]): AuthUser {
  const settings = user.settings ?? {};
  const followUp = (settings.FOLLOW_UP_TICKET ?? {}) as Partial<AuthUser['settings']['FOLLOW_UP_TICKET']>;
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    full_name: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    username: user.email,
    online: user.online,
    ai_status: aiStatusOf(user),
    roles,
    permissions,
    profile_image: user.profileImage,
    airport_agency_id: user.airportAgencyId,
    partner_id: user.partnerId,
    preferences: user.preferences ?? {},
    settings: {
      ...settings,
      FOLLOW_UP_TICKET: {
        id: followUp.id ?? null,
        last_question_id: followUp.last_question_id ?? null,
        last_field_id: followUp.last_field_id ?? null,
      },
    },
  };
}
