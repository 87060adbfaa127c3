import { z } from 'zod';
import { RATING_SIDES } from '../ratings';
import { envelope } from './envelope';

/** One rating of a ride: who rated (`by`; the other side is rated), the stars, the cause and the comment. */
export const rideRatingSchema = z
  .object({
    id: z.number().int(),
    booking_id: z.number().int(),
    by: z.enum(RATING_SIDES),
    stars: z.number().int(),
    cause_id: z.number().int().nullable(),
    /** The cause's name in the catalogue; null without a cause (or once it was deleted). */
    cause_name: z.string().nullable(),
    comment: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'RideRating' });

/** GET booking/{id}/ratings: the booking's two ratings by who rated, null when that side has not. */
export const bookingRatingsSchema = z
  .object({
    passenger: rideRatingSchema.nullable(),
    captain: rideRatingSchema.nullable(),
  })
  .meta({ id: 'BookingRatings' });

/** GET captain/{id}/rating: what the passengers gave the captain, and the latest low ratings with their causes. */
export const captainRatingSchema = z
  .object({
    captain_id: z.number().int(),
    /** Mean stars, two decimals; null before the first rating. */
    average: z.number().nullable(),
    count: z.number().int(),
    /** The latest ratings of 3 stars or fewer, newest first (at most 10). */
    low: z.array(rideRatingSchema),
  })
  .meta({ id: 'CaptainRating' });

export const ratingsContract = {
  booking: envelope(bookingRatingsSchema),
  captain: envelope(captainRatingSchema),
};
