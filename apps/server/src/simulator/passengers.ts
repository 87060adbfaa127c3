import { type BookingCreate, type BookingDto, dateToCityLocal, MAP_CENTER, SERVICE_IDS } from '@taxi/shared';
import { haversine } from '@taxi/shared/geo';
import { eq, sql } from 'drizzle-orm';
import { passengers, users } from '../db/schema';
import type { CityPlace } from '../modules/city/service';
import type { SimWorld } from './world';

/** A 1×1 PNG: the ID card images of simulated sign-ups. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const FIRST = ['Lucas', 'Emma', 'Hugo', 'Chloé', 'Louis', 'Léa', 'Jules', 'Manon', 'Noah', 'Inès', 'Marco', 'Giulia'];
const LAST = ['Martin', 'Bernard', 'Rossi', 'Dubois', 'Moreau', 'Ferrari', 'Laurent', 'Garcia', 'Fontana', 'Roux'];

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

export interface PassengerOptions {
  bookingsPerHour: number;
  /** Share of bookings made in VIP by passengers who may use it (default 0.08). */
  vipShare?: number;
  /** Share of bookings made for later rather than now (default 0.2). */
  laterShare?: number;
  /** Share of later bookings made at short notice, 3–6 minutes ahead (default 1/3). */
  shortNoticeShare?: number;
}

/**
 * The passengers' side of the world: the passenger app books now or later (some through the call centre)
 * from the city's stations, landmarks and hotels, new passengers sign up, some cancel.
 */
export class SimPassengers {
  private passengerIds: number[] = [];
  /** Passengers who may book VIP. */
  private vipPassengerIds: number[] = [];
  private pickups: CityPlace[] = [];
  /** Where bookings go, and where idle captains cruise to. */
  dropoffs: CityPlace[] = [];
  private phoneActor: { id: number; roles: []; permissions: string[] } | null = null;
  private cancelAt = new Map<number, number>();

  constructor(
    private readonly w: SimWorld,
    private readonly opts: PassengerOptions,
  ) {}

  /** The places passengers book from and to; the pickups (captains start at one when they have no position). */
  loadPlaces(): CityPlace[] {
    const { city } = this.w.app;
    // Passengers book from and to places the map layers allow (no restricted area, no blacklisted place).
    const allowed = (role: 'pickup' | 'dropoff') => (p: CityPlace) =>
      this.w.app.geo?.check([p.lng, p.lat], role, null).allowed ?? true;
    this.pickups = [...city.places('station'), ...city.places('landmark'), ...city.places('hotel')].filter(
      allowed('pickup'),
    );
    this.dropoffs = [...this.pickups, ...city.places('restaurant'), ...city.places('hospital')].filter(
      allowed('dropoff'),
    );
    if (this.pickups.length < 2) {
      // No city imported (the demo city folder is absent): book between made-up points around the centre.
      this.pickups = syntheticPlaces(12, () => this.w.between(-0.012, 0.012));
      this.dropoffs = this.pickups;
    }
    return this.pickups;
  }

  /** The riders (a sample the seed decides) and the call centre's account for phone bookings. */
  async loadRiders(): Promise<void> {
    const { db } = this.w.app;
    const riders = await db
      .select({ id: passengers.id, vip: passengers.canUseVip })
      .from(passengers)
      .where(eq(passengers.active, true))
      // A sample that the seed decides (not the database's random()), so a seeded hour replays the same
      // on PGlite and on PostgreSQL.
      .orderBy(sql`md5(${passengers.id}::text || ${String(Math.floor(this.w.random() * 1e9))})`)
      .limit(400);
    this.passengerIds = riders.map((p) => p.id);
    this.vipPassengerIds = riders.filter((p) => p.vip).map((p) => p.id);
  }

  async loadPhoneActor(): Promise<void> {
    const [cc] = await this.w.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'callcenter@example.com'));
    this.phoneActor = cc ? { id: cc.id, roles: [], permissions: ['PHONE_BOOKING'] } : null;
  }

  async newBookings(now: number, dt: number) {
    if (this.pickups.length < 2 || this.passengerIds.length === 0) return;
    // Poisson arrivals at the configured hourly rate.
    let expected = (this.opts.bookingsPerHour / 3600) * dt;
    while (expected > 0) {
      if (this.w.random() < Math.min(1, expected)) await this.w.guard(() => this.book(now));
      expected -= 1;
    }
  }

  private async book(now: number) {
    const w = this.w;
    const from = w.pick(this.pickups);
    // Nobody takes a taxi for a few steps: the dropoff is at least a few hundred metres away.
    let to = w.pick(this.dropoffs);
    for (let tries = 0; tries < 5 && haversine([from.lng, from.lat], [to.lng, to.lat]) < 300; tries++) {
      to = w.pick(this.dropoffs);
    }
    const phone = w.chance(0.3) && this.phoneActor;
    const later = w.chance(this.opts.laterShare ?? 0.2);
    let passengerId = w.pick(this.passengerIds);
    if (w.chance(0.04)) passengerId = await this.signUp();
    // Mostly full car, some eco and pooling; VIP passengers sometimes book VIP (a small fleet: when
    // none is free the AI proposes another service).
    const vip = this.vipPassengerIds.length > 0 && w.chance(this.opts.vipShare ?? 0.08);
    if (vip) passengerId = w.pick(this.vipPassengerIds);
    const roll = w.random();
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
      seats: 1 + Math.floor(w.random() * 3),
      notes: null,
      voucher_code: null,
      // The passenger app's own origin; operators may only pick phone or dashboard.
      origin: (phone ? 'phone' : 'app') as BookingCreate['origin'],
      room_number: from.category === 'hotel' && w.chance(0.5) ? String(100 + Math.floor(w.random() * 400)) : null,
    };
    const actor = phone || { id: null as unknown as number, roles: [], permissions: ['PHONE_BOOKING'] };
    const dto: BookingDto = await w.app.bookings.create(actor, input);
    w.counters.bookings++;
    if (w.chance(0.07)) this.cancelAt.set(dto.id, now + w.between(15, 240) * 1000);
  }

  /** How far ahead a scheduled booking is made: some at short notice, the rest up to an hour and a half. */
  private aheadMinutes(): number {
    return this.w.chance(this.opts.shortNoticeShare ?? 1 / 3) ? this.w.between(3, 6) : this.w.between(8, 90);
  }

  /** A new passenger signs up in the app with ID card images (Dashboard:new_passenger). */
  private async signUp(): Promise<number> {
    const { app } = this.w;
    const n = Math.floor(this.w.random() * 1e7);
    const dto = await app.passengers.registerPassenger({
      first_name: this.w.pick(FIRST),
      last_name: this.w.pick(LAST),
      phone_number: `+377 6${String(n).padStart(7, '0')}`,
      id_card_front: { filename: 'front.png', mimetype: 'image/png', data: TINY_PNG },
      id_card_back: { filename: 'back.png', mimetype: 'image/png', data: TINY_PNG },
    });
    this.w.counters.signups++;
    // The app shows the current terms at sign-up; the new passenger accepts them.
    await app.terms.acceptCurrent('passenger', dto.id);
    await app.smsCodes.issueCode({ kind: 'passenger', id: dto.id }, 'signup');
    this.passengerIds.push(dto.id);
    return dto.id;
  }

  async passengerCancels(now: number) {
    for (const [id, at] of this.cancelAt) {
      if (at > now) continue;
      this.cancelAt.delete(id);
      await this.w.guard(async () => {
        await this.w.app.bookings.passengerCancel(id);
        this.w.counters.paxCancels++;
      });
    }
  }
}
