import { DEMO_DATA, type PriceRuleInput, SEASONS, type Season } from '@taxi/shared';
import {
  captainCancellationReasons,
  constraints,
  priceRules,
  services,
  serviceTariffs,
  userCancellationReasons,
  vehicleTypes,
} from '../schema';
import type { Seeder } from './index';

const S = DEMO_DATA.services;
const C = DEMO_DATA.constraints;

/** Service ids are fixed: the spec names 1 (pooling), 2 (full car) and 7 (VIP). */
export const DEMO_SERVICES = [
  { id: 1, name: S.pooling, icon: 'groups', isPooling: true, vehicleType: 'sedan', seats: 4 },
  { id: 2, name: S.fullCar, icon: 'local_taxi', isPooling: false, vehicleType: 'sedan', seats: 4 },
  { id: 3, name: S.eco, icon: 'eco', isPooling: false, vehicleType: 'sedan', seats: 4 },
  { id: 4, name: S.van, icon: 'airport_shuttle', isPooling: false, vehicleType: 'van', seats: 7 },
  { id: 5, name: S.airport, icon: 'flight', isPooling: false, vehicleType: 'sedan', seats: 4 },
  { id: 6, name: S.electric, icon: 'electric_car', isPooling: false, vehicleType: 'sedan', seats: 4 },
  { id: 7, name: S.vip, icon: 'star', isPooling: false, vehicleType: 'luxury', seats: 4 },
] as const;

/** Vehicle types and the services each may carry (as the demo captains of each type drive them). */
export const DEMO_VEHICLE_TYPES = [
  { name: 'sedan', seats: 4, serviceIds: [1, 2, 3, 5, 6] },
  { name: 'van', seats: 7, serviceIds: [1, 2, 4] },
  { name: 'minibus', seats: 8, serviceIds: [1, 4] },
  { name: 'luxury', seats: 4, serviceIds: [7] },
];

/** Booking constraints the phone booking offers, each met by a captain capability. */
export const DEMO_CONSTRAINTS = [
  { constraintName: C.childSeat, abbreviation: 'CS', kind: 'static', capability: 'child_seat' },
  { constraintName: C.pet, abbreviation: 'PET', kind: 'static', capability: 'pet' },
  { constraintName: C.english, abbreviation: 'EN', kind: 'dynamic', capability: 'english' },
  { constraintName: C.noSmoking, abbreviation: 'NS', kind: 'static', capability: 'no_smoking' },
];

export const USER_CANCELLATION_REASONS = DEMO_DATA.userCancellationReasons;
export const CAPTAIN_CANCELLATION_REASONS = DEMO_DATA.captainCancellationReasons;

/** The standard day tariff in euros, scaled per service and per season below. */
const DAY_TARIFF = { base: 3.5, perKm: 1.4, perMinute: 0.3, minimum: 7, waitingPerMinute: 0.5 };
const SERVICE_FACTOR: Record<number, number> = { 1: 0.7, 2: 1, 3: 0.9, 4: 1.3, 5: 1.2, 6: 1, 7: 2 };
const SEASON_FACTOR: Record<Season, number> = { day: 1, night: 1.25, classic: 1, new_classic: 1.1, hot: 1.3 };

export const DEMO_PRICE_RULES: PriceRuleInput[] = [
  {
    name: DEMO_DATA.priceRules.airport,
    order: 10,
    active: true,
    stop: true,
    conditions: { airport: true },
    effect: { kind: 'fixed', amount: 45 },
  },
  {
    name: DEMO_DATA.priceRules.night,
    order: 20,
    active: true,
    stop: false,
    conditions: { time_from: '22:00', time_to: '06:00' },
    effect: { kind: 'surcharge', amount: 2 },
  },
  {
    name: DEMO_DATA.priceRules.weekend,
    order: 30,
    active: true,
    stop: false,
    conditions: { days: [5, 6], time_from: '20:00', time_to: '02:00' },
    effect: { kind: 'multiplier', factor: 1.1 },
  },
  {
    name: DEMO_DATA.priceRules.loyalty,
    order: 40,
    active: true,
    stop: false,
    conditions: { passenger_classes: ['P3'] },
    effect: { kind: 'multiplier', factor: 0.9 },
  },
  {
    name: DEMO_DATA.priceRules.cap,
    order: 1000,
    active: true,
    stop: false,
    conditions: {},
    effect: { kind: 'cap', amount: 120 },
  },
];

const cents = (euros: number) => Math.round(euros * 100) / 100;

/** Services and cancellation reasons: parents of bookings, placed before people and bookings. */
export const seedServices: Seeder = {
  name: 'services',
  async run(db, { log }) {
    await db
      .insert(services)
      .values([...DEMO_SERVICES])
      .onConflictDoNothing();
    await db.insert(serviceTariffs).values(
      DEMO_SERVICES.flatMap((service) =>
        SEASONS.map((season) => {
          const f = SERVICE_FACTOR[service.id] * SEASON_FACTOR[season];
          return {
            serviceId: service.id,
            season,
            base: cents(DAY_TARIFF.base * f),
            perKm: cents(DAY_TARIFF.perKm * f),
            perMinute: cents(DAY_TARIFF.perMinute * f),
            minimum: cents(DAY_TARIFF.minimum * f),
            waitingPerMinute: cents(DAY_TARIFF.waitingPerMinute * f),
          };
        }),
      ),
    );
    await db.insert(priceRules).values(DEMO_PRICE_RULES);
    await db.insert(vehicleTypes).values(DEMO_VEHICLE_TYPES).onConflictDoNothing();
    await db.insert(constraints).values(DEMO_CONSTRAINTS).onConflictDoNothing();
    await db.insert(userCancellationReasons).values(USER_CANCELLATION_REASONS.map((text) => ({ text })));
    await db.insert(captainCancellationReasons).values(CAPTAIN_CANCELLATION_REASONS.map((text) => ({ text })));
    log(
      `${DEMO_SERVICES.length} services with prices for ${SEASONS.length} seasons, ${DEMO_PRICE_RULES.length} price rules, ${USER_CANCELLATION_REASONS.length + CAPTAIN_CANCELLATION_REASONS.length} cancellation reasons`,
    );
  },
};
