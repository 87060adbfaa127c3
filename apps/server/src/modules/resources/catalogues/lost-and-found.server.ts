import {
  cityDayEnd,
  cityLocalToDate,
  LOST_FOUND_MSG,
  type LostAndFoundFilters,
  type LostItemStatus,
  lostItemMayMove,
} from '@taxi/shared';
import { tr } from '@taxi/shared/i18n';
import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { bookings, captains, lostItems, passengers, rides } from '../../../db/schema';
import { validationError } from '../../../http/errors';
import type { ServerHooks, Values } from '../service';

const fullName = (t: typeof captains | typeof passengers) => sql<string>`${t.firstName} || ' ' || ${t.lastName}`;

/** The booking's passenger and the captain of its ride (null before one is assigned). */
export async function bookingPeople(db: DbOrTx, bookingId: number) {
  const [row] = await db
    .select({ passengerId: bookings.passengerId, captainId: rides.captainId })
    .from(bookings)
    .leftJoin(rides, eq(rides.id, bookings.rideId))
    .where(eq(bookings.id, bookingId));
  return row ?? null;
}

async function exists(db: DbOrTx, table: typeof captains | typeof passengers, id: number) {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  return !!row;
}

const given = (v: unknown): v is number => typeof v === 'number';

/**
 * Lost and found: a booking fills the captain and passenger left blank; the people must exist; a status
 * moves only forward (LOST_ITEM_NEXT). The catalogue service audits every write with before and after.
 */
const hooks: ServerHooks = {
  async present(rows, db) {
    const ids = (key: string) => [...new Set(rows.map((r) => r[key]).filter(given))];
    const captainIds = ids('captain_id');
    const passengerIds = ids('passenger_id');
    const captainNames = new Map(
      captainIds.length
        ? (
            await db
              .select({ id: captains.id, name: fullName(captains) })
              .from(captains)
              .where(inArray(captains.id, captainIds))
          ).map((r) => [r.id, r.name])
        : [],
    );
    const passengerNames = new Map(
      passengerIds.length
        ? (
            await db
              .select({ id: passengers.id, name: fullName(passengers) })
              .from(passengers)
              .where(inArray(passengers.id, passengerIds))
          ).map((r) => [r.id, r.name])
        : [],
    );
    return rows.map((row) => ({
      ...row,
      captain_name: given(row.captain_id) ? (captainNames.get(row.captain_id) ?? null) : null,
      passenger_name: given(row.passenger_id) ? (passengerNames.get(row.passenger_id) ?? null) : null,
    }));
  },

  async beforeSave(input, { tx, mode, id }) {
    const out: Values = { ...input };
    if (given(input.booking_id)) {
      const people = await bookingPeople(tx, input.booking_id);
      if (!people) throw validationError('booking_id', LOST_FOUND_MSG.bookingNotFound);
      if (!given(input.captain_id) && people.captainId !== null) out.captain_id = people.captainId;
      if (!given(input.passenger_id)) out.passenger_id = people.passengerId;
    }
    if (given(out.captain_id) && !(await exists(tx, captains, out.captain_id)))
      throw validationError('captain_id', LOST_FOUND_MSG.captainNotFound);
    if (given(out.passenger_id) && !(await exists(tx, passengers, out.passenger_id)))
      throw validationError('passenger_id', LOST_FOUND_MSG.passengerNotFound);
    if (mode === 'create') out.status = 'found';
    else if (typeof input.status === 'string' && id !== undefined) {
      const [current] = await tx.select({ status: lostItems.status }).from(lostItems).where(eq(lostItems.id, id));
      if (current && !lostItemMayMove(current.status as LostItemStatus, input.status as LostItemStatus))
        throw validationError('status', LOST_FOUND_MSG.statusNotAllowed);
    } else if (input.status === null) throw validationError('status', LOST_FOUND_MSG.statusNotAllowed);
    return out;
  },

  filter(values) {
    const f = values as LostAndFoundFilters;
    if (f.from_date && f.to_date && f.from_date > f.to_date)
      throw validationError('to_date', tr('The end date must not be before the start date.'));
    const parts: (SQL | undefined)[] = [
      f.status ? eq(lostItems.status, f.status) : undefined,
      f.booking_id ? eq(lostItems.bookingId, f.booking_id) : undefined,
      f.captain_id ? eq(lostItems.captainId, f.captain_id) : undefined,
      f.passenger_id ? eq(lostItems.passengerId, f.passenger_id) : undefined,
      f.from_date ? gte(lostItems.foundAt, cityLocalToDate(f.from_date) as Date) : undefined,
      f.to_date ? lt(lostItems.foundAt, cityDayEnd(f.to_date) as Date) : undefined,
    ];
    return and(...parts);
  },
};

export default hooks;
