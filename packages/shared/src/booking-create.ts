import { z } from 'zod';
import { groupCarsSchema, groupOrderSchema } from './booking-groups';
import { BOOKING_MSG } from './booking-messages';
import { BOOKING_DATETIME_FORMAT } from './bookings';
import { captainConstraintsSchema } from './captain-constraints';
import { MSG } from './messages';
import { DB_ID_MAX, dbId, TEXT_MAX, text } from './validation';

/** Origins an operator may give a booking it creates (phone call or dashboard form). */
export const STAFF_BOOKING_ORIGINS = ['phone', 'dashboard'] as const;

const bool01 = z
  .union([z.boolean(), z.enum(['true', 'false', '0', '1'])])
  .transform((v) => v === true || v === 'true' || v === '1');

const requiredText = text(undefined, MSG.required).min(1, MSG.required);
const optionalText = text(TEXT_MAX)
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

export const bookingPlaceSchema = z.object({
  name: requiredText,
  details: optionalText,
  lon: z.coerce.number({ error: MSG.required }).min(-180).max(180),
  lat: z.coerce.number({ error: MSG.required }).min(-90).max(90),
  place_id: dbId().optional().nullable(),
});
export type BookingPlaceInput = z.infer<typeof bookingPlaceSchema>;

/** `YYYY-MM-DD HH:mm` (BOOKING_DATETIME_FORMAT), the city's local time. */
export const BOOKING_DATETIME_RE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
export const bookingDatetimeSchema = z
  .string({ error: MSG.required })
  .trim()
  .regex(BOOKING_DATETIME_RE, `${MSG.validationFailed} (${BOOKING_DATETIME_FORMAT})`);

/**
 * A phone or dashboard booking (POST bookings, PUT bookings/{id}/order). One schema for the web form
 * (resolver) and the server (enforcement). Either `passenger_id` or `new_passenger`; either `now` or
 * a `datetime`.
 */
export const bookingCreateSchema = z
  .object({
    passenger_id: dbId().optional().nullable(),
    new_passenger: z
      .object({
        first_name: requiredText,
        last_name: text().default(''),
        phone_number: requiredText.regex(/^\+?[0-9 ]{6,20}$/, MSG.validationFailed),
      })
      .optional()
      .nullable(),
    service_id: dbId(MSG.required),
    pickup: bookingPlaceSchema,
    dropoff: bookingPlaceSchema.optional().nullable(),
    stops: z
      .array(z.object({ name: requiredText, lon: z.coerce.number().optional(), lat: z.coerce.number().optional() }))
      .max(5)
      .default([]),
    now: bool01.default(true),
    datetime: bookingDatetimeSchema.optional().nullable(),
    seats: z.coerce.number().int().min(1).max(8).default(1),
    notes: optionalText,
    voucher_code: optionalText,
    /** Constraints of the /constraints catalogue the captain must satisfy (absent: unchanged on an edit). */
    constraint_ids: z.array(dbId()).max(20).optional(),
    origin: z.enum(STAFF_BOOKING_ORIGINS).default('phone'),
    room_number: optionalText,
    /** The hotel, restaurant or company it is booked for (its booking limit and services apply). */
    partner_id: dbId().optional().nullable(),
    /** Create only: how many cars the caller books at once, one booking each in a new group (absent: one). */
    cars: groupCarsSchema.optional(),
    /** Create only: the group of orders (booking-groups.ts) the new order joins. */
    group_order: groupOrderSchema.optional().nullable(),
    /** Create only: captains the order must never or may only go to (captain-constraints.ts). */
    captain_constraints: captainConstraintsSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.passenger_id && !v.new_passenger) {
      ctx.addIssue({ code: 'custom', path: ['passenger_id'], message: MSG.required });
    }
    if (!v.now && !v.datetime) {
      ctx.addIssue({ code: 'custom', path: ['datetime'], message: MSG.required });
    }
  });
export type BookingCreateInput = z.input<typeof bookingCreateSchema>;
export type BookingCreate = z.output<typeof bookingCreateSchema>;

/** Cancel query: the reason is required (BOOKING_MSG.chooseReason). */
export const cancelQuerySchema = z.object({
  user_cancellation_reason_id: z.coerce
    .number({ error: BOOKING_MSG.chooseReason })
    .int({ error: BOOKING_MSG.chooseReason })
    .positive({ error: BOOKING_MSG.chooseReason })
    .max(DB_ID_MAX, { error: BOOKING_MSG.chooseReason }),
});
