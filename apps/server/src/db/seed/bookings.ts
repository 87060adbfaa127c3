import { type BookingStatus, DEMO_DATA, MAP_CENTER, SETTING_DEFS } from '@taxi/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { JOB_KINDS } from '../../modules/bookings/service';

/** The seed's late-booking timers use the default threshold (the setting is unset in a fresh database). */
const LATE_BOOKING_AFTER_MS = SETTING_DEFS.LATE_BOOKING_MINUTES.default * 60_000;

import type { DbOrTx } from '../client';
import { intArray } from '../number-arrays';
import {
  airportDetails,
  bookingNotes,
  bookingStatuses,
  bookingSuggestions,
  bookings,
  captainCancellationReasons,
  captains,
  carBrands,
  carModels,
  cars,
  colors,
  jobs,
  passengers,
  payments,
  places,
  rides,
  serviceChangeSuggestions,
  userCancellationReasons,
  users,
  vouchers,
} from '../schema';
import type { Seeder } from './index';

/** Finished or cancelled bookings of the history at scale 1. */
export const HISTORY_BOOKINGS = 22_000;
/** The past the demo's bookings cover (the shifts seeder gives the same days their shifts). */
export const HISTORY_DAYS = 28;
const MIN = 60_000;

interface SeedPlace {
  id: number | null;
  name: string;
  lon: number;
  lat: number;
  sectorId: number | null;
}

/** Places for pickups and dropoffs: stations, landmarks and hotels of the city; points around the centre without a city. */
async function demoPlaces(db: DbOrTx): Promise<SeedPlace[]> {
  const rows = await db
    .select({ id: places.id, name: places.name, lon: places.lon, lat: places.lat, sectorId: places.sectorId })
    .from(places)
    .where(inArray(places.category, ['station', 'landmark', 'hotel']))
    .orderBy(asc(places.id))
    .limit(400);
  if (rows.length >= 4) return rows;
  const names = [
    'Casino Square',
    'Port Hercule',
    'Monaco Station',
    'Larvotto Beach',
    'Fontvieille Port',
    'Exotic Garden',
    'Oceanographic Museum',
    'Grimaldi Forum',
  ];
  return names.map((name, i) => ({
    id: null,
    name,
    lon: MAP_CENTER[0] + Math.cos(i) * 0.008,
    lat: MAP_CENTER[1] + Math.sin(i) * 0.005,
    sectorId: null,
  }));
}

