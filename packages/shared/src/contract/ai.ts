import { z } from 'zod';
import { bookingSchema } from './booking-dto';
import { envelope, lonLatTuple } from './envelope';
import { aiStatusSchema } from './session';
import { offerScoreSchema } from './tracking';

const coordinates = z.object({ coordinates: lonLatTuple });

/** Popup of `Ai:new_now_booking` / `Ai:new_suggestion` (type 'dispatch'): bookings.md §2, §3. */
export const aiDispatchPopupSchema = z
  .object({
    type: z.literal('dispatch'),
    id: z.number(),
    booking_id: z.number(),
    now: z.boolean(),
    /** Booking date 'DD/MM/YYYY' and time 'HH:mm' in the city's time zone. */
    date: z.string(),
    time: z.string(),
    min_pick_up_time: z.string(),
    max_pick_up_time: z.string(),
    min_drop_off_time: z.string().nullable(),
    max_drop_off_time: z.string().nullable(),
    /** Minutes from the captain to the pickup. */
    eta: z.number(),
    trip_minutes: z.number().nullable(),
    pick_up_location_name: z.string(),
    pick_up_location_details: z.string().nullable(),
    pull_down_location_name: z.string().nullable(),
    pull_down_location_details: z.string().nullable(),
    pick_up_location: coordinates,
    pull_down_location: coordinates.nullable(),
    passenger_name: z.string(),
    captain: z.object({
      id: z.number(),
      first_name: z.string(),
      last_name: z.string(),
      current_location_name: z.string().nullable(),
      current_location: coordinates,
    }),
    countdown_until: z.string(),
    /** The countdown's whole length (the AI popup countdown setting), seconds. */
    countdown_seconds: z.number().int().optional(),
    /** The captain's score when the AI offered them the booking (null for an offer made by hand). */
    score: offerScoreSchema.nullable(),
  })
  .meta({ id: 'AiDispatchPopup' });

/** Time-suggestion reminder popup (`Ai:new_suggestion`, type 'time_change') and service-change popup. */
export const suggestionPopupSchema = z
  .object({
    type: z.enum(['time_change', 'service_change']),
    id: z.number(),
    booking_id: z.number(),
    passenger_name: z.string(),
    passenger_whatsapp: z.string().nullable(),
    captain_name: z.string(),
    original_time: z.string(),
    new_time: z.string(),
    /** Service-change popup: the target service. */
    new_service: z.string().nullable().optional(),
    countdown_until: z.string(),
    /** The countdown's whole length (the AI popup countdown setting), seconds. */
    countdown_seconds: z.number().int().optional(),
  })
  .meta({ id: 'SuggestionPopup' });

export const aiPopupSchema = z.union([aiDispatchPopupSchema, suggestionPopupSchema]);

export const aiContract = {
  booking: envelope(bookingSchema),
  snooze: envelope(z.object({ minutes: z.number(), ai_status: aiStatusSchema })),
  popup: envelope(aiPopupSchema),
  /** Development only: the captains who refused, and where the cascade went next. */
  devRefuse: envelope(
    z.object({ refused: z.array(z.number()), offered: z.number().nullable(), unassigned: z.boolean() }),
  ),
  popups: envelope(z.array(aiPopupSchema)),
  status: envelope(aiStatusSchema),
};
