import {
  ACTIVE_STATUSES,
  CALL_TRANSFER_WINDOW_S,
  type CallDto,
  type CallerLookup,
  MSG,
  operatorSipUser,
  type PhoneSearch,
  parseOperatorSipUser,
  VOICE_MSG,
  type VoiceCredentials,
  type VoiceOperator,
} from '@taxi/shared';
import { and, desc, eq, gt, inArray, isNull, lte, max, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { phoneMatch } from '../../db/phone-match';
import {
  accessTokens,
  bookings,
  calls,
  captains,
  partners,
  passengers,
  users,
  voiceRegistrations,
} from '../../db/schema';
import type { RequestUser } from '../../http/auth';
import { HttpError, validationError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { permissionsOfRole, rolesOfUser } from '../users/queries';
import { sameNumber } from './caller-match';
import { ephemeralPassword, type VoiceKeys } from './keys';
import { type AvailableOperator, nextOperators } from './queue';

type CallRow = typeof calls.$inferSelect;

/** The advisory lock key of the queue's decisions (any constant of this app's own). */
const QUEUE_LOCK = 7_300_101;
/** What a ring round may last on the SIP server beyond VOICE_RING_SECONDS (liveRoundSince). */
const RING_ROUND_SLACK_S = 20;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const seconds = (from: Date | null, to: Date | null) =>
  from && to ? Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000)) : null;

/**
 * The voice connection's server side: credentials for the softphones, the SIP server's questions (is this
 * registration's session live, whom to ring next, the caller gave up, the call ended), the console's call
 * events, the call log and the caller lookup.
 */
export class VoiceService {
  constructor(
    private readonly deps: {
      db: Db;
      config: Config;
      clock: Clock;
      log: FastifyBaseLogger;
      keys: VoiceKeys;
      /** Drops a SIP user's registrations on the SIP server (its JSON-RPC), when a session ends. */
      dropRegistration: (sipUser: string) => Promise<void>;
    },
  ) {}

  private get voice() {
    return this.deps.config.voice;
  }

  private now(): Date {
    return new Date(this.deps.clock.now());
  }

  credentials(user: RequestUser, sessionId: number): VoiceCredentials {
    const voice = this.voice;
    if (!voice) return { enabled: false, reason: 'not_configured' };
    const sipUser = operatorSipUser(user.id, sessionId);
    const expiry = Math.floor(this.deps.clock.now() / 1000) + voice.credentialTtlSeconds;
    const username = `${expiry}:${sipUser}`;
    return {
      enabled: true,
      ws_url: voice.wsUrl,
      domain: voice.domain,
      uri: `sip:${sipUser}@${voice.domain}`,
      username,
      password: ephemeralPassword(this.deps.keys.sip, username),
      display_name: `${user.first_name} ${user.last_name}`.trim(),
      expires_at: new Date(expiry * 1000).toISOString(),
      queue_number: voice.queueNumber,
    };
  }

  /**
   * A REGISTER the SIP server authenticated: accepted while the session it was issued for is live and its
   * user still takes calls. `expires` 0 is an unregistration.
   */
  async register(sipUser: string, expires: number): Promise<boolean> {
    const parsed = parseOperatorSipUser(sipUser);
    if (!parsed) return false;
    const { db } = this.deps;
    if (expires <= 0) {
      await db.delete(voiceRegistrations).where(eq(voiceRegistrations.sipUser, sipUser));
      return true;
    }
    if (!(await this.takesCalls(parsed.userId, parsed.sessionId))) return false;
    const expiresAt = new Date(this.deps.clock.now() + Math.min(expires, 3600) * 1000);
    await db
      .insert(voiceRegistrations)
      .values({ sipUser, userId: parsed.userId, sessionId: parsed.sessionId, expiresAt })
      .onConflictDoUpdate({ target: voiceRegistrations.sipUser, set: { expiresAt, registeredAt: this.now() } });
    return true;
  }

  /**
   * Whether an operator's SIP user may still call, message or transfer: its credentials are good until they
   * expire, the session they were issued for may have ended since (logout, revocation).
   */
  async sessionLive(sipUser: string): Promise<boolean> {
    const parsed = parseOperatorSipUser(sipUser);
    return parsed !== null && (await this.takesCalls(parsed.userId, parsed.sessionId));
  }