/** Passengers and captains with cars of the people seeder; a small own set when it has not run. */
async function ensurePeople(db: DbOrTx, log: (m: string) => void) {
  let pax = await db.select({ id: passengers.id }).from(passengers).orderBy(asc(passengers.id)).limit(2000);
  if (pax.length < 20) {
    const first = ['Lucas', 'Emma', 'Louis', 'Jade', 'Hugo', 'Chloé', 'Arthur', 'Léa', 'Marco', 'Giulia'];
    const last = ['Rossi', 'Martin', 'Bernard', 'Ferrari', 'Dubois', 'Moreau', 'Bianchi', 'Laurent'];
    pax = await db
      .insert(passengers)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          firstName: first[i % first.length],
          lastName: `${last[i % last.length]}`,
          phoneNumber: `+377 6 ${String(10_000_000 + i * 7919).slice(0, 8)}`,
          approvedAt: new Date(),
          active: true,
        })),
      )
      .returning({ id: passengers.id });
    log(`bookings: created ${pax.length} demo passengers (no people seeder)`);
  }
  let fleet = await db
    .selectDistinctOn([captains.id], { captainId: captains.id, carId: cars.id })
    .from(captains)
    .innerJoin(cars, eq(cars.captainId, captains.id))
    .where(eq(captains.active, true))
    .orderBy(captains.id, asc(cars.id))
    .limit(1000);
  if (fleet.length < 10) {
    const [brand] = await db.insert(carBrands).values({ name: 'Toyota' }).returning();
    const [model] = await db.insert(carModels).values({ carBrandId: brand.id, name: 'Prius' }).returning();
    const [color] = await db.insert(colors).values({ name: DEMO_DATA.colours.black, hex: '#000000' }).returning();
    const first = ['Marc', 'Paul', 'Nadia', 'Karim', 'Sophie', 'Luca', 'Anna', 'Omar', 'Julien', 'Elena'];
    const last = ['Martin', 'Durand', 'Costa', 'Leroy', 'Fabre', 'Conti', 'Petit', 'Garnier'];
    const made = await db
      .insert(captains)
      .values(
        Array.from({ length: 24 }, (_, i) => ({
          firstName: first[i % first.length],
          lastName: `${last[i % last.length]} C${i + 1}`,
          phoneNumber: `+377 6 ${String(20_000_000 + i * 104_729).slice(0, 8)}`,
          active: true,
          activatedAt: new Date(),
          online: i % 3 !== 0,
          serviceIds: [1, 2, 3, 4, 5, 6, 7],
          lastLon: MAP_CENTER[0] + Math.cos(i * 1.7) * 0.01,
          lastLat: MAP_CENTER[1] + Math.sin(i * 1.7) * 0.006,
          lastLocationAt: new Date(),
        })),
      )
      .returning({ id: captains.id });
    const madeCars = await db
      .insert(cars)
      .values(
        made.map((c, i) => ({
          captainId: c.id,
          number: `MC-${String(i + 1).padStart(5, '0')}`,
          colorId: color.id,
          carModelId: model.id,
        })),
      )
      .returning({ id: cars.id, captainId: cars.captainId });
    fleet = madeCars.map((c) => ({ captainId: c.captainId as number, carId: c.id }));
    log(`bookings: created ${fleet.length} demo captains with cars (no people seeder)`);
  }
  return { pax: pax.map((p) => p.id), fleet };
}

interface LiveSpec {
  status: BookingStatus;
  now?: boolean;
  /** minutes from now of the order time */
  at: number;
  /** minutes ago it was created */
  createdAgo: number;
  origin?: 'app' | 'dashboard' | 'phone';
  serviceId?: number;
  passenger?: 'vip' | 'unapprovedDocs' | 'unapprovedNoDocs';
  note?: string;
  airport?: boolean;
  suggestion?: boolean;
  besoin?: boolean;
  serviceChange?: number;
  cancelReason?: 'user' | 'captain';
}

const LIVE: LiveSpec[] = [
  { status: 'PENDING', at: 0, createdAgo: 3 },
  { status: 'PENDING', at: -18, createdAgo: 20, origin: 'phone', note: 'Passenger waits at the main entrance' },
  { status: 'PENDING', now: false, at: 120, createdAgo: 60, origin: 'dashboard' },
  { status: 'PENDING', now: false, at: 45, createdAgo: 240, serviceId: 1, passenger: 'unapprovedNoDocs' },
  { status: 'PENDING', at: 0, createdAgo: 6, serviceId: 1, passenger: 'unapprovedDocs' },
  {
    status: 'PENDING',
    now: false,
    at: 90,
    createdAgo: 30,
    serviceId: 5,
    airport: true,
    passenger: 'vip',
    origin: 'dashboard',
  },
  { status: 'PENDING', at: 0, createdAgo: 2, suggestion: true },
  { status: 'PENDING', at: -5, createdAgo: 8, besoin: true },
  { status: 'PENDING', now: false, at: 70, createdAgo: 15, serviceId: 2, passenger: 'vip', serviceChange: 7 },
  { status: 'PENDING', now: false, at: 300, createdAgo: 600, origin: 'phone', serviceId: 4 },
  { status: 'APPROVED', now: false, at: 40, createdAgo: 300, origin: 'dashboard' },
  { status: 'APPROVED', at: -2, createdAgo: 4, serviceId: 6 },
  { status: 'ACCEPTED', at: -4, createdAgo: 6, note: 'Two suitcases' },
  { status: 'ACCEPTED', now: false, at: 25, createdAgo: 180, serviceId: 7, passenger: 'vip' },
  { status: 'STARTED', at: -6, createdAgo: 8 },
  { status: 'STARTED', now: false, at: 5, createdAgo: 120, serviceId: 1 },
  { status: 'ARRIVED', at: -9, createdAgo: 12, origin: 'phone' },
  { status: 'PICKED_UP', at: -15, createdAgo: 18 },
  { status: 'PICKED_UP', now: false, at: -20, createdAgo: 200, serviceId: 5, airport: true },
  { status: 'DONE', at: -40, createdAgo: 45 },
  { status: 'PAID', at: -70, createdAgo: 75, serviceId: 7, passenger: 'vip' },
  { status: 'PAID', now: false, at: -120, createdAgo: 600, origin: 'dashboard' },
  { status: 'SYSTEM_CANCELLED', at: -30, createdAgo: 32, cancelReason: 'user' },
  { status: 'PAX_CANCELLED', at: -50, createdAgo: 55 },
  { status: 'CAPTAIN_CANCELLED', at: -25, createdAgo: 28, cancelReason: 'captain' },
];

