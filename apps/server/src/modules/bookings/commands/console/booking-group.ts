import { BOOKING_GROUP_MSG, type BookingStatus, CANCELLED_STATUSES, GROUP_CARS_MAX } from '@taxi/shared';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../../../db/client';
import { bookings } from '../../../../db/schema';
import { validationError } from '../../../../http/errors';

/**
 * The group an order joins ("Add a car to this group"), in the order's transaction: the group's bookings are
 * locked (FOR NO KEY UPDATE conflicts with itself), so two cars added at once are counted one after the other.
 * 422 on group_order when no booking has it, on cars when the group would hold more than GROUP_CARS_MAX cars
 * that are not cancelled. Returns the ids of its bookings.
 */
export async function joinGroup(tx: Tx, group: string, cars: number): Promise<number[]> {
  const rows = await tx
    .select({ id: bookings.id, status: bookings.status })
    .from(bookings)
    .where(eq(bookings.groupOrder, group))
    .orderBy(asc(bookings.id))
    .for('no key update');
  if (rows.length === 0) throw validationError('group_order', BOOKING_GROUP_MSG.unknownGroup);
  const going = rows.filter((r) => !CANCELLED_STATUSES.includes(r.status as BookingStatus)).length;
  if (going + cars > GROUP_CARS_MAX) throw validationError('cars', BOOKING_GROUP_MSG.groupFull(GROUP_CARS_MAX));
  return rows.map((r) => r.id);
}

/** A new group, started by the first of the bookings made together: its id is that booking's. */
export async function startGroup(tx: Tx, firstId: number): Promise<string> {
  const group = String(firstId);
  await tx.update(bookings).set({ groupOrder: group }).where(eq(bookings.id, firstId));
  return group;
}
