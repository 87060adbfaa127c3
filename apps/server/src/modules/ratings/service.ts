import {
  type BookingRatingsDto,
  CAPTAIN_LOW_RATINGS_SHOWN,
  type CaptainRatingDto,
  causeFits,
  RATING_LOW_MAX,
  RATING_MSG,
  type RatingSide,
  type RideRatingDto,
  ratedSide,
  rideRatingInputSchema,
} from '@taxi/shared';
import { and, avg, count, desc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, captains, ratingCauses, rideRatings, rides } from '../../db/schema';
import { conflict, fieldErrorMap, HttpError, notFound, validationError } from '../../http/errors';
import { type Clock, dateOf } from '../../lib/clock';
import { findBooking } from '../bookings/store';

export interface RatingDeps {
  db: Db;
  clock: Clock;
}

/** What a passenger or captain app sends (the simulated apps call this). */
export interface RateInput {
  bookingId: number;
  /** Who rates; the other side of the ride is rated. */
  by: RatingSide;
  stars: number;
  causeId?: number | null;
  comment?: string | null;
}

/** The statuses a ride may be rated in: done, or done and paid. */
const RATEABLE: readonly string[] = ['DONE', 'PAID'];

const ratingColumns = {
  id: rideRatings.id,
  bookingId: rideRatings.bookingId,
  by: rideRatings.by,
  stars: rideRatings.stars,
  causeId: rideRatings.causeId,
  causeName: ratingCauses.name,
  comment: rideRatings.comment,
  createdAt: rideRatings.createdAt,
};

type RatingRow = {
  id: number;
  bookingId: number;
  by: RatingSide;
  stars: number;
  causeId: number | null;
  causeName: string | null;
  comment: string | null;
  createdAt: Date;
};

const present = (r: RatingRow): RideRatingDto => ({
  id: r.id,
  booking_id: r.bookingId,
  by: r.by,
  stars: r.stars,
  cause_id: r.causeId,
  cause_name: r.causeName,
  comment: r.comment,
  created_at: r.createdAt.toISOString(),
});

/** The 422 of input the rating schema refuses, one message list per field. */
function invalid(issues: readonly { path: readonly PropertyKey[]; message: string }[]): HttpError {
  const errors = fieldErrorMap();
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= [];
    errors[key].push(issue.message);
  }
  return new HttpError(422, issues[0]?.message ?? RATING_MSG.unknownCause, errors);
}

/**
 * Ride ratings: the passenger app rates the captain and the captain app rates the passenger once the ride is
 * done, once each; the console reads a booking's two ratings and a captain's average and low ratings.
 */
export class RatingService {
  constructor(private readonly deps: RatingDeps) {}

  /**
   * One side rates a finished ride: 404 for an unknown booking, 409 when it is not done (or paid) with a
   * ride or when that side has rated it already, 422 on the fields (stars 1–5, a cause for a low rating, a
   * known cause about the rated person, a comment of at most 300 characters).
   */
  async rate(input: RateInput): Promise<RideRatingDto> {
    const { db } = this.deps;
    const parsed = rideRatingInputSchema.safeParse({
      stars: input.stars,
      cause_id: input.causeId ?? null,
      comment: input.comment ?? null,
    });
    if (!parsed.success) throw invalid(parsed.error.issues);
    const { stars, cause_id: causeId, comment } = parsed.data;

    const booking = await findBooking(db, input.bookingId);
    if (!RATEABLE.includes(booking.status)) throw conflict(RATING_MSG.notFinished(booking.status));
    if (booking.rideId === null) throw conflict(RATING_MSG.noRide);

    let causeName: string | null = null;
    if (causeId) {
      const [cause] = await db
        .select({ name: ratingCauses.name, target: ratingCauses.target })
        .from(ratingCauses)
        .where(eq(ratingCauses.id, causeId));
      if (!cause) throw validationError('cause_id', RATING_MSG.unknownCause);
      if (!causeFits(input.by, cause.target))
        throw validationError('cause_id', RATING_MSG.wrongTarget[ratedSide(input.by)]);
      causeName = cause.name;
    }

    // The unique (booking_id, by) key decides between two apps' concurrent ratings: the second gets 409.
    const [row] = await db
      .insert(rideRatings)
      .values({
        bookingId: booking.id,
        by: input.by,
        stars,
        causeId: causeId ?? null,
        comment: comment || null,
        createdAt: dateOf(this.deps.clock),
      })
      .onConflictDoNothing({ target: [rideRatings.bookingId, rideRatings.by] })
      .returning();
    if (!row) throw conflict(RATING_MSG.alreadyRated[input.by]);
    return present({ ...row, causeName });
  }

  /** GET booking/{id}/ratings: the passenger's and the captain's rating (null when not given), with cause names. */
  async forBooking(bookingId: number): Promise<BookingRatingsDto> {
    const { db } = this.deps;
    await findBooking(db, bookingId);
    const rows = (await db
      .select(ratingColumns)
      .from(rideRatings)
      .leftJoin(ratingCauses, eq(ratingCauses.id, rideRatings.causeId))
      .where(eq(rideRatings.bookingId, bookingId))) as RatingRow[];
    const of = (by: RatingSide) => {
      const row = rows.find((r) => r.by === by);
      return row ? present(row) : null;
    };
    return { passenger: of('passenger'), captain: of('captain') };
  }

  /**
   * GET captain/{id}/rating: the passengers' ratings of the captain's rides: mean stars (two decimals), their
   * number, and the latest low ones (3 stars or fewer) with their causes, newest first.
   */
  async forCaptain(captainId: number): Promise<CaptainRatingDto> {
    const { db } = this.deps;
    const [captain] = await db.select({ id: captains.id }).from(captains).where(eq(captains.id, captainId));
    if (!captain) throw notFound();
    // The captain's rides → their bookings → the passengers' ratings (rides_captain_idx, bookings_ride_idx and
    // the unique (booking_id, by) key).
    const ofCaptain = and(eq(rides.captainId, captainId), eq(rideRatings.by, 'passenger'));
    const [totals] = await db
      .select({ average: avg(rideRatings.stars), count: count() })
      .from(rides)
      .innerJoin(bookings, eq(bookings.rideId, rides.id))
      .innerJoin(rideRatings, eq(rideRatings.bookingId, bookings.id))
      .where(ofCaptain);
    const low = (await db
      .select(ratingColumns)
      .from(rides)
      .innerJoin(bookings, eq(bookings.rideId, rides.id))
      .innerJoin(rideRatings, eq(rideRatings.bookingId, bookings.id))
      .leftJoin(ratingCauses, eq(ratingCauses.id, rideRatings.causeId))
      .where(and(ofCaptain, lte(rideRatings.stars, RATING_LOW_MAX)))
      .orderBy(desc(rideRatings.createdAt), desc(rideRatings.id))
      .limit(CAPTAIN_LOW_RATINGS_SHOWN)) as RatingRow[];
    const n = Number(totals?.count ?? 0);
    return {
      captain_id: captainId,
      average: n > 0 && totals?.average != null ? Math.round(Number(totals.average) * 100) / 100 : null,
      count: n,
      low: low.map(present),
    };
  }
}