  /** The session is live and its user holds PHONE_BOOKING (and is no airport or partner desk). */
  private async takesCalls(userId: number, sessionId: number): Promise<boolean> {
    const { db } = this.deps;
    const [token] = await db
      .select({ revokedAt: accessTokens.revokedAt, expiresAt: accessTokens.expiresAt, active: users.active })
      .from(accessTokens)
      .innerJoin(users, eq(users.id, accessTokens.userId))
      .where(and(eq(accessTokens.id, sessionId), eq(accessTokens.userId, userId)))
      .limit(1);
    if (!token || token.revokedAt || !token.active || token.expiresAt.getTime() <= this.deps.clock.now()) return false;
    const roles = await rolesOfUser(db, userId);
    const permissions = await permissionsOfRole(db, roles[0]?.id);
    return permissions.includes('PHONE_BOOKING');
  }

  /** Sessions ended (logout, revocation): their softphones are unregistered on the SIP server too. */
  async endSessions(sessionIds: readonly number[]): Promise<void> {
    if (!sessionIds.length) return;
    const gone = await this.deps.db
      .delete(voiceRegistrations)
      .where(inArray(voiceRegistrations.sessionId, [...sessionIds]))
      .returning({ sipUser: voiceRegistrations.sipUser });
    for (const { sipUser } of gone) {
      await this.deps.dropRegistration(sipUser).catch((error) => {
        this.deps.log.warn({ err: error, sipUser }, 'could not drop the SIP registration');
      });
    }
  }

  /** Registered, online, on a live session, not in a call and not ringing for another: whom the queue may ring. */
  private async available(db: DbOrTx): Promise<AvailableOperator[]> {
    const now = this.now();
    const rows = await db
      .select({ sipUser: voiceRegistrations.sipUser, userId: voiceRegistrations.userId })
      .from(voiceRegistrations)
      .innerJoin(users, eq(users.id, voiceRegistrations.userId))
      .innerJoin(accessTokens, eq(accessTokens.id, voiceRegistrations.sessionId))
      .where(
        and(
          gt(voiceRegistrations.expiresAt, now),
          eq(users.online, true),
          eq(users.active, true),
          isNull(accessTokens.revokedAt),
          gt(accessTokens.expiresAt, now),
        ),
      );
    if (!rows.length) return [];
    const ids = [...new Set(rows.map((r) => r.userId))];
    const busy = await db
      .select({ operatorId: calls.operatorId })
      .from(calls)
      .where(and(inArray(calls.operatorId, ids), eq(calls.outcome, 'answered')));
    const busyIds = new Set(busy.map((b) => b.operatorId));
    // The operator each waiting call rings now (the last one named): not offered a second call meanwhile. Only
    // while that ring round can still be live on the SIP server: one the SIP server gave up on is logged missed
    // at once (sipEvent 'gaveup'), and should that word be lost, the round's own bound frees the operator.
    const ringing = await db
      .select({ rung: calls.rungUsers })
      .from(calls)
      .where(and(eq(calls.outcome, 'ringing'), gt(calls.lastRingAt, this.liveRoundSince(now))));
    const ringingNow = new Set(ringing.map((r) => r.rung.at(-1)));
    const last = await db
      .select({ operatorId: calls.operatorId, at: max(sql<Date>`coalesce(${calls.endedAt}, ${calls.answeredAt})`) })
      .from(calls)
      .where(inArray(calls.operatorId, ids))
      .groupBy(calls.operatorId);
    const lastAt = new Map(last.map((l) => [l.operatorId, l.at ? new Date(l.at).getTime() : 0]));
    return rows
      .filter((r) => !busyIds.has(r.userId) && !ringingNow.has(r.sipUser))
      .map((r) => ({ sipUser: r.sipUser, userId: r.userId, lastBusyAt: lastAt.get(r.userId) ?? 0 }));
  }

  /**
   * Since when a ring round may still be ringing on the SIP server. voice/kamailio.cfg rings a round for
   * VOICE_RING_SECONDS from its first provisional reply (fr_inv_timer, not restarted by later ones), which
   * comes within fr_timer (10 s); its next question then renews last_ring_at or ends the call. A round
   * named earlier than that, plus the question's own 2 s and a margin, rings no one any more.
   */
  private liveRoundSince(now: Date): Date {
    const ringSeconds = this.voice?.ringSeconds ?? 0;
    return new Date(now.getTime() - (ringSeconds + RING_ROUND_SLACK_S) * 1000);
  }

