import { z } from 'zod';
import { BOOKING_STATUSES } from '../bookings';
import { POSITION_REFUSALS } from '../captain-app';
import { fareQuoteSchema } from '../fares';
import { emptyEnvelope, envelope } from './envelope';

/** The signed-in captain as their app shows them. */
export const captainProfileSchema = z
  .object({
    id: z.number(),
    first_name: z.string(),
    last_name: z.string(),
    phone_number: z.string().nullable(),
    online: z.boolean(),
    car: z.object({ id: z.number(), number: z.string(), vehicle_type: z.string(), seats: z.number() }).nullable(),
  })
  .meta({ id: 'CaptainProfile' });

/** Answer of captain-app/login: the session token (shown once, stored hashed) and the profile. */
export const captainSessionSchema = z
  .object({
    token: z.string(),
    expires_at: z.string(),
    captain: captainProfileSchema,
  })
  .meta({ id: 'CaptainSession' });

const placeSchema = z.object({
  name: z.string().nullable(),
  details: z.string().nullable(),
  lon: z.number(),
  lat: z.number(),
});

/** An open offer to the captain: where, how far, what it pays and until when it may be answered. */
export const captainOfferSchema = z
  .object({
    booking_id: z.number(),
    kind: z.enum(['single', 'group']),
    pickup: placeSchema,
    dropoff: placeSchema.nullable(),
    /** Straight-line metres from the captain's last position to the pickup; null without a position. */
    distance_m: z.number().nullable(),
    /** The dispatch engine's ETA to the pickup when it made the offer, in seconds; null when not known. */
    eta_s: z.number().nullable(),
    fare_estimate: fareQuoteSchema.nullable(),
    seats: z.number(),
    expires_at: z.string(),
    /** The whole answer window of the dispatching configuration (OFFER_TIMEOUT_SECONDS). */
    offer_seconds: z.number(),
  })
  .meta({ id: 'CaptainOffer' });

/** A booking the captain is driving (or is about to), with what the app needs for its next step. */
export const captainRideSchema = z
  .object({
    booking_id: z.number(),
    status: z.enum(BOOKING_STATUSES),
    /** The status the next step moves to; null when no step of the captain's follows (DONE waits for payment). */
    next_status: z.enum(BOOKING_STATUSES).nullable(),
    /** Whether the captain may still give the ride up (captain-app/bookings/{id}/cancel). */
    cancellable: z.boolean(),
    pickup: placeSchema,
    dropoff: placeSchema.nullable(),
    stops: z.array(z.object({ name: z.string(), lon: z.number().nullable(), lat: z.number().nullable() })),
    passenger: z.object({ name: z.string(), phone_number: z.string().nullable() }),
    seats: z.number(),
    fare_estimate: fareQuoteSchema.nullable(),
  })
  .meta({ id: 'CaptainRide' });

export const captainPositionsResultSchema = z
  .object({
    reported: z.number(),
    /** Items not reported: their index in the batch and why. */
    refused: z.array(z.object({ index: z.number(), reason: z.enum(POSITION_REFUSALS) })),
  })
  .meta({ id: 'CaptainPositionsResult' });

export const captainContract = {
  sendCode: emptyEnvelope,
  session: envelope(captainSessionSchema),
  signedOut: emptyEnvelope,
  profile: envelope(captainProfileSchema),
  presence: envelope(z.object({ online: z.boolean() })),
  positions: envelope(captainPositionsResultSchema),
  offers: envelope(z.array(captainOfferSchema)),
  /** The answer to an offer: accepted ones wait for the office's confirmation (the AI popup's countdown). */
  offerAnswer: envelope(z.object({ booking_id: z.number(), accepted: z.boolean() })),
  rides: envelope(z.array(captainRideSchema)),
  ride: envelope(captainRideSchema),
  cancellationReasons: envelope(z.array(z.object({ id: z.number(), text: z.string() }))),
};

export type CaptainProfileDto = z.infer<typeof captainProfileSchema>;
export type CaptainOfferDto = z.infer<typeof captainOfferSchema>;
export type CaptainRideDto = z.infer<typeof captainRideSchema>;
