import { z } from 'zod';
import { CAPTAIN_LIVE_STATES, EXCLUSION_REASONS } from '../dispatch';
import { latLngSchema } from './city';
import { envelope } from './envelope';

/** One position report as the console receives it (`captain_location_updated`). */
export const captainLocationSchema = z
  .object({
    captain_id: z.number(),
    lon: z.number(),
    lat: z.number(),
    /** Degrees clockwise from north, or null when unknown. */
    heading: z.number().nullable(),
    speed_kmh: z.number().nullable(),
    state: z.enum(CAPTAIN_LIVE_STATES),
    /** ISO time of the report. */
    at: z.string(),
  })
  .meta({ id: 'CaptainLocation' });

/** A captain on the tracking map's first paint (GET tracking/captains). */
export const trackedCaptainSchema = captainLocationSchema
  .extend({
    name: z.string(),
    car_number: z.string().nullable(),
  })
  .meta({ id: 'TrackedCaptain' });

/** GET ride/{rideId}/route: `route` lists the points from pickup to dropoff. */
export const rideRouteSchema = z
  .object({
    ride_id: z.number(),
    booking_id: z.number(),
    route: z.array(latLngSchema),
    distance_m: z.number(),
    duration_s: z.number(),
  })
  .meta({ id: 'RideRoute' });

export const scorePartsSchema = z.object({
  eta: z.number(),
  idle_bonus: z.number(),
  constraint_penalty: z.number(),
  stale_penalty: z.number(),
});

export const candidateScoreSchema = z.object({
  captain_id: z.number(),
  name: z.string(),
  car_number: z.string().nullable(),
  vehicle_type: z.string().nullable(),
  lon: z.number(),
  lat: z.number(),
  eta_s: z.number(),
  distance_m: z.number(),
  parts: scorePartsSchema,
  total: z.number(),
  /** Place in the queue of the station the pickup is at (1 = head, offered first); null when not queued there. */
  station_queue: z.number().int().nullable(),
  /**
   * Seconds until the captain's current trip ends, for a captain still on one (soon to clear): the ETA is
   * counted from that trip's dropoff. They are offered the booking once free; null for a free captain.
   */
  clears_in_s: z.number().nullable(),
});

/** The part of a candidate's ranking an offer keeps: why the AI chose the captain (the AI popup shows it). */
export const offerScoreSchema = candidateScoreSchema.pick({ parts: true, total: true, station_queue: true });
export type OfferScore = z.infer<typeof offerScoreSchema>;

export const candidateRankingSchema = z
  .object({
    booking_id: z.number(),
    pickup: z.object({ lon: z.number(), lat: z.number() }),
    candidates: z.array(candidateScoreSchema),
    considered: z.number(),
    excluded: z.partialRecord(z.enum(EXCLUSION_REASONS), z.number()),
  })
  .meta({ id: 'CandidateRanking' });

export const trackingContract = {
  captains: envelope(z.array(trackedCaptainSchema)),
  captainLocation: envelope(captainLocationSchema),
  rideRoute: envelope(rideRouteSchema),
  ranking: envelope(candidateRankingSchema),
};
