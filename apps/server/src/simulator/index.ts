import {
  type BookingCreate,
  type BookingDto,
  dateToCityLocal,
  fareOf,
  MAP_CENTER,
  PICKUP_GEOFENCE_M,
  SERVICE_IDS,
} from '@taxi/shared';
import { haversine, type LonLat } from '@taxi/shared/geo';
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  bookingSuggestions,
  bookings,
  captainCancellationReasons,
  captains,
  cars,
  passengers,
  rides,
  users,
} from '../db/schema';
import { HttpError } from '../http/errors';
import type { CityPlace } from '../modules/city/service';

/** Points around the map centre standing in for places when no city data was imported. */
function syntheticPlaces(count: number, offset: () => number): CityPlace[] {
  return Array.from({ length: count }, (_, i) => ({
    id: -(i + 1),
    osm_id: 0,
    name: `Meeting point ${i + 1}`,
    category: 'landmark' as const,
    lng: MAP_CENTER[0] + offset(),
    lat: MAP_CENTER[1] + offset(),
    addr_street: null,
    stars: null,
    cuisine: null,
    sector_id: null,
    sector_name: null,
  }));
}

import { SimChat } from './chat';
import { type SimClock, seededRandom } from './clock';
import { simComplaints } from './complaints';
import { captainInbox } from './inbox';
import { DrivePath } from './path';
import { simSurveys } from './surveys';
import { SimTickets } from './tickets';

export { ManualClock, seededRandom } from './clock';

export interface SimulatorOptions {
  captains: number;
  bookingsPerHour: number;
  clock?: SimClock;
  random?: () => number;
  /** Seconds between two position reports of a captain. */
  reportEverySeconds?: number;
  /** Run the AI sweep from the simulator's step (tests with a hand-moved clock). */
  driveAi?: boolean;
  /** Share of bookings made in VIP by passengers who may use it (default 0.08). */
  vipShare?: number;
  /** Share of bookings made for later rather than now (default 0.2). */
  laterShare?: number;
  /** Share of later bookings made at short notice, 3–6 minutes ahead (default 1/3). */
  shortNoticeShare?: number;
}

type Mode = 'off' | 'idle' | 'to_pickup' | 'at_pickup' | 'to_dropoff';

interface SimCaptain {
  id: number;
  mode: Mode;
  pos: LonLat;
  heading: number | null;
  path: DrivePath | null;
  shiftEnd: number;
  nextShift: number;
  lastReport: number;
  bookingId: number | null;
  /** The captain starts driving to the pickup only then (a late captain waits). */
  departAt: number;
  /** At the pickup until then (the passenger gets in). */
  boardAt: number;
  inFence: boolean;
  tripMetres: number;
  /** The driver's pace against the streets' speeds (some drive a little faster, some slower). */
  pace: number;
}

interface OfferSeen {
  answerAt: number;
  accept: boolean;
}

/** A 1×1 PNG: the ID card images of simulated sign-ups. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const FIRST = ['Lucas', 'Emma', 'Hugo', 'Chloé', 'Louis', 'Léa', 'Jules', 'Manon', 'Noah', 'Inès', 'Marco', 'Giulia'];
const LAST = ['Martin', 'Bernard', 'Rossi', 'Dubois', 'Moreau', 'Ferrari', 'Laurent', 'Garcia', 'Fontana', 'Roux'];

/** Statuses a simulated captain still works on. */
const WORKING = ['APPROVED', 'ACCEPTED', 'STARTED', 'ARRIVED', 'PICKED_UP', 'DONE'];

/**
 * The world simulator: plays the passenger and captain apps through the same services as real
 * traffic (BookingService.create, the AI's offers, the captain-side transitions, LocationService).
 * Captains log on and off by shift and drive along street routes; passengers book now or later from
 * the city's stations, landmarks and hotels; some cancel, some captains are late or give up.
 */
