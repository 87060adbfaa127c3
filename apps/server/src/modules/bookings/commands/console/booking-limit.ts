import { ACTIVE_STATUSES, SETTING_MSG } from '@taxi/shared';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../../db/client';
import { bookings, passengers } from '../../../../db/schema';
import { validationError } from '../../../../http/errors';

/**
 * MaxBookingCount: a passenger holding `max` active (not finished, not cancelled) bookings may not book
 * again — 422 on passenger_id. The passenger's row is locked first, so two bookings made at once are counted
 * one after the other. `max` 0 is no limit.
 */
export async function assertBookingAllowance(tx: Tx, passengerId: number, max: number): Promise<void> {
  if (max <= 0 || !passengerId) return;
  await tx.execute(sql`select 1 from ${passengers} where ${passengers.id} = ${passengerId} for update`);
  const [{ n }] = await tx
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.passengerId, passengerId), inArray(bookings.status, [...ACTIVE_STATUSES])));
  if (n >= max) throw validationError('passenger_id', SETTING_MSG.tooManyBookings(max));
}