  /**
   * The SIP server asks whom to ring for a call in the queue: the first question logs the call; each
   * answer is remembered as rung. Nobody available: the call is logged as missed.
   */
  async next(sipCallId: string, fromNumber: string, tried: string[]): Promise<string[]> {
    const voice = this.voice;
    if (!voice) return [];
    // One decision at a time across nodes: two calls arriving together must not both ring the same operator.
    return this.deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${QUEUE_LOCK})`);
      const available = await this.available(tx);
      // A caller transferred a moment ago calls back through the queue: the operator it was given to first.
      const transferred = tried.length === 0 ? await this.pendingTransfer(tx, fromNumber, available) : [];
      const next = transferred.length ? transferred : nextOperators(available, tried, voice.ringStrategy);
      await tx
        .insert(calls)
        .values({
          sipCallId,
          direction: 'inbound',
          fromNumber,
          toNumber: voice.queueNumber,
          outcome: next.length ? 'ringing' : 'missed',
          startedAt: this.now(),
          endedAt: next.length ? null : this.now(),
          lastRingAt: next.length ? this.now() : null,
          rungUsers: next,
        })
        .onConflictDoUpdate({
          target: calls.sipCallId,
          set: {
            rungUsers: sql`${calls.rungUsers} || ${sql.param(next)}::text[]`,
            ...(next.length ? { lastRingAt: this.now() } : { outcome: 'missed' as const, endedAt: this.now() }),
          },
          where: eq(calls.outcome, 'ringing'),
        });
      return next;
    });
  }

  /** The SIP users of the operator a transfer from this number is waiting for, if free; the transfer is used up. */
  private async pendingTransfer(tx: DbOrTx, fromNumber: string, available: AvailableOperator[]): Promise<string[]> {
    const [pending] = await tx
      .select({ id: calls.id, to: calls.transferTo })
      .from(calls)
      .where(and(eq(calls.fromNumber, fromNumber), gt(calls.transferUntil, this.now())))
      .orderBy(desc(calls.transferUntil))
      .limit(1);
    if (!pending) return [];
    await tx.update(calls).set({ transferUntil: null }).where(eq(calls.id, pending.id));
    return available.filter((o) => o.userId === pending.to).map((o) => o.sipUser);
  }

  /** The operators free to take a transfer now (not the asker). */
  async operators(user: RequestUser): Promise<VoiceOperator[]> {
    const ids = [...new Set((await this.available(this.deps.db)).map((o) => o.userId))].filter((id) => id !== user.id);
    if (!ids.length) return [];
    const rows = await this.deps.db
      .select({ id: users.id, first: users.firstName, last: users.lastName })
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(users.firstName, users.lastName);
    return rows.map((r) => ({ id: r.id, name: `${r.first} ${r.last}`.trim() }));
  }

  /**
   * The operator hands their call to a colleague: the console then asks the caller's phone to call the queue
   * again (SIP REFER), and the queue rings that colleague first (within CALL_TRANSFER_WINDOW_S).
   */
  async transfer(user: RequestUser, sipCallId: string, toUserId: number): Promise<CallDto> {
    const row = await this.callOf(sipCallId);
    if (row.operatorId !== user.id) throw new HttpError(403, VOICE_MSG.notYourCall);
    if (row.outcome !== 'answered') throw validationError('call_id', VOICE_MSG.notInCall);
    const free = await this.operators(user);
    if (!free.some((o) => o.id === toUserId)) throw validationError('to_user_id', VOICE_MSG.operatorUnavailable);
    await this.deps.db
      .update(calls)
      .set({
        outcome: 'transferred',
        endedAt: this.now(),
        transferTo: toUserId,
        transferUntil: new Date(this.deps.clock.now() + CALL_TRANSFER_WINDOW_S * 1000),
      })
      .where(eq(calls.id, row.id));
    return this.get(row.id);
  }

  /**
   * The SIP server saw the caller give up (CANCEL) or someone hang up (BYE), or it gave up itself: it answered
   * the caller 480 without ringing what the API decided last (the answer to its question came too late, or
   * never, or it asked too often). Whoever that decision named is free again, and the call is logged missed:
   * nobody took it, the caller did not hang up.
   *
   * `gaveup` is the SIP server's word rather than a deadline the API would keep: the API cannot tell from its
   * own clock how long a question waited before its event loop read it (a stall), and the SIP server's clock
   * may differ from the API's. The word may even be read before the late decision it undoes (both wait on a
   * stalled loop): the call is then logged missed first, and the decision, which only updates a call still
   * ringing, leaves it so.
   */
  async sipEvent(sipCallId: string, event: SipEvent, fromNumber = ''): Promise<void> {
    const now = this.now();
    const { db } = this.deps;
    if (event === 'gaveup') {
      await db
        .insert(calls)
        .values({
          sipCallId,
          direction: 'inbound',
          fromNumber,
          toNumber: this.voice?.queueNumber ?? '',
          outcome: 'missed',
          startedAt: now,
          endedAt: now,
          rungUsers: [],
        })
        .onConflictDoUpdate({
          target: calls.sipCallId,
          set: { outcome: 'missed', endedAt: now },
          where: eq(calls.outcome, 'ringing'),
        });
    } else if (event === 'cancel') {
      await db
        .update(calls)
        .set({ outcome: 'abandoned', endedAt: now })
        .where(and(eq(calls.sipCallId, sipCallId), eq(calls.outcome, 'ringing')));
    } else {
      await db
        .update(calls)
        .set({ outcome: 'completed', endedAt: now })
        .where(and(eq(calls.sipCallId, sipCallId), eq(calls.outcome, 'answered')));
    }
  }

  private async callOf(sipCallId: string): Promise<CallRow> {
    const [row] = await this.deps.db.select().from(calls).where(eq(calls.sipCallId, sipCallId)).limit(1);
    if (!row) throw new HttpError(404, VOICE_MSG.noSuchCall);
    return row;
  }

  /** The console answered a queued call: it is this operator's from now on (the first answer wins). */
  async answered(user: RequestUser, sipCallId: string): Promise<CallDto> {
    const row = await this.callOf(sipCallId);
    if (row.operatorId !== null && row.operatorId !== user.id) throw new HttpError(403, VOICE_MSG.notYourCall);
    await this.deps.db
      .update(calls)
      .set({ operatorId: user.id, answeredAt: row.answeredAt ?? this.now(), outcome: 'answered' })
      .where(and(eq(calls.id, row.id), or(isNull(calls.operatorId), eq(calls.operatorId, user.id))));
    return this.get(row.id);
  }

  /** The console hung up (or saw the other side hang up). */
  async ended(user: RequestUser, sipCallId: string): Promise<CallDto> {
    const row = await this.callOf(sipCallId);
    if (row.operatorId !== user.id) throw new HttpError(403, VOICE_MSG.notYourCall);
    if (!row.endedAt)
      await this.deps.db
        .update(calls)
        .set({ endedAt: this.now(), outcome: row.answeredAt ? 'completed' : 'failed' })
        .where(eq(calls.id, row.id));
    return this.get(row.id);
  }

  /** The console placed a call (click to call). */
  async outgoing(user: RequestUser, sipCallId: string, toNumber: string): Promise<CallDto> {
    const voice = this.voice;
    const [row] = await this.deps.db
      .insert(calls)
      .values({
        sipCallId,
        direction: 'outbound',
        fromNumber: voice?.queueNumber ?? '',
        toNumber,
        operatorId: user.id,
        outcome: 'ringing',
        startedAt: this.now(),
      })
      .onConflictDoNothing()
      .returning({ id: calls.id });
    if (!row) throw new HttpError(409, VOICE_MSG.alreadyLogged);
    return this.get(row.id);
  }

  /** The booking made during the operator's call. */
  async linkBooking(user: RequestUser, sipCallId: string, bookingId: number): Promise<CallDto> {
    const row = await this.callOf(sipCallId);
    if (row.operatorId !== user.id) throw new HttpError(403, VOICE_MSG.notYourCall);
    const [booking] = await this.deps.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .limit(1);
    if (!booking) throw new HttpError(404, MSG.notFound);
    await this.deps.db.update(calls).set({ bookingId }).where(eq(calls.id, row.id));
    return this.get(row.id);
  }

  async get(id: number): Promise<CallDto> {
    const [row] = await this.list({ id }, 1, 0);
    if (!row) throw new HttpError(404, VOICE_MSG.noSuchCall);
    return row;
  }

  /** Calls, newest first. */
  async list(filters: CallFilters, limit: number, offset: number): Promise<CallDto[]> {
    const rows = await this.deps.db
      .select({ call: calls, first: users.firstName, last: users.lastName })
      .from(calls)
      .leftJoin(users, eq(users.id, calls.operatorId))
      .where(callWhere(filters))
      .orderBy(desc(calls.startedAt), desc(calls.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ call, first, last }) => toDto(call, first === null ? null : `${first} ${last ?? ''}`.trim()));
  }

  async count(filters: CallFilters): Promise<number> {
    const [row] = await this.deps.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(calls)
      .where(callWhere(filters));
    return row?.n ?? 0;
  }

  /** Who calls from this number: a passenger, else a captain, else a partner's contact; and their bookings. */
  async caller(number: string): Promise<CallerLookup> {
    const { db } = this.deps;
    const empty = { number, active_bookings: [], recent_bookings: [] };
    const [passenger] = await db
      .select({ id: passengers.id, first: passengers.firstName, last: passengers.lastName })
      .from(passengers)
      .where(or(sameNumber(passengers.phoneNumber, number), sameNumber(passengers.whatsappNumber, number)))
      .orderBy(desc(passengers.id))
      .limit(1);
    if (passenger) {
      const owned = eq(bookings.passengerId, passenger.id);
      return {
        number,
        kind: 'passenger',
        id: passenger.id,
        name: `${passenger.first} ${passenger.last}`.trim(),
        ...(await this.bookingsOf(owned)),
      };
    }
    const [captain] = await db
      .select({ id: captains.id, first: captains.firstName, last: captains.lastName })
      .from(captains)
      .where(or(sameNumber(captains.phoneNumber, number), sameNumber(captains.whatsappNumber, number)))
      .limit(1);
    if (captain) return { ...empty, kind: 'captain', id: captain.id, name: `${captain.first} ${captain.last}`.trim() };
    const [partner] = await db
      .select({ id: partners.id, name: partners.name })
      .from(partners)
      .where(sameNumber(partners.contactPhone, number))
      .limit(1);
    if (partner)
      return {
        number,
        kind: 'partner',
        id: partner.id,
        name: partner.name,
        ...(await this.bookingsOf(eq(bookings.partnerId, partner.id))),
      };
    return { ...empty, kind: 'unknown', id: null, name: null };
  }

  private async bookingsOf(owned: ReturnType<typeof eq>) {
    const select = {
      id: bookings.id,
      status: bookings.status,
      pickup: bookings.pickUpLocationName,
      dropoff: bookings.pullDownLocationName,
      createdAt: bookings.createdAt,
    };
    const brief = (r: { id: number; status: string; pickup: string; dropoff: string | null; createdAt: Date }) => ({
      id: r.id,
      status: r.status,
      pickup: r.pickup,
      dropoff: r.dropoff,
      created_at: r.createdAt.toISOString(),
    });
    const { db } = this.deps;
    const [active, recent] = await Promise.all([
      db
        .select(select)
        .from(bookings)
        .where(and(owned, inArray(bookings.status, [...ACTIVE_STATUSES])))
        .orderBy(desc(bookings.id))
        .limit(10),
      db.select(select).from(bookings).where(owned).orderBy(desc(bookings.id)).limit(5),
    ]);
    return { active_bookings: active.map(brief), recent_bookings: recent.map(brief) };
  }
}

/** What the SIP server reports of a queued call (GET /voice/sip/event). */
export type SipEvent = 'cancel' | 'bye' | 'gaveup';

export interface CallFilters {
  id?: number;
  direction?: 'inbound' | 'outbound';
  outcome?: CallDto['outcome'];
  operator_id?: number;
  number?: PhoneSearch;
  booking_id?: number;
  from?: Date;
  to?: Date;
}

function callWhere(f: CallFilters) {
  return and(
    f.id === undefined ? undefined : eq(calls.id, f.id),
    f.direction ? eq(calls.direction, f.direction) : undefined,
    f.outcome ? eq(calls.outcome, f.outcome) : undefined,
    f.operator_id === undefined ? undefined : eq(calls.operatorId, f.operator_id),
    f.booking_id === undefined ? undefined : eq(calls.bookingId, f.booking_id),
    f.number ? or(phoneMatch(calls.fromNumber, f.number), phoneMatch(calls.toNumber, f.number)) : undefined,
    f.from ? gt(calls.startedAt, f.from) : undefined,
    f.to ? lte(calls.startedAt, f.to) : undefined,
  );
}

function toDto(row: CallRow, operatorName: string | null): CallDto {
  const waitEnd = row.answeredAt ?? (row.outcome === 'abandoned' || row.outcome === 'missed' ? row.endedAt : null);
  return {
    id: row.id,
    sip_call_id: row.sipCallId,
    direction: row.direction,
    from_number: row.fromNumber,
    to_number: row.toNumber,
    operator_id: row.operatorId,
    operator_name: operatorName,
    started_at: row.startedAt.toISOString(),
    answered_at: iso(row.answeredAt),
    ended_at: iso(row.endedAt),
    wait_s: seconds(row.startedAt, waitEnd),
    talk_s: seconds(row.answeredAt, row.endedAt),
    ring_s: seconds(row.lastRingAt, row.answeredAt ?? row.endedAt),
    outcome: row.outcome,
    rung: row.rungUsers.length,
    booking_id: row.bookingId,
    transferred_to: row.transferTo,
  };
}
