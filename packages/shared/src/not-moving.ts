import type { BookingStatus } from './bookings';
import { haversine } from './geo';
import { texts, tr } from './i18n';

/**
 * "A captain who accepted and has not moved 50 m within a minute raises a warning on the card and can be
 * re-dispatched in one action." The server watches the captain's live position from the dispatch on;
 * once they moved that far the check stops for the ride.
 */
export const NOT_MOVING = { afterS: 60, metres: 50 } as const;

/** The captain is on the way to the pickup (live state TO_PICKUP): the statuses the check watches. */
export const ON_THE_WAY_STATUSES: readonly BookingStatus[] = ['APPROVED', 'ACCEPTED', 'STARTED'];

/** What a re-dispatch may take back from its captain (back to PENDING, ride cleared). */
export const REDISPATCHABLE: readonly BookingStatus[] = ON_THE_WAY_STATUSES;

export interface TimedPosition {
  lon: number;
  lat: number;
  /** Epoch ms. */
  at: number;
}

type Rule = { afterS: number; metres: number };
type Position = { lon: number; lat: number };

/** Whether the captain went `NOT_MOVING.metres` or more (straight line) from where the check started. */
export function captainMoved(start: Position, current: Position, rule: Rule = NOT_MOVING): boolean {
  return haversine([start.lon, start.lat], [current.lon, current.lat]) >= rule.metres;
}

/** Whether the captain is within `NOT_MOVING.metres` of where the check started, `afterS` or more later. */
export function captainNotMoving(start: TimedPosition, current: Position, now: number, rule: Rule = NOT_MOVING) {
  return now - start.at >= rule.afterS * 1000 && !captainMoved(start, current, rule);
}

export const NOT_MOVING_UI = texts({
  chip: 'Captain not moving',
  hint: (metres: number, seconds: number) =>
    tr('The captain has not moved {{metres}} m in the {{seconds}} seconds since the dispatch.', { metres, seconds }),
  redispatched: (id: number) => tr('Order #{{id}} taken back from the captain and offered again', { id }),
  notRedispatchable: 'Only an order whose captain is on the way to the pickup can be re-dispatched.',
  redispatchFailed: 'The order could not be re-dispatched.',
} as const);
