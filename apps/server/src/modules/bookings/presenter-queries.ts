import { count, eq, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  airportDetails,
  bookingNotes,
  bookingStops,
  bookingSuggestions,
  bookings,
  captainCancellationReasons,
  captains,
  carBrands,
  carModels,
  cars,
  colors,
  partners,
  passengers,
  places,
  rides,
  sectors,
  serviceChangeSuggestions,
  services,
  userCancellationReasons,
  users,
  vouchers,
} from '../../db/schema';
import type { BookingRow } from './presenter';

const uniq = <T>(values: (T | null | undefined)[]): T[] => [...new Set(values.filter((v): v is T => v != null))];

/** A column named with its table: drizzle leaves names bare in the field list of a one-table select. */
const q = (column: PgColumn) => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);

/** `= any(...)` of a list of ids bound when the prepared statement runs. */
const anyOf = (name: string) => sql`any(${sql.placeholder(name)}::int[])`;

/**
 * The page's statements are built once per database handle and reused (drizzle's query building costs
 * more than running them on a busy server); PostgreSQL also keeps them prepared per connection.
 */
const prepared = new WeakMap<DbOrTx, Map<unknown, unknown>>();
function preparedOnce<T>(db: DbOrTx, build: (db: DbOrTx) => T): T {
  let byBuild = prepared.get(db);
  if (!byBuild) {
    byBuild = new Map();
    prepared.set(db, byBuild);
  }
  let query = byBuild.get(build) as T | undefined;
  if (!query) {
    query = build(db);
    byBuild.set(build, query);
  }
  return query;
}

/** A JSON array of `table`'s rows built in SQL, one key a column; `where` picks the rows (none: all). */
function jsonRows<T>(table: PgTable, fields: Record<string, PgColumn>, where?: SQL, order?: PgColumn[]): SQL<T[]> {
  const object = sql.join(
    Object.entries(fields).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${q(column)}`),
    sql`, `,
  );
  const orderBy = order ? sql` order by ${sql.join(order.map(q), sql`, `)}` : sql``;
  const filter = where ? sql` where ${where}` : sql``;
  return sql`coalesce((select json_agg(json_build_object(${object})${orderBy}) from ${table}${filter}), '[]'::json)`;
}

/** The first of `table`'s rows for the outer booking, as a JSON object (null when none). */
function jsonFirst<T>(
  table: PgTable,
  fields: Record<string, PgColumn>,
  bookingId: PgColumn,
  order?: SQL,
): SQL<T | null> {
  const object = sql.join(
    Object.entries(fields).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${q(column)}`),
    sql`, `,
  );
  return sql`(select json_build_object(${object}) from ${table} where ${ofBooking(bookingId)}${order ? sql` order by ${order}` : sql``} limit 1)`;
}

const ofBooking = (bookingId: PgColumn) => sql`${q(bookingId)} = ${q(bookings.id)}`;

interface NamedRef {
  id: number;
  name: string;
}

interface NoteJson {
  id: number;
  note: string;
  authorId: number | null;
  createdAt: string;
  solvedAt: string | null;
  first: string | null;
  last: string | null;
}

/**
 * The page's lookups, in one statement: the services, and the sectors, landmarks, vouchers, creators,
 * cancellation reasons, offered captains and partners its bookings name.
 */
function lookupsQuery(db: DbOrTx) {
  const named = <T extends PgTable & { id: PgColumn }>(table: T, fields: Record<string, PgColumn>, ids: string) =>
    jsonRows(table, fields, sql`${q(table.id)} = ${anyOf(ids)}`);
  return db
    .select({
      services: jsonRows<{ id: number; name: string; icon: string | null; isPooling: boolean }>(services, {
        id: services.id,
        name: services.name,
        icon: services.icon,
        isPooling: services.isPooling,
      }),
      sectors: named(sectors, { id: sectors.id, name: sectors.name }, 'sectorIds'),
      places: named(places, { id: places.id, name: places.name }, 'placeIds'),
      vouchers: named(vouchers, { id: vouchers.id, code: vouchers.code }, 'voucherIds'),
      creators: named(users, { id: users.id, email: users.email, firstName: users.firstName }, 'creatorIds'),
      userReasons: named(
        userCancellationReasons,
        { id: userCancellationReasons.id, text: userCancellationReasons.text },
        'userReasonIds',
      ),
      captainReasons: named(
        captainCancellationReasons,
        { id: captainCancellationReasons.id, text: captainCancellationReasons.text },
        'captainReasonIds',
      ),
      offered: named(
        captains,
        { id: captains.id, firstName: captains.firstName, lastName: captains.lastName },
        'offeredIds',
      ),
      partners: named(partners, { id: partners.id, kind: partners.kind, name: partners.name }, 'partnerIds'),
    })
    .from(sql`(select 1) as one`)
    .prepare('booking_page_lookups');
}

