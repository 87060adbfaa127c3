import {
  AI_MSG,
  type AirportDetailsDto,
  BOOKING_MSG,
  type BookingAction,
  type BookingCreate,
  type BookingDto,
  type BookingNoteDto,
  type BookingRuleInput,
  type BookingStatus,
  type BookingStatusDto,
  bookingPolicy,
  CANCELLED_STATUSES,
  CAPTAIN_CANCELLABLE,
  CAPTAIN_TRANSITIONS,
  type CaptainLiveState,
  type CaptainRefDto,
  type CarDto,
  checkBookingAction,
  cityLocalToDate,
  dateToCityLocal,
  EVENTS,
  isWithinChangeWindow,
  MSG,
  PAX_CANCELLABLE,
  STATE_OF_BOOKING_STATUS,
} from '@taxi/shared';
import { haversine, type LonLat } from '@taxi/shared/geo';
import { and, asc, eq, gt, inArray, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client';
import {
  airportDetails,
  auditLog,
  bookingNotes,
  bookingStatuses,
  bookingStops,
  bookingSuggestions,
  bookings,
  captainCancellationReasons,
  captains,
  cars,
  geofenceLogs,
  passengers,
  payments,
  places,
  rides,
  serviceChangeSuggestions,
  services,
  userCancellationReasons,
  users,
  vouchers,
} from '../../db/schema';
import { captainCommitments, lockAvailableCaptain } from '../../dispatch/eligibility';
import type { RequestUser } from '../../http/auth';
import { conflict, HttpError, notFound, validationError } from '../../http/errors';
import type { JobQueue } from '../../jobs/worker';
import type { Realtime } from '../../realtime';
import type { CityService } from '../city/service';
import { type BookingRow, loadCars, presentBooking, presentCaptain, presentNote, presentStatus } from './presenter';

/** Server timings (the spec leaves N open). */
export const LATE_BOOKING_AFTER_MS = 5 * 60_000;
export const LATE_CAPTAIN_AFTER_MS = 5 * 60_000;
export const BESOIN_EXTENSION_MS = 10 * 60_000;
export const CANDIDATES_LIMIT = 20;

export const JOB_KINDS = {
  lateBooking: 'booking.late',
  lateCaptain: 'booking.late_captain',
  besoinExpire: 'booking.besoin_expire',
} as const;

type Actor = Pick<RequestUser, 'id' | 'roles' | 'permissions'>;
type EmitEvent = typeof EVENTS.newBooking | typeof EVENTS.updateBooking | typeof EVENTS.bookingStatusUpdate;

const REFUSED_AS_INPUT: readonly string[] = [
  BOOKING_MSG.pendingReminderTooEarly,
  BOOKING_MSG.dispatchedReminderTooEarly,
];

/** The fields of an order an audit row records on an edit. */
function orderSnapshot(b: BookingRow) {
  return {
    service_id: b.serviceId,
    passenger_id: b.passengerId,
    datetime: b.datetime.toISOString(),
    now: b.now,
    seats: b.seats,
    pickup: b.pickUpLocationName,
    dropoff: b.pullDownLocationName,
    voucher_id: b.voucherId,
  };
}

export function ruleInput(b: BookingRow): BookingRuleInput {
  return {
    status: b.status as BookingStatus,
    now: b.now,
    besoin: b.besoin,
    origin: b.origin as BookingRuleInput['origin'],
    datetime: b.datetime.toISOString(),
    created_at: b.createdAt.toISOString(),
    service_id: b.serviceId,
  };
}

export interface Candidate {
  captain: CaptainRefDto;
  car: CarDto | null;
  distance_m: number;
  eta_s: number;
  online: boolean;
}

export interface BookingLogDto {
  id: number;
  title: string;
  datetime: string;
  doer: string | null;
  before: unknown;
  after: unknown;
}

/** The order form's stops (in order) and its note, written with the booking. */
async function writeStopsAndNote(
  tx: DbOrTx,
  bookingId: number,
  input: Pick<BookingCreate, 'stops' | 'notes'>,
  authorId: number,
  now: Date,
): Promise<void> {
  if (input.stops.length) {
    await tx.insert(bookingStops).values(
      input.stops.map((stop, position) => ({
        bookingId,
        position,
        locationName: stop.name,
        lon: stop.lon,
        lat: stop.lat,
      })),
    );
  }
  if (input.notes) await tx.insert(bookingNotes).values({ bookingId, note: input.notes, authorId, createdAt: now });
}

/** Bookings: rules from @taxi/shared enforced, state changes in one transaction each, emits after commit. */
export class BookingService {
  /** The clock of every rule; tests move it. */
  clock: () => number = () => Date.now();
  /** Told after commit when a captain's live state follows from a booking change (the tracking map). */
  onCaptainState: (captainId: number, state: CaptainLiveState) => void = () => {};

  constructor(
    private readonly deps: { db: Db; realtime: Realtime; jobs: JobQueue; city: CityService; log: FastifyBaseLogger },
  ) {}

  private get db() {
    return this.deps.db;
  }

  // ---------------------------------------------------------------- reads

  async find(id: number, db: DbOrTx = this.db): Promise<BookingRow> {
    const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
    if (!row) throw notFound();
    return row;
  }

  async show(id: number): Promise<BookingDto> {
    return presentBooking(this.db, await this.find(id), { detail: true });
  }

  async statuses(id: number): Promise<BookingStatusDto[]> {
    await this.find(id);
    const rows = await this.db
      .select()
      .from(bookingStatuses)
      .where(eq(bookingStatuses.bookingId, id))
      .orderBy(asc(bookingStatuses.createdAt), asc(bookingStatuses.id));
    return rows.map(presentStatus);
  }

  async logs(actor: Actor, id: number): Promise<BookingLogDto[]> {
    this.authorizeRole(actor, 'logs');
    await this.find(id);
    const rows = await this.db
      .select({ log: auditLog, first: users.firstName, last: users.lastName })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(and(eq(auditLog.entity, 'booking'), eq(auditLog.entityId, String(id))))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
    return rows.map(({ log, first, last }) => ({
      id: log.id,
      title: log.action,
      datetime: log.createdAt.toISOString(),
      doer: first ? `${first} ${last ?? ''}`.trim() : null,
      before: log.before,
      after: log.after,
    }));
  }

  async cancellationReasons(): Promise<{ id: number; text: string }[]> {
    return this.db.select().from(userCancellationReasons).orderBy(asc(userCancellationReasons.id));
  }

  async airportDetails(id: number): Promise<AirportDetailsDto> {
    const booking = await this.find(id);
    const [d] = await this.db.select().from(airportDetails).where(eq(airportDetails.bookingId, id));
    if (!d) throw notFound(BOOKING_MSG.noExtraDetails);
    return {
      agent: d.agent,
      air_agency_name: d.airAgencyName,
      first_name: d.firstName,
      last_name: d.lastName,
      phone_number: d.phoneNumber,
      whatsapp_number: d.whatsappNumber,
      riders: d.riders,
      bags: d.bags,
      pnr: d.pnr,
      country: d.country,
      estimated_price: d.estimatedPrice === null ? null : Number(d.estimatedPrice),
      booking_id: id,
      booking_created_at: booking.createdAt.toISOString(),
      last_update: d.lastUpdate.toISOString(),
    };
  }

  /** Active captains with a car, not blocked, nearest to the pickup first, with street ETA. */
  async candidates(id: number): Promise<Candidate[]> {
    const booking = await this.find(id);
    const pickup: LonLat = [booking.pickUpLon, booking.pickUpLat];
    const now = new Date(this.clock());
    const cosLat = Math.cos((booking.pickUpLat * Math.PI) / 180);
    const rows = await this.db
      .selectDistinctOn([captains.id], { captain: captains, carId: cars.id })
      .from(captains)
      .innerJoin(cars, eq(cars.captainId, captains.id))
      .where(
        and(
          eq(captains.active, true),
          or(isNull(captains.blockedUntil), sql`${captains.blockedUntil} < ${now}`),
          isNotNull(captains.lastLon),
          isNotNull(captains.lastLat),
        ),
      )
      .orderBy(captains.id, asc(cars.id));
    // Nearest by an equirectangular approximation, then exact distance and ETA for the short list.
    const approx = (c: typeof captains.$inferSelect) =>
      ((c.lastLon as number) - pickup[0]) ** 2 * cosLat * cosLat + ((c.lastLat as number) - pickup[1]) ** 2;
    // A captain on another ride would be refused by the dispatch: not listed.
    const nearest = rows.sort((a, b) => approx(a.captain) - approx(b.captain)).slice(0, CANDIDATES_LIMIT * 3);
    const { onRide } = await captainCommitments(
      this.db,
      nearest.map((r) => r.captain.id),
      now,
      id,
    );
    const short = nearest.filter((r) => !onRide.has(r.captain.id)).slice(0, CANDIDATES_LIMIT);
    const carMap = await loadCars(
      this.db,
      short.map((r) => r.carId),
    );
    return short
      .map(({ captain, carId }) => {
        const from: LonLat = [captain.lastLon as number, captain.lastLat as number];
        return {
          captain: presentCaptain(captain),
          car: carMap.get(carId) ?? null,
          distance_m: Math.round(haversine(from, pickup)),
          eta_s: Math.round(this.deps.city.eta(from, pickup)),
          online: captain.online,
        };
      })
      .sort((a, b) => a.distance_m - b.distance_m);
  }

  // ---------------------------------------------------------------- rules

  /** 403 unless the bookings policy lets this user take this action (never the Goverment role). */
  authorizeRole(actor: Actor, action: BookingAction): void {
    if (!bookingPolicy.act.allows(actor, action)) {
      throw new HttpError(403, bookingPolicy.act.refusal?.(actor) ?? MSG.forbidden);
    }
  }

  /** Role, then the shared status rule: 409 when the status does not allow it, 422 for timing. */
  authorize(actor: Actor, action: BookingAction, booking: BookingRow): void {
    this.authorizeRole(actor, action);
    const result = checkBookingAction(action, ruleInput(booking), this.clock());
    if (!result.ok) throw new HttpError(REFUSED_AS_INPUT.includes(result.message) ? 422 : 409, result.message);
  }

  // ---------------------------------------------------------------- changes

  /** Runs a change in one transaction, then presents the booking and emits it after commit. */
  private async change(
    id: number,
    event: EmitEvent | null,
    work: (tx: Tx, now: Date) => Promise<void>,
  ): Promise<BookingDto> {
    const now = new Date(this.clock());
    await this.db.transaction(async (tx) => work(tx, now));
    const dto = await presentBooking(this.db, await this.find(id), { detail: true });
    if (event) this.deps.realtime.emitToUsers(event, dto);
    return dto;
  }

  private async audit(tx: Tx, actorId: number | null, action: string, id: number, before: unknown, after: unknown) {
    await tx.insert(auditLog).values({ actorId, action, entity: 'booking', entityId: String(id), before, after });
  }

  /**
   * Compare-and-set of the status: UPDATE … WHERE id AND status IN (from) RETURNING. Writes the
   * booking_statuses row; throws 409 when another request changed the status first.
   */
  private async setStatus(
    tx: Tx,
    id: number,
    from: readonly string[],
    to: BookingStatus,
    now: Date,
    extra: Partial<typeof bookings.$inferInsert> = {},
    conflictMessage: string = BOOKING_MSG.actionNotAllowed('changed', to),
  ): Promise<BookingRow> {
    const [row] = await tx
      .update(bookings)
      .set({ ...extra, status: to, updatedAt: now })
      .where(and(eq(bookings.id, id), inArray(bookings.status, [...from])))
      .returning();
    if (!row) throw conflict(conflictMessage);
    await tx.insert(bookingStatuses).values({ bookingId: id, status: to, createdAt: now });
    return row;
  }

  async cancel(actor: Actor, id: number, reasonId: number): Promise<BookingDto> {
    const booking = await this.find(id);
    this.authorize(actor, 'cancel', booking);
    const [reason] = await this.db
      .select()
      .from(userCancellationReasons)
      .where(eq(userCancellationReasons.id, reasonId));
    if (!reason) throw validationError('user_cancellation_reason_id', BOOKING_MSG.chooseReason);
    const captainId = (await this.captainOf(id)) ?? booking.suggestionCaptainId;
    const cancelled = await this.change(id, EVENTS.bookingStatusUpdate, async (tx, now) => {
      const row = await this.setStatus(tx, id, [booking.status], 'SYSTEM_CANCELLED', now, {
        userCancellationReasonId: reasonId,
        besoin: false,
        suggestionCaptainId: null,
        suggestionUntil: null,
      });
      await this.audit(
        tx,
        actor.id,
        'cancel',
        id,
        { status: booking.status },
        { status: row.status, reason: reason.text },
      );
    });
    if (captainId) this.onCaptainState(captainId, 'FREE');
    return cancelled;
  }

  /**
   * Manual dispatch (and the AI's, which comes through here). In one transaction: the captain's row is
   * locked and the shared "one captain, one ride" rule checked on fresh facts (404 unknown, 422 inactive,
   * blocked or without a car, 409 on another ride or offer), then the booking's compare-and-set (409 when
   * someone dispatched it first), the ride and the late-captain timer.
   */
  async dispatch(actor: Actor, id: number, captainId: number): Promise<BookingDto> {
    const booking = await this.find(id);
    if (booking.status !== 'PENDING') {
      this.authorizeRole(actor, 'dispatch');
      throw conflict(BOOKING_MSG.alreadyDispatched);
    }
    this.authorize(actor, 'dispatch', booking);
    const now = new Date(this.clock());
    const dispatched = await this.change(id, EVENTS.bookingStatusUpdate, async (tx) => {
      const { carId } = await lockAvailableCaptain(tx, captainId, id, now);
      await this.setStatus(
        tx,
        id,
        ['PENDING'],
        'APPROVED',
        now,
        { besoin: false, suggestionCaptainId: null, suggestionUntil: null },
        BOOKING_MSG.alreadyDispatched,
      );
      const [ride] = await tx.insert(rides).values({ captainId, carId, createdAt: now }).returning();
      await tx.update(bookings).set({ rideId: ride.id }).where(eq(bookings.id, id));
      await this.audit(
        tx,
        actor.id,
        'dispatch',
        id,
        { status: 'PENDING' },
        { status: 'APPROVED', captain_id: captainId, ride_id: ride.id },
      );
      const lateAt = Math.max(booking.datetime.getTime(), now.getTime()) + LATE_CAPTAIN_AFTER_MS;
      await this.deps.jobs.schedule(JOB_KINDS.lateCaptain, { booking_id: id, ride_id: ride.id }, new Date(lateAt), tx);
    });
    this.onCaptainState(captainId, 'TO_PICKUP');
    return dispatched;
  }

  async remind(actor: Actor, id: number, kind: 'pendingReminder' | 'dispatchedReminder'): Promise<void> {
    const booking = await this.find(id);
    this.authorize(actor, kind, booking);
    await this.db.transaction(async (tx) => {
      await this.audit(
        tx,
        actor.id,
        kind === 'pendingReminder' ? 'pending_reminder' : 'dispatched_reminder',
        id,
        null,
        {
          status: booking.status,
        },
      );
    });
  }

  async renewBesoin(actor: Actor, id: number): Promise<BookingDto> {
    const booking = await this.find(id);
    this.authorize(actor, 'extend', booking);
    let besoinDate = new Date(0);
    const dto = await this.change(id, EVENTS.updateBooking, async (tx, now) => {
      const base = Math.max(now.getTime(), booking.besoinDate?.getTime() ?? 0);
      besoinDate = new Date(base + BESOIN_EXTENSION_MS);
      const [row] = await tx
        .update(bookings)
        .set({ besoinDate, updatedAt: now })
        .where(and(eq(bookings.id, id), eq(bookings.besoin, true)))
        .returning({ id: bookings.id });
      if (!row) throw conflict(BOOKING_MSG.notBesoin);
      await this.audit(
        tx,
        actor.id,
        'besoin_renew',
        id,
        { besoin_date: booking.besoinDate },
        { besoin_date: besoinDate },
      );
      await this.deps.jobs.schedule(JOB_KINDS.besoinExpire, { booking_id: id }, besoinDate, tx);
    });
    this.deps.realtime.emitToUsers(EVENTS.renewBesoin, { booking_id: id, besoin_date: besoinDate.toISOString() });
    return dto;
  }

  async changeTime(
    actor: Actor,
    id: number,
    local: string,
    detachVoucher: boolean,
  ): Promise<{ datetime: string; booking: BookingDto }> {
    const booking = await this.find(id);
    this.authorize(actor, 'changeTime', booking);
    const next = cityLocalToDate(local);
    if (!next) throw validationError('datetime', BOOKING_MSG.maxTwoHours);
    if (!isWithinChangeWindow(booking.datetime.toISOString(), next.toISOString())) {
      throw validationError('datetime', BOOKING_MSG.maxTwoHours);
    }
    const dto = await this.change(id, EVENTS.updateBooking, async (tx, now) => {
      const [row] = await tx
        .update(bookings)
        .set({ datetime: next, updatedAt: now, ...(detachVoucher ? { voucherId: null } : {}) })
        .where(and(eq(bookings.id, id), eq(bookings.status, booking.status)))
        .returning({ id: bookings.id });
      if (!row) throw conflict(BOOKING_MSG.actionNotAllowed('edited', booking.status));
      await this.audit(
        tx,
        actor.id,
        'change_time',
        id,
        { datetime: booking.datetime, voucher_id: booking.voucherId },
        { datetime: next, voucher_id: detachVoucher ? null : booking.voucherId },
      );
      if (booking.now && booking.status === 'PENDING') {
        await this.deps.jobs.schedule(
          JOB_KINDS.lateBooking,
          { booking_id: id },
          new Date(next.getTime() + LATE_BOOKING_AFTER_MS),
          tx,
        );
      }
    });
    return { datetime: dateToCityLocal(next), booking: dto };
  }

  private async service(id: number) {
    const [service] = await this.db.select().from(services).where(eq(services.id, id));
    if (!service?.active) throw validationError('service_id', BOOKING_MSG.unknownService);
    return service;
  }

  async changeService(actor: Actor, id: number, serviceId: number): Promise<BookingDto> {
    const booking = await this.find(id);
    this.authorize(actor, 'changeService', booking);
    const service = await this.service(serviceId);
    return this.change(id, EVENTS.updateBooking, async (tx, now) => {
      const [row] = await tx
        .update(bookings)
        .set({ serviceId, vehicleType: service.vehicleType, updatedAt: now })
        .where(and(eq(bookings.id, id), eq(bookings.status, booking.status)))
        .returning({ id: bookings.id });
      if (!row) throw conflict(BOOKING_MSG.actionNotAllowed('edited', booking.status));
      await this.audit(
        tx,
        actor.id,
        'change_service',
        id,
        { service_id: booking.serviceId },
        { service_id: serviceId },
      );
    });
  }

  async suggestServiceChange(actor: Actor, id: number, serviceId: number): Promise<BookingDto> {
    const booking = await this.find(id);
    this.authorize(actor, 'suggestService', booking);
    await this.service(serviceId);
    return this.change(id, EVENTS.updateBooking, async (tx, now) => {
      // Lock the booking row so two operators cannot both send the same suggestion.
      await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, id)).for('update');
      const [last] = await tx
        .select()
        .from(serviceChangeSuggestions)
        .where(eq(serviceChangeSuggestions.bookingId, id))
        .orderBy(sql`${serviceChangeSuggestions.id} desc`)
        .limit(1);
      if (last && last.newServiceId === serviceId)
        throw new HttpError(422, BOOKING_MSG.suggestionAlreadySent, {
          service_id: [BOOKING_MSG.suggestionAlreadySent],
        });
      await tx
        .insert(serviceChangeSuggestions)
        .values({ bookingId: id, newServiceId: serviceId, createdById: actor.id, createdAt: now });
      await tx.update(bookings).set({ updatedAt: now }).where(eq(bookings.id, id));
      await this.audit(
        tx,
        actor.id,
        'suggest_service_change',
        id,
        { service_id: booking.serviceId },
        { new_service_id: serviceId },
      );
    });
  }

  async acceptServiceChange(actor: Actor, id: number): Promise<BookingDto> {
    const booking = await this.find(id);
    this.authorize(actor, 'changeService', booking);
    return this.change(id, EVENTS.updateBooking, async (tx, now) => {
      const [pending] = await tx
        .update(serviceChangeSuggestions)
        .set({ acceptedAt: now })
        .where(
          and(
            eq(serviceChangeSuggestions.bookingId, id),
            isNull(serviceChangeSuggestions.acceptedAt),
            eq(
              serviceChangeSuggestions.id,
              sql`(select max(${serviceChangeSuggestions.id}) from ${serviceChangeSuggestions} where ${serviceChangeSuggestions.bookingId} = ${id})`,
            ),
          ),
        )
        .returning();
      if (!pending) throw conflict(BOOKING_MSG.noPendingSuggestion);
      const [service] = await tx.select().from(services).where(eq(services.id, pending.newServiceId));
      await tx
        .update(bookings)
        .set({
          serviceId: pending.newServiceId,
          vehicleType: service?.vehicleType ?? booking.vehicleType,
          updatedAt: now,
        })
        .where(eq(bookings.id, id));
      await this.audit(
        tx,
        actor.id,
        'accept_service_change',
        id,
        { service_id: booking.serviceId },
        { service_id: pending.newServiceId },
      );
    });
  }

  async touch(actor: Actor, id: number): Promise<BookingDto> {
    await this.find(id);
    return this.change(id, EVENTS.updateBooking, async (tx, now) => {
      await tx.update(bookings).set({ updatedAt: now }).where(eq(bookings.id, id));
      await tx.update(airportDetails).set({ lastUpdate: now }).where(eq(airportDetails.bookingId, id));
      await this.audit(tx, actor.id, 'airport_received', id, null, { updated_at: now });
    });
  }

  async solveNote(actor: Actor, noteId: number): Promise<BookingNoteDto> {
    const now = new Date(this.clock());
    const note = await this.db.transaction(async (tx) => {
      const [row] = await tx.update(bookingNotes).set({ solvedAt: now }).where(eq(bookingNotes.id, noteId)).returning();
      if (!row) throw notFound();
      await tx.update(bookings).set({ updatedAt: now }).where(eq(bookings.id, row.bookingId));
      await this.audit(tx, actor.id, 'note_solved', row.bookingId, { note_id: noteId }, { solved_at: now });
      return row;
    });
    const [author] = note.authorId
      ? await this.db.select().from(users).where(eq(users.id, note.authorId))
      : [undefined];
    const dto = await presentBooking(this.db, await this.find(note.bookingId));
    this.deps.realtime.emitToUsers(EVENTS.updateBooking, dto);
    return presentNote(note, author ? `${author.firstName} ${author.lastName}`.trim() : null);
  }

  /** A phone or dashboard booking (POST bookings): validated with the shared schema by the route. */
  /** Checks and resolves what a phone/dashboard order refers to: service, time, voucher, places, sectors. */
  private async resolveOrder(input: BookingCreate, now: Date) {
    const service = await this.service(input.service_id);
    const datetime = input.now ? now : cityLocalToDate(input.datetime ?? '');
    if (!datetime) throw validationError('datetime', BOOKING_MSG.timeUpdateError);
    if (input.passenger_id) {
      const [p] = await this.db
        .select({ id: passengers.id })
        .from(passengers)
        .where(eq(passengers.id, input.passenger_id));
      if (!p) throw validationError('passenger_id', BOOKING_MSG.unknownPassenger);
    }
    let voucherId: number | null = null;
    if (input.voucher_code) {
      const [v] = await this.db
        .select()
        .from(vouchers)
        .where(
          and(
            eq(vouchers.code, input.voucher_code),
            eq(vouchers.active, true),
            or(isNull(vouchers.expiresAt), gt(vouchers.expiresAt, now)),
          ),
        );
      if (!v) throw validationError('voucher_code', BOOKING_MSG.unknownVoucher);
      voucherId = v.id;
    }
    const placeIds = [input.pickup.place_id, input.dropoff?.place_id].filter((v): v is number => !!v);
    const known = placeIds.length
      ? new Set(
          (await this.db.select({ id: places.id }).from(places).where(inArray(places.id, placeIds))).map((p) => p.id),
        )
      : new Set<number>();
    const landmark = (id: number | null | undefined) => (id && known.has(id) ? id : null);
    const city = this.deps.city;
    const pickupSector = city.sectorOf([input.pickup.lon, input.pickup.lat]);
    const dropoffSector = input.dropoff ? city.sectorOf([input.dropoff.lon, input.dropoff.lat]) : null;
    /** The columns of bookings an order form sets. */
    const columns = {
      datetime,
      now: input.now,
      seats: input.seats,
      vehicleType: service.vehicleType,
      roomNumber: input.room_number,
      serviceId: service.id,
      pickUpLocationName: input.pickup.name,
      pickUpLocationDetails: input.pickup.details,
      pullDownLocationName: input.dropoff?.name ?? null,
      pullDownLocationDetails: input.dropoff?.details ?? null,
      landmarkPickupId: landmark(input.pickup.place_id),
      landmarkDropoffId: landmark(input.dropoff?.place_id),
      pickUpLon: input.pickup.lon,
      pickUpLat: input.pickup.lat,
      pullDownLon: input.dropoff?.lon ?? null,
      pullDownLat: input.dropoff?.lat ?? null,
      pickupSectorId: pickupSector?.id ?? null,
      dropoffSectorId: dropoffSector?.id ?? null,
      voucherId,
    };
    return { service, datetime, columns };
  }

  async create(actor: Actor, input: BookingCreate): Promise<BookingDto> {
    const now = new Date(this.clock());
    const { service, datetime, columns } = await this.resolveOrder(input, now);

    let id = 0;
    const dto = await this.db.transaction(async (tx) => {
      let passengerId = input.passenger_id ?? 0;
      if (!passengerId && input.new_passenger) {
        const [p] = await tx
          .insert(passengers)
          .values({
            firstName: input.new_passenger.first_name,
            lastName: input.new_passenger.last_name,
            phoneNumber: input.new_passenger.phone_number,
            registered: false,
            active: true,
          })
          .returning({ id: passengers.id });
        passengerId = p.id;
      }
      const [row] = await tx
        .insert(bookings)
        .values({
          ...columns,
          status: 'PENDING',
          origin: input.origin,
          passengerId,
          creatorId: actor.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      id = row.id;
      await tx.insert(bookingStatuses).values({ bookingId: id, status: 'PENDING', createdAt: now });
      await writeStopsAndNote(tx, id, input, actor.id, now);
      await this.audit(tx, actor.id, 'create', id, null, {
        status: 'PENDING',
        origin: input.origin,
        service_id: service.id,
      });
      if (input.now) {
        await this.deps.jobs.schedule(
          JOB_KINDS.lateBooking,
          { booking_id: id },
          new Date(datetime.getTime() + LATE_BOOKING_AFTER_MS),
          tx,
        );
      }
      return row;
    });
    const presented = await presentBooking(this.db, dto, { detail: true });
    this.deps.realtime.emitToUsers(EVENTS.newBooking, presented);
    return presented;
  }

  /** Order editing from the phone-booking form (edit=1): an order not yet on its way changes as a whole. */
  async editOrder(actor: Actor, id: number, input: BookingCreate): Promise<BookingDto> {
    this.authorizeRole(actor, 'changeTime');
    const now = new Date(this.clock());
    if (!input.passenger_id) throw validationError('passenger_id', MSG.required);
    const { columns } = await this.resolveOrder(input, now);
    return this.change(id, EVENTS.updateBooking, async (tx) => {
      const before = await this.find(id, tx);
      this.authorize(actor, 'changeTime', before);
      const [after] = await tx
        .update(bookings)
        .set({ ...columns, passengerId: input.passenger_id ?? before.passengerId, updatedAt: now })
        // compare-and-set: a dispatch that lands meanwhile wins, and this edit is refused
        .where(and(eq(bookings.id, id), eq(bookings.status, before.status)))
        .returning();
      if (!after) throw conflict(BOOKING_MSG.actionNotAllowed('edited', before.status));
      await tx.delete(bookingStops).where(eq(bookingStops.bookingId, id));
      await writeStopsAndNote(tx, id, input, actor.id, now);
      await this.audit(tx, actor.id, 'edit order', id, orderSnapshot(before), orderSnapshot(after));
    });
  }

  // ---------------------------------------------------------------- captain and passenger apps (simulator)

  /** The ride's captain of a booking, or null. */
  async captainOf(id: number, db: DbOrTx = this.db): Promise<number | null> {
    const [row] = await db
      .select({ captainId: rides.captainId })
      .from(bookings)
      .innerJoin(rides, eq(rides.id, bookings.rideId))
      .where(eq(bookings.id, id));
    return row?.captainId ?? null;
  }

  private async ownedBy(id: number, captainId: number): Promise<BookingRow> {
    const booking = await this.find(id);
    if ((await this.captainOf(id)) !== captainId) throw new HttpError(403, AI_MSG.notYourBooking);
    return booking;
  }

  private stateAfter(status: BookingStatus): CaptainLiveState {
    return STATE_OF_BOOKING_STATUS[status] ?? 'FREE';
  }

  /**
   * The captain app moves its booking one step (APPROVED → ACCEPTED → STARTED → ARRIVED → PICKED_UP →
   * DONE); compare-and-set on the status, 409 when it moved meanwhile. `at` is where the captain is.
   */
  async captainStep(captainId: number, id: number, at?: LonLat): Promise<BookingDto> {
    const booking = await this.ownedBy(id, captainId);
    const to = CAPTAIN_TRANSITIONS[booking.status as BookingStatus];
    if (!to || to === 'PAID') throw conflict(BOOKING_MSG.actionNotAllowed('moved on', booking.status));
    const dto = await this.change(id, EVENTS.bookingStatusUpdate, async (tx, now) => {
      await this.setStatus(tx, id, [booking.status], to, now);
      if (at) {
        await tx
          .update(bookingStatuses)
          .set({ lon: at[0], lat: at[1] })
          .where(and(eq(bookingStatuses.bookingId, id), eq(bookingStatuses.status, to)));
      }
      await this.audit(tx, null, `captain_${to.toLowerCase()}`, id, { status: booking.status }, { status: to });
    });
    this.onCaptainState(captainId, this.stateAfter(to));
    return dto;
  }

  /** DONE → PAID with the fare (and a tip) recorded as DONE payments. */
  async pay(captainId: number, id: number, amount: number, tip = 0): Promise<BookingDto> {
    const booking = await this.ownedBy(id, captainId);
    if (booking.status !== 'DONE') throw conflict(BOOKING_MSG.actionNotAllowed('paid', booking.status));
    const dto = await this.change(id, EVENTS.bookingStatusUpdate, async (tx, now) => {
      await this.setStatus(tx, id, ['DONE'], 'PAID', now);
      const rows = [
        { bookingId: id, rideId: booking.rideId, type: 'booking', amount: amount.toFixed(2), createdAt: now },
      ];
      if (tip > 0)
        rows.push({ bookingId: id, rideId: booking.rideId, type: 'tip', amount: tip.toFixed(2), createdAt: now });
      await tx.insert(payments).values(rows.map((r) => ({ ...r, status: 'DONE' })));
      await this.audit(tx, null, 'paid', id, { status: 'DONE' }, { status: 'PAID', amount, tip });
    });
    this.onCaptainState(captainId, 'FREE');
    return dto;
  }

  /** The captain gives up the booking with a reason (CAPTAIN_CANCELLED). */
  async captainCancel(captainId: number, id: number, reasonId: number): Promise<BookingDto> {
    const booking = await this.ownedBy(id, captainId);
    if (!CAPTAIN_CANCELLABLE.includes(booking.status as BookingStatus))
      throw conflict(BOOKING_MSG.actionNotAllowed('cancelled', booking.status));
    const [reason] = await this.db
      .select()
      .from(captainCancellationReasons)
      .where(eq(captainCancellationReasons.id, reasonId));
    if (!reason) throw validationError('captain_cancellation_reason_id', BOOKING_MSG.unknownReason);
    const dto = await this.change(id, EVENTS.bookingStatusUpdate, async (tx, now) => {
      await this.setStatus(tx, id, [booking.status], 'CAPTAIN_CANCELLED', now, {
        captainCancellationReasonId: reasonId,
        captainCancellations: booking.captainCancellations + 1,
      });
      await this.audit(tx, null, 'captain_cancel', id, { status: booking.status }, { reason: reason.text });
    });
    this.onCaptainState(captainId, 'FREE');
    return dto;
  }

  /** The passenger app cancels (PAX_CANCELLED). */
  async passengerCancel(id: number): Promise<BookingDto> {
    const booking = await this.find(id);
    if (!PAX_CANCELLABLE.includes(booking.status as BookingStatus))
      throw conflict(BOOKING_MSG.actionNotAllowed('cancelled', booking.status));
    const captainId = await this.captainOf(id);
    const offered = booking.suggestionCaptainId;
    const dto = await this.change(id, EVENTS.bookingStatusUpdate, async (tx, now) => {
      await this.setStatus(tx, id, [booking.status], 'PAX_CANCELLED', now, {
        besoin: false,
        suggestionCaptainId: null,
        suggestionUntil: null,
      });
      await this.audit(tx, null, 'passenger_cancel', id, { status: booking.status }, { status: 'PAX_CANCELLED' });
    });
    if (captainId) this.onCaptainState(captainId, 'FREE');
    else if (offered) this.onCaptainState(offered, 'FREE');
    return dto;
  }

  /** Geofence of the pickup radius: an enter opens a row, a leave closes the open one. */
  async geofence(id: number, captainId: number, kind: 'enter' | 'leave'): Promise<void> {
    const now = new Date(this.clock());
    await this.db.transaction(async (tx) => {
      if (kind === 'enter') {
        await tx.insert(geofenceLogs).values({ bookingId: id, captainId, enterTime: now });
      } else {
        const [open] = await tx
          .select({ id: geofenceLogs.id })
          .from(geofenceLogs)
          .where(
            and(eq(geofenceLogs.bookingId, id), eq(geofenceLogs.captainId, captainId), isNull(geofenceLogs.leaveTime)),
          )
          .orderBy(sql`${geofenceLogs.id} desc`)
          .limit(1);
        if (open) await tx.update(geofenceLogs).set({ leaveTime: now }).where(eq(geofenceLogs.id, open.id));
        else await tx.insert(geofenceLogs).values({ bookingId: id, captainId, leaveTime: now });
      }
      await this.audit(tx, null, `geofence_${kind}`, id, null, { captain_id: captainId });
    });
  }

  /**
   * Offers a PENDING booking to a captain until `until` (the request card's suggestion countdown):
   * compare-and-set on "PENDING and no live offer"; a booking_suggestions row SENT. Null when taken.
   */
  async offer(id: number, captainId: number, until: Date): Promise<BookingDto | null> {
    let taken = false;
    const dto = await this.change(id, EVENTS.updateBooking, async (tx, now) => {
      const [row] = await tx
        .update(bookings)
        .set({ suggestionCaptainId: captainId, suggestionUntil: until, updatedAt: now })
        .where(
          and(
            eq(bookings.id, id),
            eq(bookings.status, 'PENDING'),
            or(isNull(bookings.suggestionUntil), sql`${bookings.suggestionUntil} <= ${now}`),
          ),
        )
        .returning({ id: bookings.id });
      if (!row) {
        taken = true;
        return;
      }
      await tx.insert(bookingSuggestions).values({ bookingId: id, captainId, status: 'SENT', until, createdAt: now });
      await this.audit(tx, null, 'offer_sent', id, null, { captain_id: captainId, until });
    });
    if (taken) return null;
    this.onCaptainState(captainId, 'OFFERED');
    return dto;
  }

  /**
   * Ends the captain's open offer: ACCEPTED keeps the captain reserved until `holdUntil`; REFUSED (or
   * null: no answer before the deadline) frees the booking for the next offer. 409 without an open offer.
   */
  async closeOffer(
    id: number,
    captainId: number,
    answer: 'ACCEPTED' | 'REFUSED' | null,
    holdUntil?: Date,
  ): Promise<BookingDto> {
    const dto = await this.change(id, EVENTS.updateBooking, async (tx, now) => {
      const [sent] = await tx
        .select({ id: bookingSuggestions.id })
        .from(bookingSuggestions)
        .where(
          and(
            eq(bookingSuggestions.bookingId, id),
            eq(bookingSuggestions.captainId, captainId),
            eq(bookingSuggestions.status, 'SENT'),
          ),
        )
        .orderBy(sql`${bookingSuggestions.id} desc`)
        .limit(1);
      if (!sent) throw conflict(AI_MSG.noOffer);
      if (answer) await tx.update(bookingSuggestions).set({ status: answer }).where(eq(bookingSuggestions.id, sent.id));
      else await tx.update(bookingSuggestions).set({ until: now }).where(eq(bookingSuggestions.id, sent.id));
      const hold = answer === 'ACCEPTED' && holdUntil;
      await tx
        .update(bookings)
        .set(
          hold
            ? { suggestionUntil: holdUntil, updatedAt: now }
            : { suggestionCaptainId: null, suggestionUntil: null, updatedAt: now },
        )
        .where(and(eq(bookings.id, id), eq(bookings.suggestionCaptainId, captainId)));
      await this.audit(tx, null, 'offer_answer', id, null, { captain_id: captainId, answer: answer ?? 'NO_RESPONSE' });
    });
    if (answer !== 'ACCEPTED') this.onCaptainState(captainId, 'FREE');
    return dto;
  }

  /** Releases a held captain (the AI suggestion ended without dispatch). */
  async releaseHold(id: number, captainId: number): Promise<void> {
    const now = new Date(this.clock());
    const rows = await this.db
      .update(bookings)
      .set({ suggestionCaptainId: null, suggestionUntil: null, updatedAt: now })
      .where(and(eq(bookings.id, id), eq(bookings.suggestionCaptainId, captainId)))
      .returning({ id: bookings.id });
    if (rows.length) {
      this.deps.realtime.emitToUsers(EVENTS.updateBooking, await presentBooking(this.db, await this.find(id)));
      this.onCaptainState(captainId, 'FREE');
    }
  }

  /**
   * Applies what the passenger accepted from an AI suggestion to a PENDING booking: a new time and/or
   * another service (with its vehicle type), in one transaction with its audit row.
   */
  async applySuggestion(
    actorId: number | null,
    id: number,
    change: { datetime?: Date | null; serviceId?: number | null },
  ): Promise<BookingDto> {
    const booking = await this.find(id);
    const service = change.serviceId ? await this.service(change.serviceId) : null;
    const datetime = change.datetime ?? booking.datetime;
    return this.change(id, EVENTS.updateBooking, async (tx, now) => {
      const [row] = await tx
        .update(bookings)
        .set({
          datetime,
          ...(service ? { serviceId: service.id, vehicleType: service.vehicleType } : {}),
          updatedAt: now,
        })
        .where(and(eq(bookings.id, id), eq(bookings.status, 'PENDING')))
        .returning({ id: bookings.id });
      if (!row) throw conflict(BOOKING_MSG.alreadyDispatched);
      await this.audit(
        tx,
        actorId,
        service ? 'ai_service_change' : 'ai_time_change',
        id,
        { datetime: booking.datetime, service_id: booking.serviceId },
        { datetime, service_id: service?.id ?? booking.serviceId },
      );
    });
  }

  // ---------------------------------------------------------------- durable timers

  /** Handlers re-check the state at run time: the booking may have moved on since scheduling. */
  registerJobs(): void {
    const { jobs, realtime } = this.deps;
    jobs.register<{ booking_id: number }>(JOB_KINDS.lateBooking, async ({ booking_id }) => {
      const [b] = await this.db.select().from(bookings).where(eq(bookings.id, booking_id));
      if (b?.status !== 'PENDING' || !b.now) return;
      if (b.datetime.getTime() + LATE_BOOKING_AFTER_MS > this.clock()) return;
      realtime.emitToUsers(EVENTS.lateBooking, { booking_id, message: BOOKING_MSG.lateBooking(booking_id) });
    });
    jobs.register<{ booking_id: number; ride_id: number }>(JOB_KINDS.lateCaptain, async ({ booking_id, ride_id }) => {
      const [row] = await this.db
        .select({ b: bookings, first: captains.firstName, last: captains.lastName })
        .from(bookings)
        .innerJoin(rides, eq(rides.id, bookings.rideId))
        .innerJoin(captains, eq(captains.id, rides.captainId))
        .where(eq(bookings.id, booking_id));
      if (!row || row.b.rideId !== ride_id || !['APPROVED', 'ACCEPTED', 'STARTED'].includes(row.b.status)) return;
      if (row.b.datetime.getTime() + LATE_CAPTAIN_AFTER_MS > this.clock()) return;
      const captainName = `${row.first} ${row.last}`.trim();
      realtime.emitToUsers(EVENTS.lateCaptain, {
        booking_id,
        captain_name: captainName,
        message: BOOKING_MSG.lateCaptain(booking_id, captainName),
      });
    });
    jobs.register<{ booking_id: number }>(JOB_KINDS.besoinExpire, async ({ booking_id }) => {
      const now = new Date(this.clock());
      const expired = await this.db.transaction(async (tx) => {
        const [row] = await tx
          .update(bookings)
          .set({ besoin: false, updatedAt: now })
          .where(
            and(
              eq(bookings.id, booking_id),
              eq(bookings.besoin, true),
              sql`${bookings.besoinDate} <= ${now}`,
              notInArray(bookings.status, [...CANCELLED_STATUSES]),
            ),
          )
          .returning({ id: bookings.id });
        if (row) await this.audit(tx, null, 'besoin_expired', booking_id, { besoin: true }, { besoin: false });
        return !!row;
      });
      if (expired) realtime.emitToUsers(EVENTS.expiredBesoin, { booking_id });
    });
  }
}
