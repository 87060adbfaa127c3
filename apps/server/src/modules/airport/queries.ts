import { type AirportRequestDto, type AirportRequestSubject, airportReceived } from '@taxi/shared';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { airportDetails, bookings, services, users } from '../../db/schema';
import type { PageSource } from '../../http/pagination';

const columns = {
  id: bookings.id,
  status: bookings.status,
  datetime: bookings.datetime,
  now: bookings.now,
  createdAt: bookings.createdAt,
  pickup: bookings.pickUpLocationName,
  dropoff: bookings.pullDownLocationName,
  serviceName: services.name,
  creatorId: bookings.creatorId,
  creatorFirst: users.firstName,
  creatorLast: users.lastName,
  agencyId: airportDetails.agencyId,
  agent: airportDetails.agent,
  firstName: airportDetails.firstName,
  lastName: airportDetails.lastName,
  phoneNumber: airportDetails.phoneNumber,
  riders: airportDetails.riders,
  bags: airportDetails.bags,
  pnr: airportDetails.pnr,
  country: airportDetails.country,
  estimatedPrice: airportDetails.estimatedPrice,
  lastUpdate: airportDetails.lastUpdate,
};

function select(db: DbOrTx) {
  return db
    .select(columns)
    .from(airportDetails)
    .innerJoin(bookings, eq(bookings.id, airportDetails.bookingId))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .leftJoin(users, eq(users.id, bookings.creatorId));
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

export function presentRequest(r: Row): AirportRequestDto & AirportRequestSubject {
  return {
    id: r.id,
    status: r.status,
    datetime: r.datetime.toISOString(),
    now: r.now,
    created_at: r.createdAt.toISOString(),
    pick_up_location_name: r.pickup,
    pull_down_location_name: r.dropoff,
    service_name: r.serviceName,
    agent: r.agent,
    first_name: r.firstName,
    last_name: r.lastName,
    phone_number: r.phoneNumber,
    riders: r.riders,
    bags: r.bags,
    pnr: r.pnr,
    country: r.country,
    estimated_price: r.estimatedPrice === null ? null : Number(r.estimatedPrice),
    received: airportReceived(r.createdAt, r.lastUpdate),
    creator_id: r.creatorId,
    creator_name: r.creatorFirst === null ? null : `${r.creatorFirst} ${r.creatorLast ?? ''}`.trim(),
    agency_id: r.agencyId,
  };
}

/** The requests of an agency, or of one of its agents (newest first). */
export function requestsPage(db: DbOrTx, agencyId: number, creatorId: number | null): PageSource<Row> {
  const where: SQL | undefined = and(
    eq(airportDetails.agencyId, agencyId),
    creatorId === null ? undefined : eq(bookings.creatorId, creatorId),
  );
  return {
    count: async () => {
      const [{ n }] = await db
        .select({ n: count() })
        .from(airportDetails)
        .innerJoin(bookings, eq(bookings.id, airportDetails.bookingId))
        .where(where);
      return n;
    },
    rows: (limit, offset) =>
      select(db).where(where).orderBy(desc(bookings.createdAt), desc(bookings.id)).limit(limit).offset(offset),
  };
}

/** One airport request (with the agency and creator the policy reads), or undefined. */
export async function findRequest(db: DbOrTx, id: number) {
  const [row] = await select(db).where(eq(airportDetails.bookingId, id)).limit(1);
  return row ? presentRequest(row) : undefined;
}
