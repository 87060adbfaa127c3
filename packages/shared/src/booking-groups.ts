import { z } from 'zod';
import { texts, tr } from './i18n';
import { DB_ID_MAX } from './validation';

/**
 * Groups of orders (a booking's `group_order`): the cars one caller books together in one call for one party.
 * A phone booking of N cars makes N bookings in one transaction, sharing a new group whose id is the first
 * booking's id as text; an order made with `group_order` joins that group ("Add a car to this group").
 */

/** Cars one phone booking makes at once, and cars (not cancelled) one group holds at most. */
export const GROUP_CARS_MAX = 5;

export const BOOKING_GROUP_MSG = texts({
  unknownGroup: 'This group of orders does not exist',
  groupFull: (max: number) => tr('A group holds at most {{max}} cars', { max }),
  created: (count: number, group: string) => tr('{{count}} orders created in group #{{group}}', { count, group }),
});

export const BOOKING_GROUP_UI = texts({
  cars: 'Cars',
  groupOf: (count: number) => tr('Group of {{count}}', { count }),
  groupOrders: (group: string) => tr('Orders of group #{{group}}', { group }),
  noGroupOrders: 'This group has no orders',
  addCar: 'Add a car to this group',
  addCarHint: (group: string) => tr('The order you create joins group #{{group}}', { group }),
  leaveGroup: 'New order instead',
});

/** A group's id as the server makes it: a booking's id, in digits (422 for anything else). */
export const groupOrderSchema = z
  .string({ error: BOOKING_GROUP_MSG.unknownGroup })
  .trim()
  .refine((v) => /^[1-9]\d{0,9}$/.test(v) && Number(v) <= DB_ID_MAX, BOOKING_GROUP_MSG.unknownGroup);

/** The phone booking's "Cars": 1 to GROUP_CARS_MAX (absent: one). */
export const groupCarsSchema = z.coerce.number().int().min(1).max(GROUP_CARS_MAX);
