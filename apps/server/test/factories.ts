import { MAP_CENTER } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client';
import {
  bookingStatuses,
  bookings,
  captains,
  cars,
  passengers,
  services,
  userCancellationReasons,
} from '../src/db/schema';

let seq = 0;
const next = () => ++seq;

export async function makeService(db: DbOrTx, id = 3) {
  const [row] = await db.select().from(services).where(eq(services.id, id));
  if (row) return row;
  const [made] = await db
    .insert(services)
    .values({ id, name: `Service ${id}`, isPooling: id === 1 })
    .returning();
  return made;
}

export async function makePassenger(db: DbOrTx, values: Partial<typeof passengers.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(passengers)
    .values({
      firstName: 'Testa',
      lastName: `Passenger${n}`,
      phoneNumber: `+3776000${String(n).padStart(5, '0')}`,
      active: true,
      ...values,
    })
    .returning();
  return row;
}

/** An active captain with a car at a position (default: 500 m east of the map centre). */
export async function makeCaptain(
  db: DbOrTx,
  values: Partial<typeof captains.$inferInsert> = {},
  car: Partial<typeof cars.$inferInsert> | null = {},
) {
  const n = next();
  const [captain] = await db
    .insert(captains)
    .values({
      firstName: 'Cap',
      lastName: `Tain${n}`,
      phoneNumber: `+3776100${String(n).padStart(5, '0')}`,
      active: true,
      online: true,
      lastLon: MAP_CENTER[0] + 0.006,
      lastLat: MAP_CENTER[1],
      ...values,
    })
    .returning();
  const [carRow] = car
    ? await db
        .insert(cars)
        .values({ captainId: captain.id, number: `TT-${n}`, ...car })
        .returning()
    : [null];
  return { captain, car: carRow };
}

export async function makeReason(db: DbOrTx) {
  const [row] = await db.select().from(userCancellationReasons).limit(1);
  if (row) return row;
  const [made] = await db.insert(userCancellationReasons).values({ text: 'Test reason' }).returning();
  return made;
}

/** A booking (PENDING, now, at the map centre) with its PENDING status row; makes a passenger and service when not given. */
export async function makeBooking(db: DbOrTx, values: Partial<typeof bookings.$inferInsert> = {}) {
  const serviceId = values.serviceId ?? (await makeService(db)).id;
  const passengerId = values.passengerId ?? (await makePassenger(db)).id;
  const now = new Date();
  const [row] = await db
    .insert(bookings)
    .values({
      status: 'PENDING',
      origin: 'app',
      datetime: now,
      now: true,
      pickUpLocationName: 'Casino Square',
      pickUpLon: MAP_CENTER[0],
      pickUpLat: MAP_CENTER[1],
      createdAt: now,
      updatedAt: now,
      ...values,
      serviceId,
      passengerId,
    })
    .returning();
  await db.insert(bookingStatuses).values({ bookingId: row.id, status: row.status, createdAt: row.createdAt });
  return row;
}
