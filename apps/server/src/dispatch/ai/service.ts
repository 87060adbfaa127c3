import {
  AI_ANSWERED_KINDS,
  AI_MSG,
  AI_OPEN_STATUSES,
  AI_TIMINGS,
  type AiDispatchPopupPayload,
  type AiPassPayload,
  type AiStatus,
  type AiSuggestionKind,
  type AiSuggestionStatus,
  aiServiceChangeTargets,
  aiStateOf,
  type BookingDto,
  type CandidateRankingDto,
  canMoveAi,
  dateToCityLocal,
  EVENTS,
  popupDueFor,
  type SuggestionPopupPayload,
  snoozeMinutesOf,
} from '@taxi/shared';
import type { LonLat } from '@taxi/shared/geo';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { aiSuggestions, bookingSuggestions, bookings, captains, passengers, services, users } from '../../db/schema';
import type { RequestUser } from '../../http/auth';
import { conflict, HttpError } from '../../http/errors';
import type { BookingService } from '../../modules/bookings/service';
import type { CityService } from '../../modules/city/service';
import type { LocationService } from '../../modules/tracking/service';
import type { UserService } from '../../modules/users/service';
import type { Realtime } from '../../realtime';
import { serviceMismatch } from '../candidates';
import type { DispatchService } from '../service';

type Actor = Pick<RequestUser, 'id' | 'roles' | 'permissions'>;
type SuggestionRow = typeof aiSuggestions.$inferSelect;

/** The AI acting alone (countdown over): audited without a user. */
/** The AI itself (a countdown that ran out): the system dispatches, so it holds the dispatcher's permission. */
export const AI_ACTOR: Actor = { id: 0, roles: [], permissions: ['DISPATCHING'] };

const MIN = 60_000;
const NO_CAPTAIN_RETRY_MS = 20_000;
const fullName = (a: string | null | undefined, b: string | null | undefined) => `${a ?? ''} ${b ?? ''}`.trim();
/** 'YYYY-MM-DD HH:mm' in the city's zone → date and time parts. */
function cityParts(d: Date): { date: string; time: string; local: string } {
  const local = dateToCityLocal(d);
  const [ymd, hm] = local.split(' ');
  const [y, m, day] = ymd.split('-');
  return { date: `${day}/${m}/${y}`, time: hm, local };
}

export interface AiDeps {
  db: Db;
  realtime: Realtime;
  bookings: BookingService;
  engine: DispatchService;
  locations: LocationService;
  city: CityService;
  users: UserService;
  log: FastifyBaseLogger;
}

/**
 * The AI-assisted dispatch lifecycle. A sweep (`tick`) offers due PENDING bookings to the best ranked
 * captain; a captain's acceptance becomes an AI suggestion shown to operators with a 150 s countdown; at
 * zero (or on 'Ok, Let AI Dispatch it' or a client's Ai:pass_booking) the booking is dispatched through
 * the bookings service's compare-and-set. Every state lives in the database, so any node may sweep.
 */
export class AiService {
  clock: () => number = () => Date.now();
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;
  private readonly retryAt = new Map<number, number>();

  constructor(private readonly deps: AiDeps) {}

