import { BOOKING_MSG } from './booking-messages';
import { texts, tr } from './i18n';
import { NOT_MOVING_UI, REDISPATCHABLE } from './not-moving';

/** Booking statuses (bookings.md §4). The zod enum, the type and the labels all derive from this. */
export const BOOKING_STATUSES = [
  'PENDING',
  'APPROVED',
  'ACCEPTED',
  'STARTED',
  'ARRIVED',
  'PICKED_UP',
  'DONE',
  'PAID',
  'DELETED',
  'CAPTAIN_CANCELLED',
  'PAX_CANCELLED',
  'SYSTEM_CANCELLED',
  'REJECTED',
  'AT_DESTINATION',
  'CANCELLED',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export function isBookingStatus(value: unknown): value is BookingStatus {
  return typeof value === 'string' && (BOOKING_STATUSES as readonly string[]).includes(value);
}

/** Operator-view labels. */
export const STATUS_LABELS: Record<BookingStatus, string> = texts({
  PENDING: 'Waiting for dispatching',
  APPROVED: 'Order dispatched',
  ACCEPTED: 'Order dispatched',
  STARTED: 'Driver is on the way',
  ARRIVED: 'Arrived to pickup',
  PICKED_UP: 'Trip started',
  DONE: 'Arrived to dropoff',
  PAID: 'Successful',
  DELETED: 'Cancelled by customer',
  CAPTAIN_CANCELLED: 'Cancelled by driver',
  PAX_CANCELLED: 'Cancelled by customer',
  SYSTEM_CANCELLED: 'Cancelled by CC',
  REJECTED: 'Cancelled by CC',
  AT_DESTINATION: 'Arrived to dropoff',
  CANCELLED: 'Cancelled by CC',
});

/**
 * The word a booking's status is shown by wherever a booking is shown (cards, rows, search, the ride page, calls,
 * logs): the operator labels, PAID as the card's 'Completed' (bookings.md), so one ride is never 'Successful' on
 * one page and 'Completed' on the next.
 */
export function cardStatusLabel(status: BookingStatus): string {
  return status === 'PAID' ? tr('Completed') : STATUS_LABELS[status];
}

/**
 * Status history labels. The spec gives them in French ('Validée', 'Client à board', 'Annulée par chauffeur',
 * 'Annulée par client', 'Terminée'): those are the French catalogue's translations of these English sources, word
 * for word, so the French console shows the spec's texts and the English and Arabic consoles their own language.
 */
export const HISTORY_LABELS: Partial<Record<BookingStatus, string>> = texts({
  APPROVED: 'Validated',
  ACCEPTED: 'Validated',
  PICKED_UP: 'Passenger on board',
  CAPTAIN_CANCELLED: 'Driver cancelled',
  PAX_CANCELLED: 'Passenger cancelled',
  DONE: 'Ride finished',
  PAID: 'Ride finished',
});
export const HISTORY_HIDDEN: readonly BookingStatus[] = ['APPROVED', 'DONE', 'STARTED', 'ARRIVED'];

export interface StatusHistoryEntry {
  status: BookingStatus;
  created_at: string;
}

/** Hides APPROVED, DONE, STARTED and ARRIVED rows and keeps the latest entry per status. */
export function visibleHistory<T extends StatusHistoryEntry>(entries: readonly T[]): T[] {
  const latest = new Map<BookingStatus, T>();
  for (const entry of entries) {
    if (HISTORY_HIDDEN.includes(entry.status)) continue;
    const seen = latest.get(entry.status);
    if (!seen || seen.created_at <= entry.created_at) latest.set(entry.status, entry);
  }
  return [...latest.values()].sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export const CANCELLED_STATUSES: readonly BookingStatus[] = [
  'DELETED',
  'CAPTAIN_CANCELLED',
  'PAX_CANCELLED',
  'SYSTEM_CANCELLED',
  'REJECTED',
  'CANCELLED',
];
export const FINISHED_STATUSES: readonly BookingStatus[] = ['DONE', 'PAID', 'AT_DESTINATION'];
export const FINAL_STATUSES: readonly BookingStatus[] = [...FINISHED_STATUSES, ...CANCELLED_STATUSES];
export const DISPATCHED_STATUSES: readonly BookingStatus[] = ['APPROVED', 'ACCEPTED'];
export const ONGOING_STATUSES: readonly BookingStatus[] = ['STARTED', 'ARRIVED', 'PICKED_UP'];
export const ACTIVE_STATUSES: readonly BookingStatus[] = ['PENDING', ...DISPATCHED_STATUSES, ...ONGOING_STATUSES];

/** Status groups of the Requests board filter. */
export const STATUS_GROUPS = {
  all: ACTIVE_STATUSES,
  pending: ['PENDING'],
  dispatched: DISPATCHED_STATUSES,
  ongoing: ONGOING_STATUSES,
  finished: FINISHED_STATUSES,
  cancelled: CANCELLED_STATUSES,
} as const satisfies Record<string, readonly BookingStatus[]>;
export type StatusGroup = keyof typeof STATUS_GROUPS;

export const BOOKING_ORIGINS = ['app', 'dashboard', 'phone'] as const;
export type BookingOrigin = (typeof BOOKING_ORIGINS)[number];

/** Service ids the spec names. */
export const SERVICE_IDS = { pooling: 1, fullCar: 2, vip: 7 } as const;
export const VIP_SHORTCUT_SERVICE_IDS: readonly number[] = [SERVICE_IDS.pooling, SERVICE_IDS.fullCar, SERVICE_IDS.vip];

export const LOYALTY_CLASSES = ['P0', 'P1', 'P2', 'P3'] as const;
export type LoyaltyClass = (typeof LOYALTY_CLASSES)[number];

export const PAYMENT_TYPES = ['booking', 'tip', 'CANCELLATION_FEES'] as const;
export const COUNTED_PAYMENT_STATUS = 'DONE';

/**
 * What the stored codes mean, for display (the codes stay what the API sends). A code without a label
 * (a new one from the apps) shows as it is.
 */
export const CODE_LABELS = texts({
  origin: { app: 'Passenger app', dashboard: 'Console', phone: 'Phone' } satisfies Record<BookingOrigin, string>,
  requestedBy: { APP: 'Passenger app', DASHBOARD: 'Console' } as Record<string, string>,
  paymentType: { booking: 'Ride', tip: 'Tip', CANCELLATION_FEES: 'Cancellation fees' } as Record<string, string>,
  paymentStatus: { DONE: 'Paid', PENDING: 'Pending', FAILED: 'Failed', REFUNDED: 'Refunded' } as Record<string, string>,
});

export function codeLabel(kind: keyof typeof CODE_LABELS, code: string | null | undefined): string {
  if (!code) return '';
  const labels = CODE_LABELS[kind] as Record<string, string>;
  return Object.hasOwn(labels, code) ? labels[code] : code;
}

/** Timings and limits of bookings.md §9. */
export const PENDING_REMINDER_MIN_AGE_MS = 15 * 60_000;
export const CHANGE_TIME_WINDOW_MS = 120 * 60_000;
export const COUNTDOWN_RED_SECONDS = 600;
export const AI_POPUP_COUNTDOWN_SECONDS = 150;
export const BOOKING_DATETIME_FORMAT = 'YYYY-MM-DD HH:mm';
export const ORDER_TIME_FORMAT = 'HH[h]mm - DD/MM/YYYY';

/** Shape a rule needs; the server's presenter and the web's booking type both satisfy it. */
export interface BookingRuleInput {
  status: BookingStatus;
  now: boolean;
  besoin?: boolean | null;
  origin: BookingOrigin;
  datetime: string; // ISO
  created_at: string; // ISO
  service_id?: number | null;
  /** The ride's captain and their conversation (the captain chat action); absent where not loaded. */
  ride?: { captain: { conversation_id: string | null } } | null;
}

export type RuleResult = { ok: true } | { ok: false; message: string };
const OK: RuleResult = { ok: true };
const refuse = (message: string): RuleResult => ({ ok: false, message });

export const BOOKING_ACTIONS = [
  'cancel',
  'dispatch',
  'redispatch',
  'pendingReminder',
  'dispatchedReminder',
  'extend',
  'bookingChat',
  'captainChat',
  'changeTime',
  'changeService',
  'suggestService',
  'logs',
] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

const CANCELLABLE: readonly BookingStatus[] = ['PENDING', 'APPROVED', 'ACCEPTED', 'STARTED', 'ARRIVED'];
const DISPATCHED_REMINDABLE: readonly BookingStatus[] = ['APPROVED', 'ACCEPTED', 'ARRIVED', 'STARTED'];

/** May this action be taken on this booking now? One definition for the server (enforce) and the
 * web (show). `nowMs` is the clock, passed in so rules are testable at their edges. */
export function checkBookingAction(action: BookingAction, b: BookingRuleInput, nowMs: number = Date.now()): RuleResult {
  const notAllowed = (verb: string) => refuse(BOOKING_MSG.actionNotAllowed(verb, b.status));
  switch (action) {
    case 'cancel':
      return CANCELLABLE.includes(b.status) ? OK : notAllowed('cancelled');
    case 'dispatch':
      return b.status === 'PENDING' ? OK : notAllowed('dispatched');
    case 'redispatch':
      return REDISPATCHABLE.includes(b.status) ? OK : refuse(NOT_MOVING_UI.notRedispatchable);
    case 'pendingReminder':
      if (b.status !== 'PENDING' || !b.now) return notAllowed('reminded as waiting');
      return nowMs - Date.parse(b.created_at) >= PENDING_REMINDER_MIN_AGE_MS
        ? OK
        : refuse(BOOKING_MSG.pendingReminderTooEarly);
    case 'dispatchedReminder':
      if (!DISPATCHED_REMINDABLE.includes(b.status)) return notAllowed('reminded as dispatched');
      return nowMs >= Date.parse(b.datetime) ? OK : refuse(BOOKING_MSG.dispatchedReminderTooEarly);
    case 'extend':
      return b.besoin ? OK : refuse(BOOKING_MSG.notBesoin);
    case 'bookingChat':
      return b.status !== 'PENDING' && !b.now && b.origin === 'app' ? OK : notAllowed('chatted about');
    case 'captainChat':
      // bookings.md §4: when the ride's captain has a conversation.
      return b.ride?.captain.conversation_id ? OK : notAllowed('chatted about');
    case 'changeTime':
    case 'changeService':
    case 'suggestService':
      return ACTIVE_STATUSES.includes(b.status) && !ONGOING_STATUSES.includes(b.status) ? OK : notAllowed('edited');
    case 'logs':
      return OK;
  }
}

/** Is the new time within 120 minutes of the booking's current time (bookings.md §5)? */
export function isWithinChangeWindow(currentIso: string, nextIso: string): boolean {
  return Math.abs(Date.parse(nextIso) - Date.parse(currentIso)) <= CHANGE_TIME_WINDOW_MS;
}

/** Live tracking of the captain (bookings.md §4). */
export function isLiveTracking(status: BookingStatus, now: boolean): boolean {
  return (status === 'ACCEPTED' && now) || ['STARTED', 'ARRIVED', 'PICKED_UP'].includes(status);
}
export const ROUTE_DRAWN_STATUSES: readonly BookingStatus[] = ['PICKED_UP', 'ARRIVED', 'DONE', 'PAID'];
export function isRouteFetched(status: BookingStatus, hasRide: boolean): boolean {
  return ['PICKED_UP', 'DONE', 'PAID'].includes(status) || (hasRide && CANCELLED_STATUSES.includes(status));
}

/** Suggestion line of the request card, from the statuses of the booking's suggestions. */
export function suggestionLine(statuses: readonly string[]): string | null {
  if (statuses.includes('ACCEPTED')) return BOOKING_MSG.suggestionAccepted;
  if (statuses.includes('REFUSED')) return BOOKING_MSG.suggestionRefused;
  if (statuses.includes('SENT')) return BOOKING_MSG.suggestionNoResponse;
  return null;
}

/** Airport riders and bags show '+4' when below 0 or absent. */
export function ridersOrBags(value: number | null | undefined): string {
  return value === null || value === undefined || value < 0 ? '+4' : String(value);
}

/** Seconds left until a deadline, and its mm:ss form ('00:00' when expired or absent). */
export function secondsLeft(untilIso: string | null | undefined, nowMs: number = Date.now()): number {
  if (!untilIso) return 0;
  return Math.max(0, Math.floor((Date.parse(untilIso) - nowMs) / 1000));
}
export function mmss(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** Service-change shortcut buttons: passenger can use VIP and the service is 1, 2 or 7. */
export function showsServiceShortcuts(canUseVip: boolean, serviceId: number | null | undefined): boolean {
  return canUseVip && serviceId !== null && serviceId !== undefined && VIP_SHORTCUT_SERVICE_IDS.includes(serviceId);
}

/** Notes are stored as one text separated by a fixed divider. */
export const NOTE_DIVIDER = '\n--- note ---\n';

/** Advanced order search (bookings.md §2). */
export const SEARCH_FILTER_KEYS = [
  'customer',
  'driver',
  'pickup_sector',
  'dropoff_sector',
  'order_id',
  'requested_by',
  'car',
] as const;
export type SearchFilterKey = (typeof SEARCH_FILTER_KEYS)[number];
export const REQUESTED_BY_VALUES = ['APP', 'DASHBOARD'] as const;
export interface SearchRow {
  key: SearchFilterKey;
  value: string;
}
/** Drops rows with an empty value and keeps at most one row per key (the first). */
export function normalizeSearchRows(rows: readonly SearchRow[]): SearchRow[] {
  const seen = new Set<SearchFilterKey>();
  const out: SearchRow[] = [];
  for (const row of rows) {
    if (row.value.trim() === '' || seen.has(row.key)) continue;
    seen.add(row.key);
    out.push({ key: row.key, value: row.value.trim() });
  }
  return out;
}

/** Static and dynamic constraints attached to a booking. */
export interface BookingConstraint {
  constraint_name: string;
  Abbreviation?: string;
  strike_through?: boolean;
  /** A constraint of the /constraints catalogue: the captain capability it asks for (CAPTAIN_CAPABILITIES). */
  capability?: string;
}
export const APPEARANCE_CONSTRAINTS = ['BLACKLIST', 'WHITELIST'] as const;
export const DEFAULT_APPEARANCE_CONSTRAINT = 'WHITELIST';
