import { z } from 'zod';
import type { bookingRatingsSchema, captainRatingSchema, rideRatingSchema } from './contract/ratings';
import { texts, tr } from './i18n';
import { dbId, text } from './validation';

/**
 * Ride ratings: once a ride is done, the passenger app rates the captain and the captain app rates the
 * passenger, from 1 to 5 stars. A low rating names a cause from the /rating_causes catalogue, one whose
 * target is the rated person. Limits, rules and texts written once.
 */

/** Who rates (the other side is rated): also the `target` values of the rating causes. */
export const RATING_SIDES = ['passenger', 'captain'] as const;
export type RatingSide = (typeof RATING_SIDES)[number];

export const RATING_STARS_MIN = 1;
export const RATING_STARS_MAX = 5;
/** A rating of this many stars or fewer is low: it needs a cause. */
export const RATING_LOW_MAX = 3;
export const RATING_COMMENT_MAX = 300;
/** How many of a captain's latest low ratings the captain page lists. */
export const CAPTAIN_LOW_RATINGS_SHOWN = 10;

/** The person `by` rates: the passenger rates the captain, the captain rates the passenger. */
export const ratedSide = (by: RatingSide): RatingSide => (by === 'passenger' ? 'captain' : 'passenger');

/** A low rating (3 stars or fewer) must say why. */
export const isLowRating = (stars: number): boolean => stars <= RATING_LOW_MAX;

/** A cause fits a rating when it is about the rated person (a cause's `target`). */
export const causeFits = (by: RatingSide, target: string): boolean => target === ratedSide(by);

export const RATING_MSG = texts({
  starsRange: (min: number, max: number) => tr('Give from {{min}} to {{max}} stars.', { min, max }),
  causeRequired: (n: number) => tr('A rating of {{n}} stars or fewer needs a cause.', { n }),
  unknownCause: 'Unknown rating cause',
  /** The cause is about the other person of the ride, by the rated person. */
  wrongTarget: {
    captain: 'This cause is not about a captain.',
    passenger: 'This cause is not about a passenger.',
  },
  notFinished: (status: string) => tr('Only a finished ride can be rated: this order is {{status}}.', { status }),
  noRide: 'This order has no ride to rate.',
  /** The side that rates has already rated the booking. */
  alreadyRated: {
    passenger: 'The passenger has already rated this ride.',
    captain: 'The captain has already rated this ride.',
  },
} as const);

/** Texts of the ride page's and the captain page's rating sections. */
export const RATING_UI = texts({
  ratings: 'Ratings',
  /** By who rates. */
  bySide: {
    passenger: 'Passenger’s rating of the captain',
    captain: 'Captain’s rating of the passenger',
  },
  notRated: 'Not rated',
  noRatings: 'Nobody has rated this ride yet.',
  cause: 'Cause',
  comment: 'Comment',
  stars: 'Stars',
  order: 'Order',
  date: 'Date',
  starsOf: (n: number) => tr('{{n}} of 5 stars', { n }),
  average: 'Average rating',
  count: (n: number | string) => tr('Number of ratings: {{n}}', { n }),
  latestLow: 'Latest low ratings',
  noLowRatings: 'No low ratings.',
  captainNotRated: 'No passenger has rated this captain yet.',
} as const);

/** What a passenger or captain app sends to rate a ride (RatingService.rate checks the same). */
export const rideRatingInputSchema = z
  .object({
    stars: z
      .number({ error: RATING_MSG.starsRange(RATING_STARS_MIN, RATING_STARS_MAX) })
      .int(RATING_MSG.starsRange(RATING_STARS_MIN, RATING_STARS_MAX))
      .min(RATING_STARS_MIN, RATING_MSG.starsRange(RATING_STARS_MIN, RATING_STARS_MAX))
      .max(RATING_STARS_MAX, RATING_MSG.starsRange(RATING_STARS_MIN, RATING_STARS_MAX)),
    cause_id: dbId(RATING_MSG.unknownCause).nullable().optional(),
    comment: text(RATING_COMMENT_MAX).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (isLowRating(v.stars) && !v.cause_id)
      ctx.addIssue({ code: 'custom', path: ['cause_id'], message: RATING_MSG.causeRequired(RATING_LOW_MAX) });
  });
export type RideRatingInput = z.input<typeof rideRatingInputSchema>;
export type RideRatingData = z.output<typeof rideRatingInputSchema>;

export type RideRatingDto = z.infer<typeof rideRatingSchema>;
export type BookingRatingsDto = z.infer<typeof bookingRatingsSchema>;
export type CaptainRatingDto = z.infer<typeof captainRatingSchema>;
