import { fareOf, MAP_CENTER, PICKUP_GEOFENCE_M, RATING_SIDES } from '@taxi/shared';
import { haversine, type LonLat } from '@taxi/shared/geo';
import { and, asc, eq, gt, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import { bookingSuggestions, bookings, captainCancellationReasons, captains, cars, rides, shifts } from '../db/schema';
import type { CityPlace } from '../modules/city/service';
import { captainInbox } from './inbox';
import { DrivePath } from './path';
import type { SimRatings } from './ratings';
import type { SimWorld } from './world';

type Mode = 'off' | 'idle' | 'to_pickup' | 'at_pickup' | 'to_dropoff';

interface SimCaptain {
  id: number;
  mode: Mode;
  pos: LonLat;
  heading: number | null;
  path: DrivePath | null;
  shiftEnd: number;
  nextShift: number;
  /** The captain's planned shifts still to come (epoch ms), soonest first: they log on and off by them. */
  plan: { start: number; end: number }[];
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

/** Share of an idle captain's moves that go to the nearest station (to queue there). */
const STATION_SHARE = 0.4;

/** Statuses a simulated captain still works on. */
const WORKING = ['APPROVED', 'ACCEPTED', 'STARTED', 'ARRIVED', 'PICKED_UP', 'DONE'];

/**
 * The captains' side of the world: the captain app logs on and off by shift, answers offers, drives to
 * the pickup and the dropoff along street routes (some late, some giving up), queues at stations when idle,
 * reports its position and gets paid what the fare engine says.
 */
export class SimCaptains {
  private fleet: SimCaptain[] = [];
  private byId = new Map<number, SimCaptain>();
  private reasonIds: number[] = [];
  private offers = new Map<string, OfferSeen>();
  /** When the plans were last read (staff plan new shifts while the world runs). */
  private plansAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly w: SimWorld,
    private readonly count: number,
    /** Where idle captains cruise to (the passengers' destinations). */
    private readonly destinations: () => readonly CityPlace[],
    /** The apps' ratings of each paid ride (none: the rides go unrated). */
    private readonly ratings: SimRatings | null = null,
  ) {}

  /** The fleet (sedans and luxury cars), placed where they last were or at a pickup place; all log off. */
  async load(anywhere: readonly CityPlace[] | null): Promise<void> {
    const w = this.w;
    const { db } = w.app;
    const rows = await db
      .selectDistinctOn([captains.id], { id: captains.id, lon: captains.lastLon, lat: captains.lastLat })
      .from(captains)
      .innerJoin(cars, eq(cars.captainId, captains.id))
      .where(
        and(
          eq(captains.active, true),
          // Sedans and the few luxury cars of the VIP service (vans stay out of the simulation).
          inArray(cars.vehicleType, ['sedan', 'luxury']),
          or(isNull(captains.blockedUntil), lt(captains.blockedUntil, new Date(w.now))),
        ),
      )
      .orderBy(asc(captains.id))
      .limit(this.count);
    return this.place(rows, anywhere);
  }

  private async place(
    rows: { id: number; lon: number | null; lat: number | null }[],
    anywhere: readonly CityPlace[] | null,
  ): Promise<void> {
    const w = this.w;
    this.fleet = rows.map((r) => {
      const start: LonLat =
        r.lon != null && r.lat != null
          ? [r.lon, r.lat]
          : anywhere
            ? (([p]) => [p.lng, p.lat] as LonLat)([w.pick(anywhere)])
            : [MAP_CENTER[0] + w.between(-0.01, 0.01), MAP_CENTER[1] + w.between(-0.01, 0.01)];
      const onShift = w.chance(0.8);
      return {
        id: r.id,
        mode: 'off' as Mode,
        pos: start,
        heading: null,
        path: null,
        shiftEnd: onShift ? w.now + w.between(1, 6) * 3600_000 : 0,
        nextShift: onShift ? w.now : w.now + w.between(5, 60) * 60_000,
        plan: [],
        lastReport: 0,
        bookingId: null,
        departAt: 0,
        boardAt: 0,
        pace: w.between(0.85, 1.1),
        inFence: false,
        tripMetres: 0,
      };
    });
    this.byId = new Map(this.fleet.map((c) => [c.id, c]));
    await this.loadPlans(w.now);
    // Every captain app still logged on from an earlier run logs off; the fleet logs on by shift.
    const { db } = w.app;
    const online = await db.select({ id: captains.id }).from(captains).where(eq(captains.online, true));
    for (const { id } of online) await w.app.locations.setOnline(id, false);
  }

  async loadReasons(): Promise<void> {
    this.reasonIds = (
      await this.w.app.db
        .select({ id: captainCancellationReasons.id })
        .from(captainCancellationReasons)
        .orderBy(asc(captainCancellationReasons.id))
    ).map((r) => r.id);
  }

  get size(): number {
    return this.fleet.length;
  }

  /** Simulated captains on shift. */
  get online(): number {
    return this.fleet.filter((c) => c.mode !== 'off').length;
  }

  /** Those on shift (their inbox is read). */
  onShiftIds(): number[] {
    return this.fleet.filter((c) => c.mode !== 'off').map((c) => c.id);
  }

  /** Captains waiting at a pickup, with their booking (the chat's "where are you?"). */
  atPickup(): { captainId: number; bookingId: number }[] {
    return this.fleet.flatMap((c) =>
      c.mode === 'at_pickup' && c.bookingId !== null ? [{ captainId: c.id, bookingId: c.bookingId }] : [],
    );
  }

  /** Every captain on shift drives for `dt` seconds and reports its position every `reportEvery` ms. */
  async driveAll(now: number, dt: number, reportEvery: number): Promise<void> {
    const w = this.w;
    for (const c of this.fleet) {
      if (c.mode === 'off') continue;
      await w.guard(() => this.drive(c, now, dt));
      if (now - c.lastReport >= reportEvery) {
        c.lastReport = now;
        w.app.locations.report(c.id, c.pos[0], c.pos[1], c.heading, c.path ? c.path.speed * 3.6 : 0, now);
        w.counters.reports++;
      }
    }
  }

  /** The station whose centre is nearest to a point, or null when the city has none. */
  private nearestStation(p: LonLat): { center: LonLat } | null {
    let best: { center: LonLat; metres: number } | null = null;
    for (const s of this.w.app.geo?.stations() ?? []) {
      const metres = haversine(p, s.center);
      if (!best || metres < best.metres) best = { center: s.center, metres };
    }
    return best;
  }

  /** The street route at each street's speed, driven at the captain's pace. */
  private route(c: SimCaptain, to: LonLat): DrivePath {
    const r = this.w.app.city.route(c.pos, to);
    return r.coordinates.length >= 2
      ? new DrivePath(r.coordinates, r.times, c.pace)
      : new DrivePath([c.pos, to], [0, haversine(c.pos, to) / 8], c.pace);
  }
  /**
   * The planned shifts of the simulated captains (/shifts): a captain with one logs on at its start and off
   * at its end; one without any keeps the simulator's own rhythm.
   */
  private async loadPlans(now: number): Promise<void> {
    this.plansAt = now;
    if (this.fleet.length === 0) return;
    const rows = await this.w.app.db
      .select({ captainId: shifts.captainId, start: shifts.startsAt, end: shifts.endsAt })
      .from(shifts)
      .where(
        and(
          inArray(
            shifts.captainId,
            this.fleet.map((c) => c.id),
          ),
          ne(shifts.status, 'ended'),
          gt(shifts.endsAt, new Date(now)),
        ),
      )
      .orderBy(asc(shifts.startsAt));
    for (const c of this.fleet) c.plan = [];
    for (const r of rows) this.byId.get(r.captainId)?.plan.push({ start: r.start.getTime(), end: r.end.getTime() });
    for (const c of this.fleet) {
      const next = c.plan[0];
      if (!next) continue;
      if (c.mode === 'off') c.nextShift = Math.max(now, next.start);
      else if (next.start <= now) c.shiftEnd = next.end;
    }
  }

  async shifts(now: number) {
    if (now - this.plansAt >= 60_000) await this.loadPlans(now);
    for (const c of this.fleet) {
      if (c.mode === 'off' && c.nextShift <= now) {
        await this.w.app.locations.setOnline(c.id, true);
        await this.w.guard(() => captainInbox(this.w.app).appOpened(c.id, now));
        c.mode = 'idle';
        c.shiftEnd = now + this.w.between(2, 6) * 3600_000;
        const planned = c.plan[0];
        if (planned && planned.start <= now) c.shiftEnd = planned.end;
        c.lastReport = 0;
      } else if (c.mode === 'idle' && c.shiftEnd <= now) {
        await this.w.app.locations.setOnline(c.id, false);
        c.mode = 'off';
        c.path = null;
        c.nextShift = now + this.w.between(20, 90) * 60_000;
        c.plan = c.plan.filter((p) => p.end > now);
        if (c.plan[0]) c.nextShift = c.plan[0].start;
      }
    }
  }

  /** Open offers to simulated captains: each answers after a few seconds, yes four times out of five. */
  async answerOffers(now: number) {
    const ids = this.fleet.filter((c) => c.mode === 'idle').map((c) => c.id);
    if (ids.length === 0) return;
    const open = await this.w.app.db
      .select({ bookingId: bookingSuggestions.bookingId, captainId: bookingSuggestions.captainId })
      .from(bookingSuggestions)
      .innerJoin(bookings, eq(bookings.id, bookingSuggestions.bookingId))
      .where(
        and(
          eq(bookingSuggestions.status, 'SENT'),
          inArray(bookingSuggestions.captainId, ids),
          eq(bookings.status, 'PENDING'),
          // Live: a single offer's row and each of a group offer's rows end at the offer's deadline.
          gt(bookingSuggestions.until, new Date(now)),
        ),
      );
    for (const o of open) {
      const key = `${o.bookingId}:${o.captainId}`;
      let seen = this.offers.get(key);
      if (!seen) {
        // Some never answer: the offer runs out and goes to the next captain.
        seen = { answerAt: now + this.w.between(2, 12) * 1000, accept: this.w.chance(0.8) };
        if (this.w.chance(0.05)) seen.answerAt = Number.POSITIVE_INFINITY;
        this.offers.set(key, seen);
      }
      if (seen.answerAt <= now) {
        this.offers.delete(key);
        await this.w.guard(() => this.w.app.ai.answerOffer(o.captainId, o.bookingId, seen.accept));
      }
    }
    if (this.offers.size > 2000) this.offers.clear();
  }

  /** Bookings dispatched to a simulated captain: accept, then set off (one in ten leaves late). */
  async pickUpAssignments(now: number) {
    const free = this.fleet.filter((c) => c.mode === 'idle').map((c) => c.id);
    if (free.length === 0) return;
    const rows = await this.w.app.db
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
      c.departAt = now + (this.w.chance(0.1) ? this.w.between(6, 9) * 60_000 : this.w.between(5, 30) * 1000);
      if (r.status === 'APPROVED') await this.w.guard(() => this.w.app.bookings.captainStep(c.id, r.id, c.pos));
    }
  }

  private async drive(c: SimCaptain, now: number, dt: number) {
    const b = c.bookingId;
    if (c.mode === 'idle') {
      // Now and then an idle captain drives to the nearest station and queues there (leaving it only
      // rarely), or cruises between places.
      const waiting = this.w.app.geo?.stationAt(c.pos) ?? null;
      const decide = waiting ? dt / 1800 : dt / 300;
      if (!c.path && this.w.chance(decide)) {
        const station = !waiting && this.w.chance(STATION_SHARE) ? this.nearestStation(c.pos) : null;
        if (station) c.path = this.route(c, station.center);
        else if (this.destinations().length) {
          const p = this.w.pick(this.destinations());
          c.path = this.route(c, [p.lng, p.lat]);
        }
      }
      if (c.path) this.move(c, dt);
      if (c.path?.done) c.path = null;
      return;
    }
    if (b === null) return;
    const booking = await this.w.app.bookings.find(b);
    if (!WORKING.includes(booking.status)) {
      // Cancelled under the captain (passenger, operator): back to idle.
      if (c.inFence) await this.w.app.bookings.geofence(b, c.id, 'leave');
      this.free(c);
      return;
    }
    const pickup: LonLat = [booking.pickUpLon, booking.pickUpLat];
    const dropoff: LonLat = [booking.pullDownLon ?? booking.pickUpLon, booking.pullDownLat ?? booking.pickUpLat];
    if (c.mode === 'to_pickup') {
      if (now < c.departAt) return;
      if (booking.status === 'ACCEPTED') {
        await this.w.app.bookings.captainStep(c.id, b, c.pos);
        c.path = this.route(c, pickup);
        // One in thirty captains gives up on the way.
        if (this.w.chance(1 / 30) && this.reasonIds.length) {
          await this.w.app.bookings.captainCancel(c.id, b, this.w.pick(this.reasonIds));
          this.w.counters.captainCancels++;
          this.free(c);
          return;
        }
      }
      if (!c.path) c.path = this.route(c, pickup);
      this.move(c, dt);
      await this.fence(c, b, pickup);
      if (c.path.done) {
        if (!c.inFence) {
          await this.w.app.bookings.geofence(b, c.id, 'enter');
          c.inFence = true;
        }
        await this.w.app.bookings.captainStep(c.id, b, c.pos);
        c.mode = 'at_pickup';
        c.path = null;
        c.boardAt = now + this.w.between(20, 90) * 1000;
      }
      return;
    }
    if (c.mode === 'at_pickup') {
      if (now < c.boardAt) return;
      await this.w.app.bookings.captainStep(c.id, b, c.pos);
      c.path = this.route(c, dropoff);
      c.tripMetres = c.path.metres;
      c.mode = 'to_dropoff';
      return;
    }
    if (c.mode === 'to_dropoff' && c.path) {
      this.move(c, dt);
      await this.fence(c, b, pickup);
      if (c.path.done) {
        if (booking.status === 'PICKED_UP') await this.w.app.bookings.captainStep(c.id, b, c.pos);
        const tip = this.w.chance(0.2) ? Math.round(this.w.between(1, 5)) : 0;
        // The engine prices the trip as driven; a service without prices for the season falls back to the flat fare.
        const fare = await this.w.app.fares.finalFare(b, { metres: c.tripMetres, seconds: c.path.seconds });
        await this.w.app.bookings.pay(c.id, b, fare?.euros ?? fareOf(c.tripMetres), tip, fare);
        this.w.counters.paid++;
        this.free(c);
        // Paid: the passenger app rates the captain, the captain app rates the passenger.
        const ratings = this.ratings;
        if (ratings) for (const by of RATING_SIDES) await this.w.guard(() => ratings.rate(b, by, now));
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
    await this.w.app.bookings.geofence(bookingId, c.id, inside ? 'enter' : 'leave');
  }

  private free(c: SimCaptain) {
    c.mode = 'idle';
    c.bookingId = null;
    c.path = null;
    c.inFence = false;
  }
}