  start(periodMs: number = AI_TIMINGS.sweepMs): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.sweeping) return;
      this.sweeping = this.tick()
        .catch((e) => this.deps.log.warn(e, 'AI sweep failed'))
        .finally(() => {
          this.sweeping = null;
        });
    }, periodMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sweeping;
  }

  private get db() {
    return this.deps.db;
  }

  // ---------------------------------------------------------------- sweep

  /** One pass over due work: ended suggestions, countdowns at zero, offers without answer, new offers. */
  async tick(): Promise<void> {
    const now = new Date(this.clock());
    // Suggestions whose booking left PENDING (human dispatch, cancellation) end as EXPIRED.
    const stale = await this.db
      .select({ s: aiSuggestions })
      .from(aiSuggestions)
      .innerJoin(bookings, eq(bookings.id, aiSuggestions.bookingId))
      .where(and(inArray(aiSuggestions.status, [...AI_OPEN_STATUSES]), sql`${bookings.status} <> 'PENDING'`));
    for (const { s } of stale) await this.end(s, 'EXPIRED', null);

    const due = await this.db
      .select()
      .from(aiSuggestions)
      .where(and(inArray(aiSuggestions.status, [...AI_OPEN_STATUSES]), lte(aiSuggestions.countdownUntil, now)))
      .orderBy(asc(aiSuggestions.id));
    for (const s of due) {
      try {
        if (s.status === 'PROPOSED' && s.kind === 'dispatch') await this.pass(s.bookingId, AI_ACTOR, 'timer');
        else if (s.status === 'PROPOSED') await this.snoozeSuggestion(s, AI_TIMINGS.defaultSnoozeMinutes, null);
        else if (s.kind === 'dispatch') await this.repropose(s);
        else await this.end(s, 'EXPIRED', null);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
      }
    }

    // Offers nobody answered in time.
    const unanswered = await this.db
      .select({ id: bookings.id, captainId: bookings.suggestionCaptainId })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, 'PENDING'),
          lte(bookings.suggestionUntil, now),
          sql`${bookings.suggestionCaptainId} is not null`,
          sql`not exists (select 1 from ${aiSuggestions} where ${aiSuggestions.bookingId} = ${bookings.id} and ${aiSuggestions.status} in ('PROPOSED','SNOOZED'))`,
        ),
      );
    for (const o of unanswered) if (o.captainId) await this.answerOffer(o.captainId, o.id, null).catch(() => {});

    await this.offerDue(now);
  }

  /** PENDING bookings due now (or within the scheduled lead) without an offer or open suggestion. */
  private async offerDue(now: Date, limit = 20): Promise<void> {
    const lead = new Date(now.getTime() + AI_TIMINGS.scheduledLeadMinutes * MIN);
    const rows = await this.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, 'PENDING'),
          lte(bookings.datetime, lead),
          or(isNull(bookings.suggestionUntil), lte(bookings.suggestionUntil, now)),
          sql`not exists (select 1 from ${aiSuggestions} where ${aiSuggestions.bookingId} = ${bookings.id} and ${aiSuggestions.status} in ('PROPOSED','SNOOZED'))`,
        ),
      )
      .orderBy(asc(bookings.datetime))
      .limit(limit);
    for (const { id } of rows) {
      // A booking without a free captain nearby is looked at again only after a while (ranking is not free).
      if ((this.retryAt.get(id) ?? 0) > now.getTime()) continue;
      const offered = await this.offerNext(id, now);
      if (offered === null) this.retryAt.set(id, now.getTime() + NO_CAPTAIN_RETRY_MS);
      else this.retryAt.delete(id);
    }
    if (this.retryAt.size > 5000) this.retryAt.clear();
  }

  /**
   * Offers the booking to the best ranked captain who has not already said no to it. Without a free
   * captain of the booked service, a captain of a service the passenger may switch to is offered instead:
   * on acceptance the operators get the service-change popup.
   */
  async offerNext(bookingId: number, now = new Date(this.clock())): Promise<number | null> {
    let ranking = await this.deps.engine.rank(bookingId, { now });
    if (ranking.candidates.length === 0) ranking = (await this.rankOtherServices(bookingId, now)) ?? ranking;
    if (ranking.candidates.length === 0) return null;
    const asked = await this.db
      .select({ captainId: bookingSuggestions.captainId })
      .from(bookingSuggestions)
      .where(eq(bookingSuggestions.bookingId, bookingId));
    const skip = new Set(asked.map((a) => a.captainId));
    const best = ranking.candidates.find((c) => !skip.has(c.captain_id)) ?? ranking.candidates[0];
    const until = new Date(now.getTime() + AI_TIMINGS.offerSeconds * 1000);
    const dto = await this.deps.bookings.offer(bookingId, best.captain_id, until);
    if (!dto) return null;
    this.deps.realtime.emitToUsers(EVENTS.bookingSuggestionSent, {
      booking_id: bookingId,
      active_captain_suggestion: dto.active_captain_suggestion ?? {
        captain_name: best.name,
        until: until.toISOString(),
      },
    });
    return best.captain_id;
  }

  /** Services the booking may switch to: the shared rule, minus those the passenger already said NO to. */
  private async serviceChangeTargets(booking: { id: number; serviceId: number; passengerId: number }) {
    const [p] = await this.db
      .select({ canUseVip: passengers.canUseVip })
      .from(passengers)
      .where(eq(passengers.id, booking.passengerId));
    const refused = await this.db
      .select({ serviceId: aiSuggestions.newServiceId })
      .from(aiSuggestions)
      .where(
        and(
          eq(aiSuggestions.bookingId, booking.id),
          eq(aiSuggestions.kind, 'service_change'),
          eq(aiSuggestions.status, 'REFUSED'),
        ),
      );
    const no = new Set(refused.map((r) => r.serviceId));
    return aiServiceChangeTargets(booking.serviceId, p?.canUseVip ?? false).filter((id) => !no.has(id));
  }

  /** The first service change with a free captain, ranked as if the booking were of that service. */
  private async rankOtherServices(bookingId: number, now: Date): Promise<CandidateRankingDto | null> {
    const booking = await this.deps.bookings.find(bookingId);
    for (const serviceId of await this.serviceChangeTargets(booking)) {
      const ranking = await this.deps.engine.rank(bookingId, { now, serviceId });
      if (ranking.candidates.length > 0) return ranking;
    }
    return null;
  }

  /**
   * The service the booking switches to with this captain: null when their services and car fit the
   * booked service, else the first allowed target that they fit.
   */
  private async serviceChangeFor(
    booking: { id: number; serviceId: number; passengerId: number },
    captainId: number,
  ): Promise<number | null> {
    const captain = (await this.deps.engine.captainFacts([captainId])).get(captainId);
    if (!captain) return null;
    if (!serviceMismatch(await this.deps.engine.bookingFacts(booking.id), captain)) return null;
    for (const target of await this.serviceChangeTargets(booking)) {
      if (!serviceMismatch(await this.deps.engine.bookingFacts(booking.id, target), captain)) return target;
    }
    return null;
  }

  /** The captain app answers an offer; null = no answer before the deadline. Acceptance opens the AI popup. */
  async answerOffer(captainId: number, bookingId: number, accept: boolean | null): Promise<SuggestionRow | null> {
    if (!accept) {
      await this.deps.bookings.closeOffer(bookingId, captainId, accept === null ? null : 'REFUSED');
      this.deps.realtime.emitToUsers(EVENTS.bookingSuggestionAvailable, {
        booking_id: bookingId,
        active_captain_suggestion: null,
      });
      return null;
    }
    const now = new Date(this.clock());
    const countdownUntil = new Date(now.getTime() + AI_TIMINGS.popupSeconds * 1000);
    await this.deps.bookings.closeOffer(bookingId, captainId, 'ACCEPTED', countdownUntil);
    return this.propose(bookingId, captainId, countdownUntil);
  }

  /**
   * Creates the AI suggestion (windows, ETA) and shows the popup to operators whose AI is on: a
   * service change when the captain drives another service, a time change when they would be late.
   */
  async propose(bookingId: number, captainId: number, countdownUntil?: Date): Promise<SuggestionRow> {
    const now = new Date(this.clock());
    const until = countdownUntil ?? new Date(now.getTime() + AI_TIMINGS.popupSeconds * 1000);
    const booking = await this.deps.bookings.find(bookingId);
    const from = await this.captainPosition(captainId, [booking.pickUpLon, booking.pickUpLat]);
    const pickup: LonLat = [booking.pickUpLon, booking.pickUpLat];
    const eta = Math.round(this.deps.city.eta(from, pickup));
    const trip =
      booking.pullDownLon != null && booking.pullDownLat != null
        ? Math.round(this.deps.city.eta(pickup, [booking.pullDownLon, booking.pullDownLat]))
        : null;
    const arrival = now.getTime() + eta * 1000;
    const minPick = new Date(Math.max(arrival, booking.datetime.getTime()));
    const maxPick = new Date(minPick.getTime() + 10 * MIN);
    const late = !booking.now && arrival > booking.datetime.getTime() + AI_TIMINGS.timeChangeAfterMinutes * MIN;
    const newServiceId = await this.serviceChangeFor(booking, captainId);
    const kind: AiSuggestionKind = newServiceId ? 'service_change' : late ? 'time_change' : 'dispatch';
    const newTime = late ? new Date(Math.ceil(arrival / (5 * MIN)) * 5 * MIN) : newServiceId ? booking.datetime : null;
    const [row] = await this.db
      .insert(aiSuggestions)
      .values({
        bookingId,
        captainId,
        kind,
        status: 'PROPOSED',
        minPickUpTime: minPick,
        maxPickUpTime: maxPick,
        minDropOffTime: trip === null ? null : new Date(minPick.getTime() + trip * 1000),
        maxDropOffTime: trip === null ? null : new Date(maxPick.getTime() + trip * 1000 * 1.25),
        etaSeconds: eta,
        tripSeconds: trip,
        originalTime: booking.datetime,
        newTime,
        newServiceId,
        countdownUntil: until,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await this.announce(row);
    return row;
  }

  private async captainPosition(captainId: number, fallback: LonLat): Promise<LonLat> {
    const live = await this.deps.locations.index.get(captainId);
    if (live) return [live.lon, live.lat];
    const [c] = await this.db
      .select({ lon: captains.lastLon, lat: captains.lastLat })
      .from(captains)
      .where(eq(captains.id, captainId));
    return c?.lon != null && c.lat != null ? [c.lon, c.lat] : fallback;
  }

  /** The popup payload of a suggestion (dispatch popup, time-suggestion reminder or service-change popup). */
  async popupOf(s: SuggestionRow): Promise<AiDispatchPopupPayload | SuggestionPopupPayload> {
    const [row] = await this.db
      .select({ b: bookings, p: passengers, c: captains })
      .from(bookings)
      .innerJoin(passengers, eq(passengers.id, bookings.passengerId))
      .innerJoin(captains, eq(captains.id, sql`${s.captainId}`))
      .where(eq(bookings.id, s.bookingId));
    const { b, p, c } = row;
    const passengerName = fullName(p.firstName, p.lastName);
    const captainName = fullName(c.firstName, c.lastName);
    if (s.kind === 'time_change' || s.kind === 'service_change') {
      const [service] = s.newServiceId
        ? await this.db.select({ name: services.name }).from(services).where(eq(services.id, s.newServiceId))
        : [];
      return {
        type: s.kind,
        id: s.id,
        booking_id: b.id,
        passenger_name: passengerName,
        passenger_whatsapp: p.whatsappNumber ?? p.phoneNumber ?? null,
        captain_name: captainName,
        original_time: cityParts(s.originalTime ?? b.datetime).local,
        new_time: cityParts(s.newTime ?? b.datetime).local,
        new_service: service?.name ?? null,
        countdown_until: s.countdownUntil.toISOString(),
      };
    }
    const at = await this.captainPosition(c.id, [b.pickUpLon, b.pickUpLat]);
    const when = cityParts(b.datetime);
    const hm = (d: Date | null) => (d ? cityParts(d).time : null);
    return {
      type: 'dispatch',
      id: s.id,
      booking_id: b.id,
      now: b.now,
      date: when.date,
      time: when.time,
      min_pick_up_time: hm(s.minPickUpTime) as string,
      max_pick_up_time: hm(s.maxPickUpTime) as string,
      min_drop_off_time: hm(s.minDropOffTime),
      max_drop_off_time: hm(s.maxDropOffTime),
      eta: Math.max(1, Math.round(s.etaSeconds / 60)),
      trip_minutes: s.tripSeconds === null ? null : Math.max(1, Math.round(s.tripSeconds / 60)),
      pick_up_location_name: b.pickUpLocationName,
      pick_up_location_details: b.pickUpLocationDetails,
      pull_down_location_name: b.pullDownLocationName,
      pull_down_location_details: b.pullDownLocationDetails,
      pick_up_location: { coordinates: [b.pickUpLon, b.pickUpLat] },
      pull_down_location:
        b.pullDownLon != null && b.pullDownLat != null ? { coordinates: [b.pullDownLon, b.pullDownLat] } : null,
      passenger_name: passengerName,
      captain: {
        id: c.id,
        first_name: c.firstName,
        last_name: c.lastName,
        current_location_name: this.deps.city.nearestPlace(at)?.place.name ?? null,
        current_location: { coordinates: at },
      },
      countdown_until: s.countdownUntil.toISOString(),
    };
  }

  /** Users whose AI is on and not snoozed. */
  async activeOperators(now = new Date(this.clock())): Promise<number[]> {
    return (await this.operatorsOn(now)).map((u) => u.id);
  }

  private async operatorsOn(now: Date): Promise<{ id: number; dispatchInterval: number }[]> {
    const rows = await this.db
      .select({
        id: users.id,
        snoozedAt: users.snoozedAt,
        interval: users.snoozeInterval,
        dispatchInterval: users.dispatchInterval,
      })
      .from(users)
      .where(and(eq(users.aiStopped, '0'), eq(users.active, true)));
    return rows.filter(
      (u) =>
        aiStateOf(
          { ai_stopped: '0', snoozed_at: u.snoozedAt?.toISOString() ?? null, snooze_interval: u.interval },
          now.getTime(),
        ).state === 'on',
    );
  }

  /** Shows the popup to every operator whose AI is on and who wants popups for this order now. */
  private async announce(s: SuggestionRow): Promise<void> {
    const payload = await this.popupOf(s);
    const booking = await this.deps.bookings.find(s.bookingId);
    const event = s.kind === 'dispatch' && booking.now ? EVENTS.aiNewNowBooking : EVENTS.aiNewSuggestion;
    const now = new Date(this.clock());
    const order = { now: booking.now, datetime: booking.datetime.getTime() };
    for (const u of await this.operatorsOn(now)) {
      if (popupDueFor(u.dispatchInterval, order, now.getTime())) this.deps.realtime.emitToUser(u.id, event, payload);
    }
  }

  // ---------------------------------------------------------------- state changes

  /** Compare-and-set of a suggestion's status along the state machine; null when it moved meanwhile. */
  private async move(
    s: SuggestionRow,
    to: AiSuggestionStatus,
    actorId: number | null,
    extra: Partial<typeof aiSuggestions.$inferInsert> = {},
  ): Promise<SuggestionRow | null> {
    const from = AI_OPEN_STATUSES.filter((f) => canMoveAi(f, to));
    if (from.length === 0) return null;
    const [row] = await this.db
      .update(aiSuggestions)
      .set({ ...extra, status: to, decidedById: actorId || null, updatedAt: new Date(this.clock()) })
      .where(and(eq(aiSuggestions.id, s.id), inArray(aiSuggestions.status, from)))
      .returning();
    return row ?? null;
  }

  private passed(s: SuggestionRow, status: AiSuggestionStatus): AiPassPayload {
    return { booking_id: s.bookingId, suggestion_id: s.id, status };
  }

  /** Ends a suggestion without dispatch: the captain is released, consoles close the popup. */
  private async end(s: SuggestionRow, to: 'EXPIRED' | 'REFUSED', actorId: number | null): Promise<boolean> {
    const row = await this.move(s, to, actorId);
    if (!row) return false;
    await this.deps.bookings.releaseHold(s.bookingId, s.captainId);
    this.deps.realtime.emitToUsers(EVENTS.aiPassSuggestion, this.passed(s, to));
    return true;
  }

  private async repropose(s: SuggestionRow): Promise<void> {
    const until = new Date(this.clock() + AI_TIMINGS.popupSeconds * 1000);
    const row = await this.move(s, 'PROPOSED', null, { countdownUntil: until });
    if (row) await this.announce(row);
  }

  /** The open suggestion of a booking (newest), or 409. */
  async openOf(bookingId: number): Promise<SuggestionRow> {
    const [s] = await this.db
      .select()
      .from(aiSuggestions)
      .where(and(eq(aiSuggestions.bookingId, bookingId), inArray(aiSuggestions.status, [...AI_OPEN_STATUSES])))
      .orderBy(sql`${aiSuggestions.id} desc`)
      .limit(1);
    if (!s) throw conflict(AI_MSG.noSuggestion);
    return s;
  }

  /**
   * Dispatches the booking to the suggested captain: 'Ok, Let AI Dispatch it' (any open suggestion), a
   * client's Ai:pass_booking or the countdown (only a PROPOSED one: a snoozed suggestion waits). The
   * booking's dispatch is the compare-and-set: a human dispatching at the same time makes this a 409.
   */
  async pass(bookingId: number, actor: Actor, via: 'operator' | 'client' | 'timer') {
    await this.deps.bookings.find(bookingId);
    const s = await this.openOf(bookingId);
    if (via !== 'operator' && s.status !== 'PROPOSED') throw conflict(AI_MSG.noSuggestion);
    // A suggestion the passenger must accept is never dispatched as it stands (a service change would
    // hand the booking to a captain of another service); the operator's 'Ok' stays for time changes.
    if (s.kind === 'service_change' || (via !== 'operator' && s.kind !== 'dispatch'))
      throw conflict(AI_MSG.needsAnswer);
    const row = await this.move(s, 'DISPATCHED', actor.id);
    if (!row) throw conflict(AI_MSG.noSuggestion);
    try {
      const dto = await this.deps.bookings.dispatch(actor, bookingId, s.captainId);
      const payload = this.passed(s, 'DISPATCHED');
      this.deps.realtime.emitToUsers(EVENTS.aiPassSuggestion, payload);
      this.deps.realtime.emitToUsers(EVENTS.aiPassBooking, payload);
      return dto;
    } catch (error) {
      // Someone else dispatched (or cancelled) first: the suggestion ends, the 409 goes to the caller.
      await this.db
        .update(aiSuggestions)
        .set({ status: 'EXPIRED', updatedAt: new Date(this.clock()) })
        .where(eq(aiSuggestions.id, s.id));
      await this.deps.bookings.releaseHold(bookingId, s.captainId);
      this.deps.realtime.emitToUsers(EVENTS.aiPassSuggestion, this.passed(s, 'EXPIRED'));
      throw error;
    }
  }

  private async snoozeSuggestion(s: SuggestionRow, minutes: number, actorId: number | null) {
    const until = new Date(this.clock() + minutes * MIN);
    const row = await this.move(s, 'SNOOZED', actorId, { countdownUntil: until });
    if (!row) throw conflict(AI_MSG.noSuggestion);
    this.deps.realtime.emitToUsers(EVENTS.aiPassSuggestion, this.passed(s, 'SNOOZED'));
    return row;
  }

  /** POST booking/{id}/snooze: the suggestion waits the user's snooze interval; the user's AI status records it. */
  async snooze(user: Actor, bookingId: number): Promise<{ minutes: number; ai_status: AiStatus }> {
    await this.deps.bookings.find(bookingId);
    const s = await this.openOf(bookingId);
    if (s.status !== 'PROPOSED') throw conflict(AI_MSG.noSuggestion);
    const [u] = await this.db.select({ interval: users.snoozeInterval }).from(users).where(eq(users.id, user.id));
    const minutes = snoozeMinutesOf(u?.interval ?? 0);
    await this.snoozeSuggestion(s, minutes, user.id);
    const ai_status = await this.deps.users.setAiStatus(user.id, { snoozed_at: new Date(this.clock()) }, user.id);
    return { minutes, ai_status };
  }

  /**
   * POST booking/{id}/confirm_suggestion: the passenger said ok — the new time (and service, for a
   * service change) applies, then the AI dispatches to the suggested captain.
   */
  async confirm(user: Actor, bookingId: number): Promise<{ booking: BookingDto; message: string }> {
    await this.deps.bookings.find(bookingId);
    const s = await this.openOf(bookingId);
    if (!AI_ANSWERED_KINDS.includes(s.kind as AiSuggestionKind) || !s.newTime) throw conflict(AI_MSG.notTimeChange);
    // Accepting changes the order's time or service: the Goverment role may not (bookings.md §6).
    this.deps.bookings.authorizeRole(user, s.kind === 'service_change' ? 'changeService' : 'changeTime');
    const row = await this.move(s, 'CONFIRMED', user.id);
    if (!row) throw conflict(AI_MSG.noSuggestion);
    this.deps.realtime.emitToUsers(EVENTS.aiPassSuggestion, this.passed(s, 'CONFIRMED'));
    try {
      const changed = await this.deps.bookings.applySuggestion(user.id, bookingId, {
        datetime: s.newTime,
        serviceId: s.newServiceId,
      });
      const booking = await this.deps.bookings.dispatch(user, bookingId, s.captainId);
      const message = s.newServiceId ? AI_MSG.serviceConfirmed(changed.service?.name ?? '') : AI_MSG.confirmed;
      return { booking, message };
    } catch (error) {
      await this.deps.bookings.releaseHold(bookingId, s.captainId);
      throw error;
    }
  }

  /**
   * POST booking/{id}/refuse_suggestion: the passenger said NO — the booking keeps its time and service,
   * the captain is released; a refused service is not suggested again for this booking.
   */
  async refuse(user: Actor, bookingId: number): Promise<{ booking: BookingDto; message: string }> {
    await this.deps.bookings.find(bookingId);
    const s = await this.openOf(bookingId);
    if (!(await this.end(s, 'REFUSED', user.id))) throw conflict(AI_MSG.noSuggestion);
    const booking = await this.deps.bookings.show(bookingId);
    return { booking, message: s.kind === 'service_change' ? AI_MSG.serviceRefused : AI_MSG.refused };
  }

  /**
   * Development only (demo and end-to-end tests without the simulator): plays the captain app — the
   * given captain (reporting from `at` first, as their app would) or the booking's current or next
   * offer — accepting the booking, so that the AI popup opens.
   */
  async acceptAsCaptain(bookingId: number, as: { captainId?: number; at?: LonLat } = {}): Promise<SuggestionRow> {
    const booking = await this.deps.bookings.find(bookingId);
    const open = await this.openOf(bookingId).catch(() => null);
    if (open) return open;
    const now = this.clock();
    let captainId: number | null = null;
    const liveOffer =
      booking.suggestionCaptainId && booking.suggestionUntil && booking.suggestionUntil.getTime() > now
        ? booking.suggestionCaptainId
        : null;
    if (as.captainId) {
      captainId = as.captainId;
      // The AI's own offer to someone else goes unanswered, as if that captain's time ran out.
      if (liveOffer && liveOffer !== captainId) await this.answerOffer(liveOffer, bookingId, null);
      if (as.at) {
        await this.deps.locations.setOnline(captainId, true);
        this.deps.locations.report(captainId, as.at[0], as.at[1]);
      }
      if (liveOffer !== captainId) {
        const until = new Date(now + AI_TIMINGS.offerSeconds * 1000);
        if (!(await this.deps.bookings.offer(bookingId, captainId, until))) throw conflict(AI_MSG.noOffer);
      }
    } else {
      captainId = liveOffer;
    }
    captainId ??= await this.offerNext(bookingId);
    if (!captainId) throw conflict(AI_MSG.noCaptain);
    const row = await this.answerOffer(captainId, bookingId, true);
    if (!row) throw conflict(AI_MSG.noSuggestion);
    return row;
  }

  /** Open suggestions (a console that connects late shows them). */
  async openPopups(userId: number): Promise<(AiDispatchPopupPayload | SuggestionPopupPayload)[]> {
    const now = new Date(this.clock());
    // Users whose AI is stopped or snoozed get no popups, late or live.
    const me = (await this.operatorsOn(now)).find((u) => u.id === userId);
    if (!me) return [];
    const rows = await this.db
      .select({ s: aiSuggestions, now: bookings.now, datetime: bookings.datetime })
      .from(aiSuggestions)
      .innerJoin(bookings, eq(bookings.id, aiSuggestions.bookingId))
      .where(eq(aiSuggestions.status, 'PROPOSED'))
      .orderBy(asc(aiSuggestions.countdownUntil))
      .limit(50);
    const due = rows.filter((r) =>
      popupDueFor(me.dispatchInterval, { now: r.now, datetime: r.datetime.getTime() }, now.getTime()),
    );
    return Promise.all(due.map((r) => this.popupOf(r.s)));
  }
}
