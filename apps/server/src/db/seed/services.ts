import { captainCancellationReasons, services, userCancellationReasons } from '../schema';
import type { Seeder } from './index';

/** Service ids are fixed: the spec names 1 (pooling), 2 (full car) and 7 (VIP). */
export const DEMO_SERVICES = [
  { id: 1, name: 'Pooling', icon: 'groups', isPooling: true, vehicleType: 'sedan', seats: 4 },
  { id: 2, name: 'Full car', icon: 'local_taxi', isPooling: false, vehicleType: 'sedan', seats: 4 },
  { id: 3, name: 'Eco', icon: 'eco', isPooling: false, vehicleType: 'sedan', seats: 4 },
  { id: 4, name: 'Van', icon: 'airport_shuttle', isPooling: false, vehicleType: 'van', seats: 7 },
  { id: 5, name: 'Airport', icon: 'flight', isPooling: false, vehicleType: 'sedan', seats: 4 },
  { id: 6, name: 'Electric', icon: 'electric_car', isPooling: false, vehicleType: 'sedan', seats: 4 },
  { id: 7, name: 'VIP', icon: 'star', isPooling: false, vehicleType: 'luxury', seats: 4 },
] as const;

export const USER_CANCELLATION_REASONS = [
  'Passenger no longer needs the ride',
  'Passenger booked by mistake',
  'Duplicate order',
  'No driver available in time',
  'Passenger unreachable',
  'Wrong pickup address',
] as const;

export const CAPTAIN_CANCELLATION_REASONS = [
  'Passenger did not show up',
  'Vehicle problem',
  'Traffic too heavy to arrive in time',
  'Passenger asked to cancel',
  'Wrong pickup address',
] as const;

/** Services and cancellation reasons: parents of bookings, placed before people and bookings. */
export const seedServices: Seeder = {
  name: 'services',
  async run(db, { log }) {
    await db
      .insert(services)
      .values([...DEMO_SERVICES])
      .onConflictDoNothing();
    await db.insert(userCancellationReasons).values(USER_CANCELLATION_REASONS.map((text) => ({ text })));
    await db.insert(captainCancellationReasons).values(CAPTAIN_CANCELLATION_REASONS.map((text) => ({ text })));
    log(
      `${DEMO_SERVICES.length} services, ${USER_CANCELLATION_REASONS.length + CAPTAIN_CANCELLATION_REASONS.length} cancellation reasons`,
    );
  },
};
