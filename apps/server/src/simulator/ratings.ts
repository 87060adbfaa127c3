import { type RatingSide, ratedSide } from '@taxi/shared';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ratingCauses } from '../db/schema';

/** About one rating in eight is low (2 or 3 stars, with a cause); the others give 5 stars. */
const LOW_SHARE = 1 / 8;
/** The causes are read again after this long (staff edit the catalogue while the world runs). */
const CAUSES_TTL_MS = 10 * 60_000;

type Causes = Record<RatingSide, number[]>;

/**
 * The apps' ratings of the simulated rides: once a ride is paid, the passenger app rates the captain and the
 * captain app rates the passenger through RatingService.rate, as the real apps would. A low rating picks a
 * cause about the rated person from /rating_causes. Its own random sequence (seeded when the world is), so
 * the world's other draws do not shift.
 */
export class SimRatings {
  private causes: Causes = { captain: [], passenger: [] };
  private causesAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly app: FastifyInstance,
    private readonly random: () => number,
  ) {}

  private async loadCauses(now: number): Promise<Causes> {
    if (now - this.causesAt < CAUSES_TTL_MS) return this.causes;
    this.causesAt = now;
    const rows = await this.app.db
      .select({ id: ratingCauses.id, target: ratingCauses.target })
      .from(ratingCauses)
      .orderBy(asc(ratingCauses.id));
    this.causes = {
      captain: rows.filter((r) => r.target === 'captain').map((r) => r.id),
      passenger: rows.filter((r) => r.target === 'passenger').map((r) => r.id),
    };
    return this.causes;
  }

  /** One app rates a ride that was just paid: mostly 5 stars, now and then 2 or 3 with a cause. */
  async rate(bookingId: number, by: RatingSide, now: number): Promise<void> {
    const pool = (await this.loadCauses(now))[ratedSide(by)];
    // Without a cause of the right kind in the catalogue, the app can only give a good rating.
    const low = this.random() < LOW_SHARE && pool.length > 0;
    const stars = low ? (this.random() < 0.5 ? 2 : 3) : 5;
    const causeId = low ? pool[Math.floor(this.random() * pool.length)] : null;
    await this.app.ratings.rate({ bookingId, by, stars, causeId });
  }
}
