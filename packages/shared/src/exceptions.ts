import { UNASSIGNED_LABELS } from './ai';
import type { BookingStatus } from './bookings';
import { texts, tr } from './i18n';
import { NOT_MOVING_UI, ON_THE_WAY_STATUSES } from './not-moving';

/**
 * The exceptions board (/exceptions): what needs a dispatcher now, one row per booking and kind. The server
 * computes the list (GET exceptions) with these rules; the console shows it, and the toolbar its count.
 */
export const EXCEPTION_KINDS = [
  'late_booking',
  'late_captain',
  'not_moving',
  'unassigned',
  'unanswered_offer',
  'expiring_besoin',
] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

/** The timings of the rules, in milliseconds (from the dispatching settings: the server's DispatchConfig). */
export interface ExceptionTimings {
  /** LATE_BOOKING_MINUTES */
  lateBookingMs: number;
  /** LATE_CAPTAIN_MINUTES */
  lateCaptainMs: number;
  /** UNANSWERED_OFFER_PERCENT, as a part of one (0.5: half the offer's countdown). */
  unansweredOfferPart: number;
  /** BESOIN_EXPIRING_MINUTES */
  besoinExpiringMs: number;
}

/** The statuses in which the captain is late (dispatched, not at the pickup yet): the late-captain timer's. */
export const LATE_CAPTAIN_STATUSES: readonly BookingStatus[] = ON_THE_WAY_STATUSES;

/**
 * When each kind starts, in epoch ms: its row's age counts from there, and the list is sorted by it (oldest
 * first). A time after now means "not yet" (the server's next look at the list).
 */
export const EXCEPTION_STARTS = {
  /** A "now" booking still PENDING the late-booking threshold after its time. */
  lateBooking: (datetime: number, t: Pick<ExceptionTimings, 'lateBookingMs'>) => datetime + t.lateBookingMs,
  /**
   * A dispatched captain not at the pickup the late-captain threshold after the booking's time, or after the
   * dispatch when that came later: when the late-captain timer is due (a booking dispatched late gives its
   * captain the whole threshold, and does not come back on the board the moment it leaves it).
   */
  lateCaptain: (datetime: number, dispatchedAt: number, t: Pick<ExceptionTimings, 'lateCaptainMs'>) =>
    Math.max(datetime, dispatchedAt) + t.lateCaptainMs,
  /** An offer to a captain without an answer once this part of its countdown has passed. */
  unansweredOffer: (offeredAt: number, until: number, t: Pick<ExceptionTimings, 'unansweredOfferPart'>) =>
    offeredAt + Math.round((until - offeredAt) * t.unansweredOfferPart),
  /** A besoin (driver search) whose time ends within the window. */
  expiringBesoin: (besoinDate: number, t: Pick<ExceptionTimings, 'besoinExpiringMs'>) =>
    besoinDate - t.besoinExpiringMs,
} as const;

/**
 * Whether a listed exception may still hold for the booking as a console now has it (a dispatch, a cancellation,
 * a renewal merged from the socket): the board drops a settled row at once, before it fetches the list again.
 */
export function exceptionMayHold(
  kind: ExceptionKind,
  b: { status: BookingStatus; besoin?: boolean | null; not_moving?: unknown; unassigned?: unknown },
): boolean {
  switch (kind) {
    case 'late_booking':
    case 'unanswered_offer':
      return b.status === 'PENDING';
    case 'unassigned':
      return b.status === 'PENDING' && !!b.unassigned;
    case 'late_captain':
      return LATE_CAPTAIN_STATUSES.includes(b.status);
    case 'not_moving':
      return ON_THE_WAY_STATUSES.includes(b.status) && !!b.not_moving;
    case 'expiring_besoin':
      return !!b.besoin;
  }
}

/** At most this many rows are sent (oldest first); `total` still counts them all. */
export const EXCEPTIONS_LIMIT = 200;

/** The kinds' own words (not_moving and unassigned say what the card says). */
export const EXCEPTION_KIND_TEXTS = texts({
  late_booking: 'Late booking',
  late_captain: 'Late captain',
  unanswered_offer: 'Offer not answered',
  expiring_besoin: 'Driver search ending',
});

/** What a kind is called on the board, the toolbar and the notices (the card's own words where it has them). */
export function exceptionLabel(kind: ExceptionKind): string {
  if (kind === 'not_moving') return NOT_MOVING_UI.chip;
  if (kind === 'unassigned') return UNASSIGNED_LABELS.title;
  return EXCEPTION_KIND_TEXTS[kind];
}

/** The texts of the exceptions board and its toolbar button. */
export const EXCEPTIONS_UI = texts({
  heading: 'What needs a dispatcher now',
  intro: 'Oldest first. The list follows the bookings live.',
  empty: 'Nothing needs a dispatcher now.',
  loading: 'Loading the exceptions…',
  loadFailed: 'The exceptions could not be loaded.',
  retry: 'Retry',
  columns: { kind: 'Kind', booking: 'Booking', age: 'Age', actions: 'Actions' },
  kindFilter: 'Show',
  allKinds: (n: number) => tr('All ({{n}})', { n }),
  kindCount: (label: string, n: number) => tr('{{label}} ({{n}})', { label, n }),
  /** The toolbar button's name: it holds the count its badge shows (axe: label-content-name-mismatch). */
  toolbar: (n: number | string) => tr('Exceptions: {{n}}', { n }),
  captain: (name: string) => tr('Captain {{name}}', { name }),
  offeredTo: (n: number) => tr('Offered to {{n}} captains', { n }),
  truncated: (shown: number, total: number) => tr('The oldest {{shown}} of {{total}} are shown.', { shown, total }),
  // The late notices (bottom corner of the content area)
  notices: 'Late notices',
  openExceptions: 'Show in exceptions',
  dismiss: 'Dismiss',
  more: (n: number) => tr('+{{n}} more', { n }),
  /** The "+N more" link's name: it starts with what the link shows. */
  moreName: (n: number) => tr('+{{n}} more late notices: open the exceptions', { n }),
});
