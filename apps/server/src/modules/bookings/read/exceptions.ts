import {
  ACTIVE_STATUSES,
  type BookingDto,
  EXCEPTION_STARTS,
  EXCEPTIONS_LIMIT,
  type ExceptionKind,
  type ExceptionTimings,
  LATE_CAPTAIN_STATUSES,
  ON_THE_WAY_STATUSES,
} from '@taxi/shared';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { bookingSuggestions, bookings, captains, rides } from '../../../db/schema';
import { presentBookings } from '../presenter';
import type { BookingDeps } from '../store';

export interface BookingException {
  id: string;
  kind: ExceptionKind;
  booking_id: number;
  since: string;
  captain_name: string | null;
  booking: BookingDto;
}

export interface ExceptionList {
  items: BookingException[];
  total: number;
  now: string;
  next_check_at: string | null;
}

/** One exception found, before its booking is presented. */
interface Found {
  kind: ExceptionKind;
  bookingId: number;
  since: number;
  captainName: string | null;
}

const name = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim() || null;
const offeredCaptains = alias(captains, 'offered_captains');
const isIn = (statuses: readonly string[], status: string) => statuses.includes(status);

/**
 * The exceptions board (GET exceptions): every active booking that needs a dispatcher now, one row per kind,
 * oldest first, from the bookings' own state (what the timers, the cascade and the not-moving check wrote)
 * and the dispatching settings' timings. Also when the next booking turns into one by time alone, so that a
 * console looks again then. A fixed number of statements whatever the number of rows.
 */
export async function listExceptions(deps: Pick<BookingDeps, 'db' | 'clock' | 'config'>): Promise<ExceptionList> {
  const now = deps.clock.now();
  const config = await deps.config.current();
  const timings: ExceptionTimings = config;
  const [active, offers] = await Promise.all([
    deps.db
      .select({
        id: bookings.id,
        status: bookings.status,
        now: bookings.now,
        datetime: bookings.datetime,
        besoin: bookings.besoin,
        besoinDate: bookings.besoinDate,
        unassignedAt: bookings.unassignedAt,
        notMovingAt: bookings.notMovingAt,
        dispatchedAt: rides.createdAt,
        first: captains.firstName,
        last: captains.lastName,
      })
      .from(bookings)
      .leftJoin(rides, eq(rides.id, bookings.rideId))
      .leftJoin(captains, eq(captains.id, rides.captainId))
      .where(inArray(bookings.status, [...ACTIVE_STATUSES])),
    // The live offers' rows still waiting for an answer (a group offer has one per captain).
    deps.db
      .select({
        bookingId: bookingSuggestions.bookingId,
        offeredAt: bookingSuggestions.createdAt,
        until: bookings.suggestionUntil,
        first: offeredCaptains.firstName,
        last: offeredCaptains.lastName,
      })
      .from(bookingSuggestions)
      .innerJoin(bookings, eq(bookings.id, bookingSuggestions.bookingId))
      .leftJoin(offeredCaptains, eq(offeredCaptains.id, bookings.suggestionCaptainId))
      .where(
        and(
          eq(bookings.status, 'PENDING'),
          gt(bookings.suggestionUntil, new Date(now)),
          eq(bookingSuggestions.status, 'SENT'),
          eq(bookingSuggestions.until, bookings.suggestionUntil),
        ),
      ),
  ]);

  const found: Found[] = [];
  let next = Number.POSITIVE_INFINITY;
  /** Listed when its time has come; otherwise its time may be the next look. */
  const consider = (kind: ExceptionKind, bookingId: number, since: number, captainName: string | null = null) => {
    if (since <= now) found.push({ kind, bookingId, since, captainName });
    else next = Math.min(next, since);
  };

  for (const b of active) {
    const datetime = b.datetime.getTime();
    if (b.status === 'PENDING' && b.now)
      consider('late_booking', b.id, EXCEPTION_STARTS.lateBooking(datetime, timings));
    if (isIn(LATE_CAPTAIN_STATUSES, b.status) && b.dispatchedAt)
      consider(
        'late_captain',
        b.id,
        EXCEPTION_STARTS.lateCaptain(datetime, b.dispatchedAt.getTime(), timings),
        name(b.first, b.last),
      );
    if (b.notMovingAt && isIn(ON_THE_WAY_STATUSES, b.status))
      consider('not_moving', b.id, b.notMovingAt.getTime(), name(b.first, b.last));
    if (b.unassignedAt && b.status === 'PENDING') consider('unassigned', b.id, b.unassignedAt.getTime());
    if (b.besoin && b.besoinDate)
      consider('expiring_besoin', b.id, EXCEPTION_STARTS.expiringBesoin(b.besoinDate.getTime(), timings));
  }

  const offered = new Map<number, { at: number; until: number; captains: number; captainName: string | null }>();
  for (const o of offers) {
    if (!o.until) continue;
    const seen = offered.get(o.bookingId);
    const at = o.offeredAt.getTime();
    if (seen) {
      seen.at = Math.min(seen.at, at);
      seen.captains += 1;
    } else offered.set(o.bookingId, { at, until: o.until.getTime(), captains: 1, captainName: name(o.first, o.last) });
  }
  for (const [bookingId, o] of offered)
    consider(
      'unanswered_offer',
      bookingId,
      EXCEPTION_STARTS.unansweredOffer(o.at, o.until, timings),
      o.captains === 1 ? o.captainName : null,
    );

  found.sort((a, b) => a.since - b.since || a.bookingId - b.bookingId || a.kind.localeCompare(b.kind));
  const listed = found.slice(0, EXCEPTIONS_LIMIT);
  const ids = [...new Set(listed.map((f) => f.bookingId))];
  const rows = ids.length ? await deps.db.select().from(bookings).where(inArray(bookings.id, ids)) : [];
  const dtos = new Map((await presentBookings(deps.db, rows)).map((dto) => [dto.id, dto]));
  const items: BookingException[] = [];
  for (const f of listed) {
    const booking = dtos.get(f.bookingId);
    if (!booking) continue;
    items.push({
      id: `${f.kind}:${f.bookingId}`,
      kind: f.kind,
      booking_id: f.bookingId,
      since: new Date(f.since).toISOString(),
      captain_name: f.captainName,
      booking,
    });
  }
  return {
    items,
    total: found.length,
    now: new Date(now).toISOString(),
    next_check_at: Number.isFinite(next) ? new Date(next).toISOString() : null,
  };
}