const FLOW: BookingStatus[] = ['PENDING', 'APPROVED', 'ACCEPTED', 'STARTED', 'ARRIVED', 'PICKED_UP', 'DONE', 'PAID'];
const RIDE_STATUSES: readonly BookingStatus[] = [
  'APPROVED',
  'ACCEPTED',
  'STARTED',
  'ARRIVED',
  'PICKED_UP',
  'DONE',
  'PAID',
  'CAPTAIN_CANCELLED',
];

/** Live bookings of the demo day: every status of §4 and the card's special cases. */
async function seedLive(db: DbOrTx, pax: number[], fleet: { captainId: number; carId: number }[], spots: SeedPlace[]) {
  const now = Date.now();
  const special = await db
    .insert(passengers)
    .values([
      {
        firstName: 'Victoria',
        lastName: 'Grimaldi',
        phoneNumber: '+377 6 99 00 00 01',
        approvedAt: new Date(now),
        active: true,
        canUseVip: true,
        activeLoyaltyClasses: ['P1'],
      },
      {
        firstName: 'Noah',
        lastName: 'Keller',
        phoneNumber: '+377 6 99 00 00 02',
        active: true,
        idCardFront: 'demo/id-front.jpg',
        idCardBack: 'demo/id-back.jpg',
      },
      { firstName: 'Mila', lastName: 'Sorel', phoneNumber: '+377 6 99 00 00 03', active: true, rejectedCount: 1 },
    ])
    .returning({ id: passengers.id });
  const specialId = { vip: special[0].id, unapprovedDocs: special[1].id, unapprovedNoDocs: special[2].id };
  const [userReason] = await db
    .select()
    .from(userCancellationReasons)
    .orderBy(asc(userCancellationReasons.id))
    .limit(1);
  const [captainReason] = await db
    .select()
    .from(captainCancellationReasons)
    .orderBy(asc(captainCancellationReasons.id))
    .limit(1);
  const [operator] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'callcenter@example.com'));
  // The airport requests were filed at the demo agency's desk.
  const [desk] = await db
    .select({ id: users.id, agencyId: users.airportAgencyId })
    .from(users)
    .where(eq(users.email, 'airport@example.com'));
  await db.insert(vouchers).values({ code: 'WELCOME10', amount: 10 }).onConflictDoNothing();

  for (const [i, spec] of LIVE.entries()) {
    const from = spots[(i * 7) % spots.length];
    const to = spots[(i * 7 + 3) % spots.length];
    const captain = fleet[i % fleet.length];
    const datetime = new Date(now + spec.at * MIN);
    const createdAt = new Date(now - spec.createdAgo * MIN);
    const hasRide = RIDE_STATUSES.includes(spec.status);
    const [ride] = hasRide
      ? await db.insert(rides).values({ captainId: captain.captainId, carId: captain.carId, createdAt }).returning()
      : [undefined];
    const origin = spec.origin ?? 'app';
    const [b] = await db
      .insert(bookings)
      .values({
        status: spec.status,
        origin,
        now: spec.now ?? true,
        datetime,
        createdAt,
        updatedAt: createdAt,
        serviceId: spec.serviceId ?? 3,
        seats: spec.serviceId === 1 ? 2 : 1,
        passengerId: spec.passenger ? specialId[spec.passenger] : pax[(i * 13) % pax.length],
        pickUpLocationName: from.name,
        pickUpLon: from.lon,
        pickUpLat: from.lat,
        landmarkPickupId: from.id,
        pickupSectorId: from.sectorId,
        pullDownLocationName: to.name,
        pullDownLon: to.lon,
        pullDownLat: to.lat,
        landmarkDropoffId: to.id,
        dropoffSectorId: to.sectorId,
        rideId: ride?.id ?? null,
        airportOffice: spec.airport ?? false,
        besoin: spec.besoin ?? false,
        besoinDate: spec.besoin ? new Date(now + 5 * MIN) : null,
        highPriority: spec.passenger === 'vip',
        roomNumber: spec.airport ? null : i % 5 === 0 ? String(100 + i) : null,
        creatorId: spec.airport ? (desk?.id ?? null) : origin === 'app' ? null : (operator?.id ?? null),
        userCancellationReasonId: spec.cancelReason === 'user' ? (userReason?.id ?? null) : null,
        captainCancellationReasonId: spec.cancelReason === 'captain' ? (captainReason?.id ?? null) : null,
        captainCancellations: spec.cancelReason === 'captain' ? 1 : 0,
        suggestionCaptainId: spec.suggestion ? captain.captainId : null,
        suggestionUntil: spec.suggestion ? new Date(now + 2 * MIN) : null,
        isEta: ['APPROVED', 'ACCEPTED', 'STARTED'].includes(spec.status),
        etaCaptain: ['APPROVED', 'ACCEPTED', 'STARTED'].includes(spec.status) ? 4 + (i % 9) : null,
        meta: { round_trip: i % 11 === 0 },
      })
      .returning({ id: bookings.id });
    const flow = FLOW.includes(spec.status) ? FLOW.slice(0, FLOW.indexOf(spec.status) + 1) : ['PENDING', spec.status];
    await db
      .insert(bookingStatuses)
      .values(
        flow.map((status, k) => ({ bookingId: b.id, status, createdAt: new Date(createdAt.getTime() + k * 2 * MIN) })),
      );
    if (spec.note)
      await db
        .insert(bookingNotes)
        .values({ bookingId: b.id, note: spec.note, authorId: operator?.id ?? null, createdAt });
    if (spec.airport) {
      await db.insert(airportDetails).values({
        bookingId: b.id,
        agent: 'Nice Airport desk',
        airAgencyName: 'Riviera Air Travel',
        agencyId: desk?.agencyId ?? null,
        firstName: 'Victoria',
        lastName: 'Grimaldi',
        phoneNumber: '+377 6 99 00 00 01',
        riders: 2 + (i % 3),
        bags: i % 2 === 0 ? 3 : -1,
        pnr: `PNR${1000 + i}`,
        country: 'NCE',
        estimatedPrice: '95.00',
        lastUpdate: createdAt,
      });
    }
    if (spec.suggestion) {
      await db.insert(bookingSuggestions).values([
        { bookingId: b.id, captainId: fleet[(i + 1) % fleet.length].captainId, status: 'REFUSED', createdAt },
        { bookingId: b.id, captainId: captain.captainId, status: 'SENT', until: new Date(now + 2 * MIN) },
      ]);
    }
    if (spec.serviceChange)
      await db
        .insert(serviceChangeSuggestions)
        .values({ bookingId: b.id, newServiceId: spec.serviceChange, createdById: operator?.id ?? null });
    if (spec.status === 'PAID' || spec.status === 'DONE') {
      await db.insert(payments).values({
        bookingId: b.id,
        rideId: ride?.id ?? null,
        amount: String(18 + i),
        type: 'booking',
        status: spec.status === 'PAID' ? 'DONE' : 'PENDING',
      });
    }
    if (spec.status === 'PENDING' && (spec.now ?? true)) {
      await db.insert(jobs).values({
        kind: JOB_KINDS.lateBooking,
        payload: { booking_id: b.id },
        runAt: new Date(datetime.getTime() + LATE_BOOKING_AFTER_MS),
      });
    }
    if (spec.besoin)
      await db
        .insert(jobs)
        .values({ kind: JOB_KINDS.besoinExpire, payload: { booking_id: b.id }, runAt: new Date(now + 5 * MIN) });
  }
  return LIVE.length;
}