export class Simulator {
  readonly clock: SimClock;
  private readonly random: () => number;
  private readonly reportEvery: number;
  private fleet: SimCaptain[] = [];
  private byId = new Map<number, SimCaptain>();
  private passengerIds: number[] = [];
  /** Passengers who may book VIP. */
  private vipPassengerIds: number[] = [];
  private pickups: CityPlace[] = [];
  private dropoffs: CityPlace[] = [];
  private reasonIds: number[] = [];
  private phoneActor: { id: number; roles: []; permissions: string[] } | null = null;
  private offers = new Map<string, OfferSeen>();
  private cancelAt = new Map<number, number>();
  private lastStep = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  readonly counters = { bookings: 0, signups: 0, reports: 0, paid: 0, paxCancels: 0, captainCancels: 0, errors: 0 };

  constructor(
    private readonly app: FastifyInstance,
    private readonly opts: SimulatorOptions,
  ) {
    this.clock = opts.clock ?? app.clock;
    this.random = opts.random ?? Math.random;
    this.reportEvery = (opts.reportEverySeconds ?? 4) * 1000;
    // Its own sequence: with a seeded world, the chat does not shift the bookings' draws.
    this.chat = new SimChat(app, opts.random ? seededRandom(7) : Math.random);
    this.tickets = new SimTickets(app, opts.random ? seededRandom(11) : Math.random);
  }

  /** The apps' side of the conversations (answers, questions). */
  private readonly chat: SimChat;
  /** The apps' tickets after rides. */
  private readonly tickets: SimTickets;

