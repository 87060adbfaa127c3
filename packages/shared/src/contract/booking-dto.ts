import { z } from 'zod';
import { BOOKING_ORIGINS, BOOKING_STATUSES } from '../bookings';
import { PARTNER_KINDS } from '../partners';
import { lonLatTuple, refSchema } from './envelope';

/** The booking as the API presents it (bookings.md §3). Coordinates are [longitude, latitude]. */
export const pointSchema = z.object({ type: z.literal('Point'), coordinates: lonLatTuple }).meta({ id: 'Point' });

export const bookingConstraintSchema = z.object({
  constraint_name: z.string(),
  Abbreviation: z.string().optional(),
  strike_through: z.boolean().optional(),
  capability: z.string().optional(),
});

export const bookingPassengerSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  username: z.string().nullable(),
  phone_number: z.string(),
  whatsapp_number: z.string().nullable(),
  approved_at: z.string().nullable(),
  id_card_front: z.string().nullable(),
  id_card_back: z.string().nullable(),
  rejected_count: z.number(),
  can_use_vip: z.boolean(),
  active_loyalty_classes: z.array(z.object({ name: z.string() })),
});

export const bookingServiceSchema = z.object({
  id: z.number(),
  name: z.string(),
  icon: z.string().nullable(),
  is_pooling: z.boolean(),
});

export const captainRefSchema = z
  .object({
    id: z.number(),
    first_name: z.string(),
    last_name: z.string(),
    full_name: z.string(),
    phone_number: z.string().nullable(),
    conversation_id: z.string().nullable(),
  })
  .meta({ id: 'CaptainRef' });

export const carSchema = z
  .object({
    id: z.number(),
    number: z.string(),
    color: z.object({ name: z.string() }).nullable(),
    brand_model: z.object({ name: z.string(), brand: z.object({ name: z.string() }) }).nullable(),
  })
  .meta({ id: 'Car' });

export const rideSchema = z.object({
  id: z.number(),
  captain_id: z.number(),
  captain: captainRefSchema,
  car: carSchema.nullable(),
});

export const bookingNoteSchema = z
  .object({
    id: z.number(),
    note: z.string(),
    author_id: z.number().nullable(),
    author_name: z.string().nullable(),
    created_at: z.string(),
    solved: z.boolean(),
  })
  .meta({ id: 'BookingNote' });

export const bookingStatusSchema = z
  .object({
    status: z.enum(BOOKING_STATUSES),
    value: z.string().nullable(),
    created_at: z.string(),
    location: pointSchema.nullable(),
  })
  .meta({ id: 'BookingStatus' });

export const paymentSchema = z.object({
  id: z.number(),
  status: z.string(),
  type: z.enum(['booking', 'tip', 'CANCELLATION_FEES']),
  amount: z.number(),
  created_at: z.string(),
});

const idText = z.object({ id: z.number(), text: z.string() });

export const bookingSchema = z
  .object({
    id: z.number(),
    status: z.enum(BOOKING_STATUSES),
    origin: z.enum(BOOKING_ORIGINS),
    group_order: z.string().nullable(),
    /** How many orders its group holds, whatever their status (the list `grouper` opens); null outside a group. */
    group_size: z.number().int().nullable(),
    high_priority: z.boolean(),
    datetime: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    now: z.boolean(),
    besoin: z.boolean(),
    besoin_date: z.string().nullable(),
    transformed: z.boolean(),
    seats: z.number(),
    vehicle_type: z.string().nullable(),
    room_number: z.string().nullable(),
    /** Notes joined with NOTE_DIVIDER, as the spec stores them; notes_list carries them one by one. */
    notes: z.string().nullable(),
    notes_list: z.array(bookingNoteSchema),
    service: bookingServiceSchema,
    service_id: z.number(),
    passenger: bookingPassengerSchema,
    pick_up_location_name: z.string(),
    pick_up_location_details: z.string().nullable(),
    pick_up_voice_recording: z.string().nullable(),
    pull_down_location_name: z.string().nullable(),
    pull_down_location_details: z.string().nullable(),
    landmark_pickup: refSchema.nullable(),
    landmark_dropoff: refSchema.nullable(),
    pick_up_location: pointSchema,
    pull_down_location: pointSchema.nullable(),
    pickup_sector: refSchema.nullable(),
    dropoff_sector: refSchema.nullable(),
    /** Why the booking waits for a review (the flagged blacklist locations it starts or ends at), or null. */
    review_reason: z.string().nullable(),
    stops: z.array(z.object({ location_name: z.string() })),
    voucher: z.object({ code: z.string() }).nullable(),
    meta: z.object({
      round_trip: z.boolean().optional(),
      complaint_status: z.string().nullable().optional(),
      captain_order: z.number().nullable().optional(),
    }),
    captain_cancellations: z.number(),
    captain_cancellation_reason: idText.nullable(),
    user_cancellation_reason: idText.nullable(),
    suggestions: z.array(z.object({ status: z.enum(['SENT', 'ACCEPTED', 'REFUSED']) })),
    /** The live offer: one captain's name, or (`captains`) a group offer's size and no name. */
    active_captain_suggestion: z
      .object({ captain_name: z.string(), until: z.string(), captains: z.number().optional() })
      .nullable(),
    /** The dispatch cascade ran out without a captain (UNASSIGNED_REASONS); the board lists it first. */
    unassigned: z.object({ at: z.string(), reason: z.string() }).nullable(),
    /** The captain on the way has not moved NOT_MOVING.metres within NOT_MOVING.afterS of the dispatch. */
    not_moving: z.object({ since: z.string() }).nullable(),
    last_service_change_suggestion: z
      .object({
        id: z.number(),
        new_service: z.string(),
        new_service_id: z.number(),
        accepted_at: z.string().nullable(),
      })
      .nullable(),
    is_eta: z.boolean(),
    eta_captain: z.number().nullable(),
    airport_office: z.boolean(),
    /** Riders and bags of an airport request, shown on the card; received once 'Ok we received' was said. */
    airport: z.object({ riders: z.number().nullable(), bags: z.number().nullable(), received: z.boolean() }).nullable(),
    /** The hotel, restaurant or company it was booked for (its account, its limit), or null. */
    partner: z.object({ id: z.number(), kind: z.enum(PARTNER_KINDS), name: z.string() }).nullable(),
    ride_id: z.number().nullable(),
    ride: rideSchema.nullable(),
    captain_last_location: pointSchema.nullable(),
    static_constraints: z.array(bookingConstraintSchema),
    dynamic_constraints: z.array(bookingConstraintSchema),
    creator_email: z.string().nullable(),
    user_first_name: z.string().nullable(),
    /** Present on the single-booking answer (GET bookings/{id}); omitted from lists. */
    statuses: z.array(bookingStatusSchema).optional(),
    geofence_logs: z
      .array(z.object({ enter_time: z.string().nullable(), leave_time: z.string().nullable() }))
      .optional(),
    payments: z.array(paymentSchema).optional(),
  })
  .meta({ id: 'Booking' });

export const airportDetailsSchema = z
  .object({
    agent: z.string().nullable(),
    air_agency_name: z.string().nullable(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    phone_number: z.string().nullable(),
    whatsapp_number: z.string().nullable(),
    riders: z.number().nullable(),
    bags: z.number().nullable(),
    pnr: z.string().nullable(),
    country: z.string().nullable(),
    estimated_price: z.number().nullable(),
    booking_id: z.number(),
    booking_created_at: z.string(),
    last_update: z.string(),
  })
  .meta({ id: 'AirportDetails' });