/**
 * Weeks of finished and cancelled bookings, generated set-based (INSERT … SELECT generate_series) so
 * the seed stays fast on PGlite: bookings, rides, status histories and payments.
 */
async function seedHistory(
  db: DbOrTx,
  count: number,
  pax: number[],
  fleet: { captainId: number; carId: number }[],
  spots: SeedPlace[],
) {
  if (count <= 0) return;
  const x = (q: ReturnType<typeof sql>) => db.execute(q);
  await x(sql`select setseed(0.42)`);
  await x(sql`create temp table seed_pax (i int primary key, id int) on commit drop`);
  await x(sql`insert into seed_pax select ordinality::int, v from unnest(${intArray(pax)}) with ordinality as t(v)`);
  await x(sql`create temp table seed_fleet (i int primary key, captain_id int, car_id int) on commit drop`);
  await x(
    sql`insert into seed_fleet select ordinality::int, c, k from unnest(${intArray(fleet.map((f) => f.captainId))}, ${intArray(fleet.map((f) => f.carId))}) with ordinality as t(c, k)`,
  );
  await x(
    sql`create temp table seed_spot (i int primary key, id int, name text, lon float8, lat float8, sector_id int) on commit drop`,
  );
  await db.execute(
    sql`insert into seed_spot values ${sql.join(
      spots.map((s, i) => sql`(${i + 1}, ${s.id}, ${s.name}, ${s.lon}, ${s.lat}, ${s.sectorId})`),
      sql`, `,
    )}`,
  );
  const idBase = (await db.execute(
    sql`select coalesce((select max(id) from bookings), 0)::int + 100000 as b0, coalesce((select max(id) from rides), 0)::int + 100000 as r0`,
  )) as unknown as { rows: { b0: number; r0: number }[] };
  const { b0, r0 } = idBase.rows[0];
  // Ids of the history start above the live ones; the sequences are moved past them at the end.
  await x(sql`create temp table seed_hist on commit drop as
    select g, ${b0}::int + g as id,
      now() - (random() * ${HISTORY_DAYS} + 0.2) * interval '1 day' as datetime,
      case when r < 0.78 then 'PAID' when r < 0.82 then 'DONE' when r < 0.88 then 'PAX_CANCELLED'
           when r < 0.93 then 'SYSTEM_CANCELLED' when r < 0.97 then 'CAPTAIN_CANCELLED' else 'DELETED' end as status,
      1 + floor(random() * (select count(*) from seed_pax))::int as pi,
      1 + floor(random() * (select count(*) from seed_fleet))::int as fi,
      1 + floor(random() * (select count(*) from seed_spot))::int as si,
      1 + floor(random() * (select count(*) from seed_spot))::int as di,
      random() as r2, random() as r3
    from (select g, random() as r from generate_series(1, ${count}) g) s`);
  await x(sql`insert into rides (id, captain_id, car_id, created_at)
    select ${r0}::int + h.g, f.captain_id, f.car_id, h.datetime - interval '8 minutes'
    from seed_hist h join seed_fleet f on f.i = h.fi
    where h.status in ('PAID', 'DONE', 'CAPTAIN_CANCELLED')`);
  await x(sql`insert into bookings (id, status, origin, datetime, now, seats, service_id, passenger_id,
      pick_up_location_name, pick_up_lon, pick_up_lat, landmark_pickup_id, pickup_sector_id,
      pull_down_location_name, pull_down_lon, pull_down_lat, landmark_dropoff_id, dropoff_sector_id,
      ride_id, user_cancellation_reason_id, captain_cancellation_reason_id, captain_cancellations, creator_id, created_at, updated_at)
    select h.id, h.status,
      case when h.r2 < 0.7 then 'app' when h.r2 < 0.85 then 'phone' else 'dashboard' end,
      h.datetime, h.r3 < 0.75, case when h.r3 < 0.1 then 2 else 1 end,
      case when h.r3 < 0.15 then 1 when h.r3 < 0.45 then 2 when h.r3 < 0.75 then 3 when h.r3 < 0.82 then 4
           when h.r3 < 0.9 then 5 when h.r3 < 0.96 then 6 else 7 end,
      p.id, s.name, s.lon, s.lat, s.id, s.sector_id, d.name, d.lon, d.lat, d.id, d.sector_id,
      case when h.status in ('PAID', 'DONE', 'CAPTAIN_CANCELLED') then ${r0}::int + h.g end,
      case when h.status = 'SYSTEM_CANCELLED' then (select min(id) from user_cancellation_reasons) end,
      case when h.status = 'CAPTAIN_CANCELLED' then (select min(id) from captain_cancellation_reasons) end,
      case when h.status = 'CAPTAIN_CANCELLED' then 1 else 0 end,
      case when h.r2 >= 0.7 then (select min(id) from users) end,
      h.datetime - (case when h.r3 < 0.75 then interval '1 minute' else interval '6 hours' end),
      h.datetime + interval '30 minutes'
    from seed_hist h
      join seed_pax p on p.i = h.pi
      join seed_spot s on s.i = h.si
      join seed_spot d on d.i = h.di`);
  // Status history: the normal flow up to the final status, or PENDING then the cancellation.
  await x(sql`insert into booking_statuses (booking_id, status, created_at)
    select h.id, f.status, h.datetime + f.minutes * interval '1 minute'
    from seed_hist h
    cross join (values ('PENDING', -1, 0), ('APPROVED', 1, 1), ('ACCEPTED', 2, 2), ('STARTED', 3, 3), ('ARRIVED', 8, 4),
                       ('PICKED_UP', 10, 5), ('DONE', 25, 6), ('PAID', 26, 7)) as f(status, minutes, step)
    where f.step = 0
       or (h.status = 'PAID')
       or (h.status = 'DONE' and f.step <= 6)
       or (h.status = 'CAPTAIN_CANCELLED' and f.step <= 2)`);
  await x(sql`insert into booking_statuses (booking_id, status, created_at)
    select h.id, h.status, h.datetime + interval '5 minutes' from seed_hist h
    where h.status in ('PAX_CANCELLED', 'SYSTEM_CANCELLED', 'CAPTAIN_CANCELLED', 'DELETED')`);
  await x(sql`insert into payments (booking_id, ride_id, status, type, amount, created_at)
    select h.id, ${r0}::int + h.g, 'DONE', 'booking', round((12 + h.r2 * 45)::numeric, 2), h.datetime + interval '26 minutes'
    from seed_hist h where h.status = 'PAID'
    union all
    select h.id, ${r0}::int + h.g, 'DONE', 'tip', round((1 + h.r3 * 9)::numeric, 2), h.datetime + interval '27 minutes'
    from seed_hist h where h.status = 'PAID' and h.r3 < 0.2
    union all
    select h.id, null, 'DONE', 'CANCELLATION_FEES', 5.00, h.datetime + interval '5 minutes'
    from seed_hist h where h.status = 'PAX_CANCELLED' and h.r2 < 0.4`);
  await x(sql`select setval(pg_get_serial_sequence('bookings', 'id'), (select max(id) from bookings))`);
  await x(sql`select setval(pg_get_serial_sequence('rides', 'id'), greatest((select max(id) from rides), 1))`);
}

/** A realistic demo day plus weeks of history; after people (uses their passengers, captains and cars). */
export const seedBookings: Seeder = {
  name: 'bookings',
  async run(db, { log, scale }) {
    const { pax, fleet } = await ensurePeople(db, log);
    const spots = await demoPlaces(db);
    const live = await seedLive(db, pax, fleet, spots);
    const history = Math.round(HISTORY_BOOKINGS * scale);
    await seedHistory(db, history, pax, fleet, spots);
    log(`${live} live bookings, ${history} history bookings`);
  },
};