  private get now() {
    return this.clock.now();
  }
  private chance(p: number) {
    return this.random() < p;
  }
  private pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)];
  }
  private between(a: number, b: number) {
    return a + (b - a) * this.random();
  }

  /** Loads the fleet, passengers, places and reasons. Returns a line saying how captains drive. */
  async init(): Promise<string> {
    const { db, city } = this.app;
    const now = new Date(this.now);
    const rows = await db
      .selectDistinctOn([captains.id], { id: captains.id, lon: captains.lastLon, lat: captains.lastLat })
      .from(captains)
      .innerJoin(cars, eq(cars.captainId, captains.id))
      .where(
        and(
          eq(captains.active, true),
          // Sedans and the few luxury cars of the VIP service (vans stay out of the simulation).
          inArray(cars.vehicleType, ['sedan', 'luxury']),
          or(isNull(captains.blockedUntil), lt(captains.blockedUntil, now)),
        ),
      )
      .orderBy(asc(captains.id))
      .limit(this.opts.captains);
    this.pickups = [...city.places('station'), ...city.places('landmark'), ...city.places('hotel')];
    this.dropoffs = [...this.pickups, ...city.places('restaurant'), ...city.places('hospital')];
    if (this.pickups.length < 2) {
      // No city imported (the demo city folder is absent): book between made-up points around the centre.
      this.pickups = syntheticPlaces(12, () => this.between(-0.012, 0.012));
      this.dropoffs = this.pickups;
    }
    const anywhere = this.pickups.length ? this.pickups : null;
    this.fleet = rows.map((r) => {
      const start: LonLat =
        r.lon != null && r.lat != null
          ? [r.lon, r.lat]
          : anywhere
            ? (([p]) => [p.lng, p.lat] as LonLat)([this.pick(anywhere)])
            : [MAP_CENTER[0] + this.between(-0.01, 0.01), MAP_CENTER[1] + this.between(-0.01, 0.01)];
      const onShift = this.chance(0.8);
      return {
        id: r.id,
        mode: 'off' as Mode,
        pos: start,
        heading: null,
        path: null,
        shiftEnd: onShift ? this.now + this.between(1, 6) * 3600_000 : 0,
        nextShift: onShift ? this.now : this.now + this.between(5, 60) * 60_000,
        lastReport: 0,
        bookingId: null,
        departAt: 0,
        boardAt: 0,
        pace: this.between(0.85, 1.1),
        inFence: false,
        tripMetres: 0,
      };
    });
    this.byId = new Map(this.fleet.map((c) => [c.id, c]));
    // Every captain app still logged on from an earlier run logs off; the fleet logs on by shift.
    const online = await db.select({ id: captains.id }).from(captains).where(eq(captains.online, true));
    for (const { id } of online) await this.app.locations.setOnline(id, false);
    const riders = await db
      .select({ id: passengers.id, vip: passengers.canUseVip })
      .from(passengers)
      .where(eq(passengers.active, true))
      // A sample that the seed decides (not the database's random()), so a seeded hour replays the same
      // on PGlite and on PostgreSQL.
      .orderBy(sql`md5(${passengers.id}::text || ${String(Math.floor(this.random() * 1e9))})`)
      .limit(400);
    this.passengerIds = riders.map((p) => p.id);
    this.vipPassengerIds = riders.filter((p) => p.vip).map((p) => p.id);
    this.reasonIds = (
      await db
        .select({ id: captainCancellationReasons.id })
        .from(captainCancellationReasons)
        .orderBy(asc(captainCancellationReasons.id))
    ).map((r) => r.id);
    const [cc] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'callcenter@example.com'));
    this.phoneActor = cc ? { id: cc.id, roles: [], permissions: ['PHONE_BOOKING'] } : null;
    this.lastStep = this.now;
    return city.hasStreets
      ? `Simulator: ${this.fleet.length} captains drive on the street graph, ${this.opts.bookingsPerHour} bookings/hour`
      : `Simulator: ${this.fleet.length} captains, NO street data — they drive in straight lines, ${this.opts.bookingsPerHour} bookings/hour`;
  }

  /** Real-time loop (the demo): one step a second. */
  start(periodMs = 1000): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.step()
        .catch((e) => this.app.log.warn(e, 'simulator step failed'))
        .finally(() => {
          this.running = null;
        });
    }, periodMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Advances the world to the clock's time. */
  async step(): Promise<void> {
    const now = this.now;
    const dt = Math.max(0, (now - this.lastStep) / 1000);
    this.lastStep = now;
    await this.timed('shifts', () => this.shifts(now));
    await this.timed('book', () => this.newBookings(now, dt));
    if (this.opts.driveAi) await this.timed('ai', () => this.app.ai.tick());
    await this.timed('offers', () => this.answerOffers(now));
    await this.timed('assign', () => this.pickUpAssignments(now));
    await this.timed('cancel', () => this.passengerCancels(now));
    const atPickup = this.fleet.flatMap((c) =>
      c.mode === 'at_pickup' && c.bookingId !== null ? [{ captainId: c.id, bookingId: c.bookingId }] : [],
    );
    await this.timed('chat', () => this.guard(() => this.chat.step(now, dt, atPickup)));
    await this.timed('tickets', () => this.guard(() => this.tickets.step(dt)));
    await this.timed('surveys', () => this.guard(() => simSurveys(this.app, !!this.opts.random).step(now, dt)));
    await this.timed('complaints', () => this.guard(() => simComplaints(this.app, !!this.opts.random).step(now)));
    await this.timed('inbox', () =>
      captainInbox(this.app).readSome(
        this.fleet.filter((c) => c.mode !== 'off').map((c) => c.id),
        now,
      ),
    );
    const t0 = performance.now();
    for (const c of this.fleet) {
      if (c.mode === 'off') continue;
      await this.guard(() => this.drive(c, now, dt));
      if (now - c.lastReport >= this.reportEvery) {
        c.lastReport = now;
        this.app.locations.report(c.id, c.pos[0], c.pos[1], c.heading, c.path ? c.path.speed * 3.6 : 0, now);
        this.counters.reports++;
      }
    }
    this.phaseMs.drive = (this.phaseMs.drive ?? 0) + performance.now() - t0;
  }

  /** Milliseconds spent per phase of the steps so far (measurements). */
  readonly phaseMs: Record<string, number> = {};
  private async timed(phase: string, work: () => Promise<void>) {
    const t0 = performance.now();
    await work();
    this.phaseMs[phase] = (this.phaseMs[phase] ?? 0) + performance.now() - t0;
  }

  /** A 409 means the world moved (an operator acted first): the simulated app just carries on. */
  private async guard(work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (error instanceof HttpError && [403, 404, 409, 422].includes(error.status)) return;
      this.counters.errors++;
      this.app.log.warn(error, 'simulator action failed');
    }
  }

  /** The street route at each street's speed, driven at the captain's pace. */
  private route(c: SimCaptain, to: LonLat): DrivePath {
    const r = this.app.city.route(c.pos, to);
    return r.coordinates.length >= 2
      ? new DrivePath(r.coordinates, r.times, c.pace)
      : new DrivePath([c.pos, to], [0, haversine(c.pos, to) / 8], c.pace);
  }

  // ---------------------------------------------------------------- captains

  private async shifts(now: number) {
    for (const c of this.fleet) {
      if (c.mode === 'off' && c.nextShift <= now) {
        await this.app.locations.setOnline(c.id, true);
        await this.guard(() => captainInbox(this.app).appOpened(c.id, now));
        c.mode = 'idle';
        c.shiftEnd = now + this.between(2, 6) * 3600_000;
        c.lastReport = 0;
      } else if (c.mode === 'idle' && c.shiftEnd <= now) {
        await this.app.locations.setOnline(c.id, false);
        c.mode = 'off';
        c.path = null;
        c.nextShift = now + this.between(20, 90) * 60_000;
      }
    }
  }

  /** Open offers to simulated captains: each answers after a few seconds, yes four times out of five. */
  private async answerOffers(now: number) {
    const ids = this.fleet.filter((c) => c.mode === 'idle').map((c) => c.id);
    if (ids.length === 0) return;
    const open = await this.app.db
      .select({ bookingId: bookingSuggestions.bookingId, captainId: bookingSuggestions.captainId })
      .from(bookingSuggestions)
      .innerJoin(bookings, eq(bookings.id, bookingSuggestions.bookingId))
      .where(
        and(
          eq(bookingSuggestions.status, 'SENT'),
          inArray(bookingSuggestions.captainId, ids),
          eq(bookings.status, 'PENDING'),
          gt(bookings.suggestionUntil, new Date(now)),
          eq(bookings.suggestionCaptainId, bookingSuggestions.captainId),
        ),
      );
    for (const o of open) {
      const key = `${o.bookingId}:${o.captainId}`;
      let seen = this.offers.get(key);
      if (!seen) {
        // Some never answer: the offer runs out and goes to the next captain.
        seen = { answerAt: now + this.between(2, 12) * 1000, accept: this.chance(0.8) };
        if (this.chance(0.05)) seen.answerAt = Number.POSITIVE_INFINITY;
        this.offers.set(key, seen);
      }
      if (seen.answerAt <= now) {
        this.offers.delete(key);
        await this.guard(() => this.app.ai.answerOffer(o.captainId, o.bookingId, seen.accept));
      }
    }
    if (this.offers.size > 2000) this.offers.clear();
  }

  /** Bookings dispatched to a simulated captain: accept, then set off (one in ten leaves late). */
  private async pickUpAssignments(now: number) {
    const free = this.fleet.filter((c) => c.mode === 'idle').map((c) => c.id);
    if (free.length === 0) return;
    const rows = await this.app.db
      .select({ id: bookings.id, status: bookings.status, captainId: rides.captainId })
      .from(bookings)
      .innerJoin(rides, eq(rides.id, bookings.rideId))
      .where(and(inArray(rides.captainId, free), inArray(bookings.status, ['APPROVED', 'ACCEPTED'])));
    for (const r of rows) {
      const c = this.byId.get(r.captainId);
      if (c?.mode !== 'idle') continue;
      c.bookingId = r.id;
      c.mode = 'to_pickup';
      c.path = null;
      c.inFence = false;
      c.departAt = now + (this.chance(0.1) ? this.between(6, 9) * 60_000 : this.between(5, 30) * 1000);
      if (r.status === 'APPROVED') await this.guard(() => this.app.bookings.captainStep(c.id, r.id, c.pos));
    }
  }

  private async drive(c: SimCaptain, now: number, dt: number) {
    const b = c.bookingId;
    if (c.mode === 'idle') {
      // Cruise between places now and then; otherwise wait at a rank.
      if (!c.path && this.dropoffs.length && this.chance(dt / 300)) {
        const p = this.pick(this.dropoffs);
        c.path = this.route(c, [p.lng, p.lat]);
      }
      if (c.path) this.move(c, dt);
      if (c.path?.done) c.path = null;
      return;
    }
    if (b === null) return;
    const booking = await this.app.bookings.find(b);
    if (!WORKING.includes(booking.status)) {
      // Cancelled under the captain (passenger, operator): back to idle.
      if (c.inFence) await this.app.bookings.geofence(b, c.id, 'leave');
      this.free(c);
      return;
    }
    const pickup: LonLat = [booking.pickUpLon, booking.pickUpLat];
    const dropoff: LonLat = [booking.pullDownLon ?? booking.pickUpLon, booking.pullDownLat ?? booking.pickUpLat];
    if (c.mode === 'to_pickup') {
      if (now < c.departAt) return;
      if (booking.status === 'ACCEPTED') {
        await this.app.bookings.captainStep(c.id, b, c.pos);
        c.path = this.route(c, pickup);
        // One in thirty captains gives up on the way.
        if (this.chance(1 / 30) && this.reasonIds.length) {
          await this.app.bookings.captainCancel(c.id, b, this.pick(this.reasonIds));
          this.counters.captainCancels++;
          this.free(c);
          return;
        }
      }
      if (!c.path) c.path = this.route(c, pickup);
      this.move(c, dt);
      await this.fence(c, b, pickup);
      if (c.path.done) {
        if (!c.inFence) {
          await this.app.bookings.geofence(b, c.id, 'enter');
          c.inFence = true;
        }
        await this.app.bookings.captainStep(c.id, b, c.pos);
        c.mode = 'at_pickup';
        c.path = null;
        c.boardAt = now + this.between(20, 90) * 1000;
      }
      return;
    }
    if (c.mode === 'at_pickup') {
      if (now < c.boardAt) return;
      await this.app.bookings.captainStep(c.id, b, c.pos);
      c.path = this.route(c, dropoff);
      c.tripMetres = c.path.metres;
      c.mode = 'to_dropoff';
      return;
    }
    if (c.mode === 'to_dropoff' && c.path) {
      this.move(c, dt);
      await this.fence(c, b, pickup);
      if (c.path.done) {
        if (booking.status === 'PICKED_UP') await this.app.bookings.captainStep(c.id, b, c.pos);
        const tip = this.chance(0.2) ? Math.round(this.between(1, 5)) : 0;
        // The engine prices the trip as driven; a service without prices for the season falls back to the flat fare.
        const fare = await this.app.fares.finalFare(b, { metres: c.tripMetres, seconds: c.path.seconds });
        await this.app.bookings.pay(c.id, b, fare?.euros ?? fareOf(c.tripMetres), tip, fare);
        this.counters.paid++;
        this.free(c);
      }
    }
  }

  private move(c: SimCaptain, dt: number) {
    if (!c.path) return;
    const { at, heading } = c.path.advance(dt);
    c.pos = at;
    c.heading = heading;
  }

  /** Geofence of the pickup radius: entered when the car comes within it, left when it drives off. */
  private async fence(c: SimCaptain, bookingId: number, pickup: LonLat) {
    const inside = haversine(c.pos, pickup) <= PICKUP_GEOFENCE_M;
    if (inside === c.inFence) return;
    c.inFence = inside;
    await this.app.bookings.geofence(bookingId, c.id, inside ? 'enter' : 'leave');
  }

  private free(c: SimCaptain) {
    c.mode = 'idle';
    c.bookingId = null;
    c.path = null;
    c.inFence = false;
  }

  // ---------------------------------------------------------------- passengers

  private async newBookings(now: number, dt: number) {
    if (this.pickups.length < 2 || this.passengerIds.length === 0) return;
    // Poisson arrivals at the configured hourly rate.
    let expected = (this.opts.bookingsPerHour / 3600) * dt;
    while (expected > 0) {
      if (this.random() < Math.min(1, expected)) await this.guard(() => this.book(now));
      expected -= 1;
    }
  }

  private async book(now: number) {
    const from = this.pick(this.pickups);
    // Nobody takes a taxi for a few steps: the dropoff is at least a few hundred metres away.
    let to = this.pick(this.dropoffs);
    for (let tries = 0; tries < 5 && haversine([from.lng, from.lat], [to.lng, to.lat]) < 300; tries++) {
      to = this.pick(this.dropoffs);
    }
    const phone = this.chance(0.3) && this.phoneActor;
    const later = this.chance(this.opts.laterShare ?? 0.2);
    let passengerId = this.pick(this.passengerIds);
    if (this.chance(0.04)) passengerId = await this.signUp();
    // Mostly full car, some eco and pooling; VIP passengers sometimes book VIP (a small fleet: when
    // none is free the AI proposes another service).
    const vip = this.vipPassengerIds.length > 0 && this.chance(this.opts.vipShare ?? 0.08);
    if (vip) passengerId = this.pick(this.vipPassengerIds);
    const roll = this.random();
    const serviceId = vip ? SERVICE_IDS.vip : roll < 0.65 ? SERVICE_IDS.fullCar : roll < 0.85 ? 3 : SERVICE_IDS.pooling;
    const input: BookingCreate = {
      passenger_id: passengerId,
      service_id: serviceId,
      pickup: {
        name: from.name,
        details: from.addr_street,
        lon: from.lng,
        lat: from.lat,
        place_id: from.id > 0 ? from.id : null,
      },
      dropoff: { name: to.name, details: to.addr_street, lon: to.lng, lat: to.lat, place_id: to.id > 0 ? to.id : null },
      stops: [],
      now: !later,
      // Some are booked at short notice ("in five minutes"): when the free captains are far or busy, the AI
      // proposes a later time that the passenger must accept.
      datetime: later ? dateToCityLocal(new Date(now + this.aheadMinutes() * 60_000)) : null,
      seats: 1 + Math.floor(this.random() * 3),
      notes: null,
      voucher_code: null,
      // The passenger app's own origin; operators may only pick phone or dashboard.
      origin: (phone ? 'phone' : 'app') as BookingCreate['origin'],
      room_number: from.category === 'hotel' && this.chance(0.5) ? String(100 + Math.floor(this.random() * 400)) : null,
    };
    const actor = phone || { id: null as unknown as number, roles: [], permissions: ['PHONE_BOOKING'] };
    const dto: BookingDto = await this.app.bookings.create(actor, input);
    this.counters.bookings++;
    if (this.chance(0.07)) this.cancelAt.set(dto.id, now + this.between(15, 240) * 1000);
  }

  /** How far ahead a scheduled booking is made: some at short notice, the rest up to an hour and a half. */
  private aheadMinutes(): number {
    return this.chance(this.opts.shortNoticeShare ?? 1 / 3) ? this.between(3, 6) : this.between(8, 90);
  }

  /** A new passenger signs up in the app with ID card images (Dashboard:new_passenger). */
  private async signUp(): Promise<number> {
    const n = Math.floor(this.random() * 1e7);
    const dto = await this.app.passengers.registerPassenger({
      first_name: this.pick(FIRST),
      last_name: this.pick(LAST),
      phone_number: `+377 6${String(n).padStart(7, '0')}`,
      id_card_front: { filename: 'front.png', mimetype: 'image/png', data: TINY_PNG },
      id_card_back: { filename: 'back.png', mimetype: 'image/png', data: TINY_PNG },
    });
    this.counters.signups++;
    // The app shows the current terms at sign-up; the new passenger accepts them.
    await this.app.terms.acceptCurrent('passenger', dto.id);
    await this.app.smsCodes.issueCode({ kind: 'passenger', id: dto.id }, 'signup');
    this.passengerIds.push(dto.id);
    return dto.id;
  }

  private async passengerCancels(now: number) {
    for (const [id, at] of this.cancelAt) {
      if (at > now) continue;
      this.cancelAt.delete(id);
      await this.guard(async () => {
        await this.app.bookings.passengerCancel(id);
        this.counters.paxCancels++;
      });
    }
  }

  /** Simulated captains on shift (tests and logs). */
  get online(): number {
    return this.fleet.filter((c) => c.mode !== 'off').length;
  }
}
