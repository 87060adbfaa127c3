import { endpoint } from '../endpoint';
import { ratingsContract } from '../ratings';

/** Ride ratings: a booking's two ratings (ride page) and a captain's rating (captain page). */
export const ratingEndpoints = {
  bookingRatings: endpoint()('GET', 'booking/:id/ratings', ratingsContract.booking),
  captainRating: endpoint()('GET', 'captain/:id/rating', ratingsContract.captain),
};