async function loadLookups(db: DbOrTx, rows: BookingRow[]) {
  const ids = (pick: (b: BookingRow) => (number | null)[]) => uniq(rows.flatMap(pick));
  const [row] = await preparedOnce(db, lookupsQuery).execute({
    sectorIds: ids((b) => [b.pickupSectorId, b.dropoffSectorId]),
    placeIds: ids((b) => [b.landmarkPickupId, b.landmarkDropoffId]),
    voucherIds: ids((b) => [b.voucherId]),
    creatorIds: ids((b) => [b.creatorId]),
    userReasonIds: ids((b) => [b.userCancellationReasonId]),
    captainReasonIds: ids((b) => [b.captainCancellationReasonId]),
    offeredIds: ids((b) => [b.suggestionCaptainId]),
    partnerIds: ids((b) => [b.partnerId]),
  });
  return row as {
    services: { id: number; name: string; icon: string | null; isPooling: boolean }[];
    sectors: NamedRef[];
    places: NamedRef[];
    vouchers: { id: number; code: string }[];
    creators: { id: number; email: string; firstName: string }[];
    userReasons: { id: number; text: string }[];
    captainReasons: { id: number; text: string }[];
    offered: { id: number; firstName: string; lastName: string }[];
    partners: { id: number; kind: string; name: string }[];
  };
}

/** What hangs off each booking (notes and their authors, suggestions, the last service change, airport details, stops). */
function attachmentsQuery(db: DbOrTx) {
  const notes = sql<NoteJson[]>`coalesce((
    select json_agg(json_build_object('id', n.id, 'note', n.note, 'authorId', n.author_id, 'createdAt', n.created_at,
      'solvedAt', n.solved_at, 'first', u.first_name, 'last', u.last_name) order by n.id)
    from ${bookingNotes} n left join ${users} u on u.id = n.author_id where n.booking_id = ${q(bookings.id)}), '[]'::json)`;
  return db
    .select({
      id: bookings.id,
      notes,
      suggestions: jsonRows<{ status: string }>(
        bookingSuggestions,
        { status: bookingSuggestions.status },
        ofBooking(bookingSuggestions.bookingId),
        [bookingSuggestions.id],
      ),
      change: jsonFirst<{ id: number; newServiceId: number; acceptedAt: string | null }>(
        serviceChangeSuggestions,
        {
          id: serviceChangeSuggestions.id,
          newServiceId: serviceChangeSuggestions.newServiceId,
          acceptedAt: serviceChangeSuggestions.acceptedAt,
        },
        serviceChangeSuggestions.bookingId,
        sql`${q(serviceChangeSuggestions.id)} desc`,
      ),
      airport: jsonFirst<{ riders: number; bags: number; lastUpdate: string }>(
        airportDetails,
        { riders: airportDetails.riders, bags: airportDetails.bags, lastUpdate: airportDetails.lastUpdate },
        airportDetails.bookingId,
      ),
      stops: jsonRows<{ name: string }>(
        bookingStops,
        { name: bookingStops.locationName },
        ofBooking(bookingStops.bookingId),
        [bookingStops.position, bookingStops.id],
      ),
    })
    .from(bookings)
    .where(sql`${q(bookings.id)} = ${anyOf('bookingIds')}`)
    .prepare('booking_page_attachments');
}

/** The page's rides with their captain and car (colour, brand and model). */
function ridesQuery(db: DbOrTx) {
  return db
    .select({
      id: rides.id,
      captainId: rides.captainId,
      carId: rides.carId,
      captain: {
        id: captains.id,
        firstName: captains.firstName,
        lastName: captains.lastName,
        phoneNumber: captains.phoneNumber,
        conversationId: captains.conversationId,
        lastLon: captains.lastLon,
        lastLat: captains.lastLat,
        capabilities: captains.capabilities,
      },
      car: { id: cars.id, number: cars.number, color: colors.name, model: carModels.name, brand: carBrands.name },
    })
    .from(rides)
    .innerJoin(captains, eq(captains.id, rides.captainId))
    .leftJoin(cars, eq(cars.id, rides.carId))
    .leftJoin(colors, eq(colors.id, cars.colorId))
    .leftJoin(carModels, eq(carModels.id, cars.carModelId))
    .leftJoin(carBrands, eq(carBrands.id, carModels.carBrandId))
    .where(sql`${q(rides.id)} = ${anyOf('rideIds')}`)
    .prepare('booking_page_rides');
}

function passengersQuery(db: DbOrTx) {
  return db
    .select()
    .from(passengers)
    .where(sql`${q(passengers.id)} = ${anyOf('passengerIds')}`)
    .prepare('booking_page_passengers');
}

/** How many orders each of these groups holds (whatever their status), by group id. */
async function groupSizes(db: DbOrTx, groups: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ group: bookings.groupOrder, n: count() })
    .from(bookings)
    .where(inArray(bookings.groupOrder, groups))
    .groupBy(bookings.groupOrder);
  return new Map(rows.map((r) => [r.group as string, r.n]));
}

/**
 * What a page of bookings shows besides its own rows, in four statements run together whatever the
 * page size: passengers, rides with captains and cars, what hangs off each booking, and the lookups; a
 * fifth counts the groups of orders when the page has any.
 */
export async function loadPage(db: DbOrTx, rows: BookingRow[]) {
  const rideIds = uniq(rows.map((b) => b.rideId));
  const groups = uniq(rows.map((b) => b.groupOrder));
  const [passengerRows, rideRows, attachmentRows, lookups, groupSizesBy] = await Promise.all([
    preparedOnce(db, passengersQuery).execute({ passengerIds: uniq(rows.map((b) => b.passengerId)) }),
    rideIds.length ? preparedOnce(db, ridesQuery).execute({ rideIds }) : Promise.resolve([]),
    preparedOnce(db, attachmentsQuery).execute({ bookingIds: rows.map((b) => b.id) }),
    loadLookups(db, rows),
    groups.length ? groupSizes(db, groups) : Promise.resolve(new Map<string, number>()),
  ]);
  return { passengerRows, rideRows, attachmentRows, lookups, groupSizesBy };
}
