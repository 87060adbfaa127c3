import { texts, tr } from './i18n';
// AI-assisted dispatch: suggestion lifecycle, popup payloads, captain-side transitions and their rules.
// Server (to enforce) and web (to show) import it.

import type { z } from 'zod';
import { type BookingStatus, SERVICE_IDS } from './bookings';
import type { aiDispatchPopupSchema, suggestionPopupSchema } from './contract/ai';
import { REDISPATCHABLE } from './not-moving';
import type { AiStatus } from './session';
import { SETTING_DEFS } from './settings';

/**
 * Lifecycle of one AI suggestion (table ai_suggestions):
 *   PROPOSED  → DISPATCHED (let_ai_dispatch_it, Ai:pass_booking, or countdown over)
 *   PROPOSED  → SNOOZED (snooze) → PROPOSED again when the snooze is over
 *   PROPOSED  → CONFIRMED (time or service change confirmed: applied, then dispatched)
 *   PROPOSED  → REFUSED (passenger said NO; captain released)
 *   any open  → EXPIRED (the booking left PENDING: dispatched by a human, cancelled)
 */
export const AI_SUGGESTION_STATUSES = ['PROPOSED', 'SNOOZED', 'DISPATCHED', 'CONFIRMED', 'REFUSED', 'EXPIRED'] as const;
export type AiSuggestionStatus = (typeof AI_SUGGESTION_STATUSES)[number];
export const AI_OPEN_STATUSES: readonly AiSuggestionStatus[] = ['PROPOSED', 'SNOOZED'];

/** Allowed moves of the AI suggestion state machine. */
export const AI_TRANSITIONS: Record<AiSuggestionStatus, readonly AiSuggestionStatus[]> = {
  PROPOSED: ['DISPATCHED', 'SNOOZED', 'CONFIRMED', 'REFUSED', 'EXPIRED'],
  SNOOZED: ['PROPOSED', 'EXPIRED', 'DISPATCHED'],
  DISPATCHED: [],
  CONFIRMED: [],
  REFUSED: [],
  EXPIRED: [],
};
export function canMoveAi(from: AiSuggestionStatus, to: AiSuggestionStatus): boolean {
  return AI_TRANSITIONS[from].includes(to);
}

/**
 * Kinds of suggestion: a captain for the booking; the captain with a new time the passenger must accept;
 * or a captain of another service (no free captain of the booked one) that the passenger must accept.
 */
export const AI_SUGGESTION_KINDS = ['dispatch', 'time_change', 'service_change'] as const;
export type AiSuggestionKind = (typeof AI_SUGGESTION_KINDS)[number];
/** Kinds that wait for the passenger's answer ('The passenger said ok' / 'NO' / 'No response yet'). */
export const AI_ANSWERED_KINDS: readonly AiSuggestionKind[] = ['time_change', 'service_change'];

/**
 * Services the AI may offer instead of the booked one when no captain of it is free, best first:
 * pooling → full car → VIP (VIP only for passengers who may use it, as the card's VIP shortcuts), and a
 * VIP booking may fall back to a full car. Other services keep their service.
 */
export function aiServiceChangeTargets(serviceId: number, canUseVip: boolean): number[] {
  const { pooling, fullCar, vip } = SERVICE_IDS;
  if (serviceId === pooling) return canUseVip ? [fullCar, vip] : [fullCar];
  if (serviceId === fullCar) return canUseVip ? [vip] : [];
  if (serviceId === vip) return [fullCar];
  return [];
}

/**
 * Default timings (bookings.md §9 gives 150 s). The server reads the live values from the dispatching
 * settings (SETTING_DEFS); these are their defaults, for the consoles' displays.
 */
export const AI_TIMINGS = {
  popupSeconds: SETTING_DEFS.AI_POPUP_SECONDS.default,
  /** How long a captain has to answer an offer (request card's suggestion countdown). */
  offerSeconds: SETTING_DEFS.OFFER_TIMEOUT_SECONDS.default,
  /** Scheduled bookings are handled this long before their time. */
  scheduledLeadMinutes: SETTING_DEFS.SCHEDULED_LEAD_MINUTES.default,
  /** A time change is suggested when the captain would be later than this. */
  timeChangeAfterMinutes: SETTING_DEFS.TIME_CHANGE_AFTER_MINUTES.default,
  /** Snooze when the user's snooze_interval is 0 (minutes). */
  defaultSnoozeMinutes: SETTING_DEFS.DEFAULT_SNOOZE_MINUTES.default,
  /** The AI sweep (offers, expiries, passes) period on the server. */
  sweepMs: 2000,
} as const;

/** Popup of `Ai:new_now_booking` / `Ai:new_suggestion` (type 'dispatch'): bookings.md §2, §3. */
export type AiDispatchPopupPayload = z.infer<typeof aiDispatchPopupSchema>;

/** Time-suggestion reminder popup (`Ai:new_suggestion`, type 'time_change') and service-change popup. */
export type SuggestionPopupPayload = z.infer<typeof suggestionPopupSchema>;

export type AiPopupPayload = AiDispatchPopupPayload | SuggestionPopupPayload;

/** `Ai:pass_suggestion` and `Ai:pass_booking` (server → client): a suggestion ended. */
export interface AiPassPayload {
  booking_id: number;
  suggestion_id: number;
  status: AiSuggestionStatus;
}

/** `Dashboard:booking_suggestion_sent` / `_available`: an offer to a captain started / ended. */
export interface BookingSuggestionPayload {
  booking_id: number;
  active_captain_suggestion: { captain_name: string; until: string } | null;
}

/** Captain-side booking transitions (the captain app; the simulator plays it). */
export const CAPTAIN_TRANSITIONS: Partial<Record<BookingStatus, BookingStatus>> = {
  APPROVED: 'ACCEPTED',
  ACCEPTED: 'STARTED',
  STARTED: 'ARRIVED',
  ARRIVED: 'PICKED_UP',
  PICKED_UP: 'DONE',
  DONE: 'PAID',
};
/** Statuses from which the passenger or the captain may cancel. */
export const PAX_CANCELLABLE: readonly BookingStatus[] = ['PENDING', 'APPROVED', 'ACCEPTED', 'STARTED', 'ARRIVED'];
export const CAPTAIN_CANCELLABLE: readonly BookingStatus[] = ['APPROVED', 'ACCEPTED', 'STARTED', 'ARRIVED'];
/** No status follows these. */
export const TERMINAL_STATUSES: readonly BookingStatus[] = [
  'PAID',
  'DELETED',
  'CAPTAIN_CANCELLED',
  'PAX_CANCELLED',
  'SYSTEM_CANCELLED',
  'REJECTED',
  'CANCELLED',
];
/** Every legal next status of a booking (operator, captain and passenger moves together). */
export function nextStatuses(status: BookingStatus): BookingStatus[] {
  const out: BookingStatus[] = [];
  if (status === 'PENDING') out.push('APPROVED', 'SYSTEM_CANCELLED');
  const c = CAPTAIN_TRANSITIONS[status];
  if (c) out.push(c);
  if (PAX_CANCELLABLE.includes(status)) out.push('PAX_CANCELLED', 'SYSTEM_CANCELLED');
  if (CAPTAIN_CANCELLABLE.includes(status)) out.push('CAPTAIN_CANCELLED');
  // The console takes the booking back from a captain on the way (re-dispatch).
  if (REDISPATCHABLE.includes(status)) out.push('PENDING');
  return [...new Set(out)];
}

/** Radius of the pickup geofence (entered / left logs). */
export const PICKUP_GEOFENCE_M = 60;

/** Fare of the demo (euros): base plus per km. */
export const FARE = { base: 3.5, perKm: 1.4 } as const;
export function fareOf(metres: number): number {
  return Math.round((FARE.base + (FARE.perKm * metres) / 1000) * 100) / 100;
}

/** Texts of the AI calls (ours; the spec leaves them open). */
export const AI_MSG = texts({
  noSuggestion: 'There is no open AI suggestion for this order.',
  notTimeChange: 'This AI suggestion is not a time change.',
  snoozed: (minutes: number) => tr('Snoozed for {{minutes}} minutes', { minutes }),
  confirmed: 'The new time was applied.',
  refused: 'The order keeps its time.',
  serviceConfirmed: (service: string) => tr('The order now uses {{service}}.', { service }),
  serviceRefused: 'The order keeps its service.',
  needsAnswer: "This AI suggestion waits for the passenger's answer.",
  aiStatusSaved: 'AI status saved',
  notYourBooking: 'This order is not assigned to this captain.',
  noOffer: 'There is no open offer for this captain.',
  offerTaken: 'Another captain accepted this order first.',
  noCaptain: 'No free captain near the pickup.',
  /** The booking log's "By" of what the AI did when a popup's countdown ran out with nobody clicking. */
  countdownDoer: 'AI (countdown expired)',
} as const);

/** The actor id the AI's own acts are recorded under (no user has it). */
export const AI_ACTOR_ID = 0;

/** Labels of the AI popups (ours; the spec names the fields, not their captions). */
export const AI_LABELS = texts({
  dispatchTitle: (id: number) => tr('AI dispatch — order #{{id}}', { id }),
  timeTitle: (id: number) => tr('Time suggestion — order #{{id}}', { id }),
  serviceTitle: (id: number) => tr('Service change suggestion — order #{{id}}', { id }),
  date: 'Date',
  time: 'Time',
  pickupWindow: 'Pickup window',
  dropoffWindow: 'Dropoff window',
  captainLocation: "Captain's location",
  eta: 'ETA',
  trip: 'Trip',
  minutes: (n: number) => tr('{{n}} min', { n }),
  pickup: 'Pickup',
  dropoff: 'Dropoff',
  captain: 'Captain',
  passenger: 'Passenger',
  whatsapp: 'Passenger whatsapp',
  originalTime: 'Original time',
  newTime: 'New time',
  newService: 'New service',
  queued: (n: number) => tr('{{n}} more waiting', { n }),
  tray: (n: number) => tr('AI popups: {{n}}', { n }),
  trayNext: (mmss: string) => tr('next in {{mmss}}', { mmss }),
  /** Popups under 30 s (AI_URGENT_SECONDS) in the tray. */
  trayUrgent: (n: number) => tr('{{n}} urgent', { n }),
  /** The tray's button: its name says what a click does. */
  showPopups: 'Show the AI popups',
  hidePopups: 'Hide the AI popups',
  showPopup: 'Show',
  hidePopup: 'Hide',
  autoSnoozed: (until: string) => tr('Snoozed automatically until {{until}}', { until }),
  autoSnoozedHelp: 'A time suggestion reached zero: it counts as a snooze, so no AI popup reaches you until then.',
  snoozedHelp: 'No AI popup reaches you until then.',
  resumePopups: 'Resume',
  previous: 'Previous popup',
  next: 'Next popup',
  position: (at: number, of: number) => tr('{{at}} of {{of}}', { at, of }),
  noDetails: 'No details',
  countdown: 'Time left',
  statusButton: 'AI dispatch status',
  statusTitle: 'AI dispatch',
  receivePopups: 'Receive AI popups',
  stateOn: 'On: AI popups reach you',
  stateStopped: 'Stopped: no AI popups',
  stateSnoozed: (until: string) => tr('Snoozed until {{until}}', { until }),
  resume: 'Resume now',
  snoozeInterval: 'Snooze interval (minutes)',
  snoozeHelp: '0 = 5 minutes',
  dispatchInterval: 'Dispatch interval (minutes)',
  dispatchHelp: 'Scheduled orders: popups from this long before their time (0 = all)',
  save: 'Save',
} as const);

/** A popup with this many seconds left or fewer is urgent: the tray counts it and turns red. */
export const AI_URGENT_SECONDS = 30;

/** The minutes a snooze lasts: the user's interval, or the default when it is 0. */
export function snoozeMinutesOf(interval: number, fallback: number = AI_TIMINGS.defaultSnoozeMinutes): number {
  return interval > 0 ? interval : fallback;
}

/**
 * Whether a user's AI popups include an order: immediate orders always; a scheduled one only from
 * `dispatch_interval` minutes before its time (0 = all). Further out, the AI goes on without that user
 * (a dispatch suggestion passes at zero; a time or service change waits and comes back).
 */
export function popupDueFor(
  dispatchInterval: number,
  booking: { now: boolean; datetime: number },
  now: number,
): boolean {
  return booking.now || dispatchInterval <= 0 || booking.datetime - now <= dispatchInterval * 60_000;
}

/** Whether the user's AI popups are on, stopped, or snoozed (and until when) at `now` (ms). */
export function aiStateOf(
  status: Pick<AiStatus, 'ai_stopped' | 'snoozed_at' | 'snooze_interval'>,
  now: number,
): { state: 'on' | 'stopped' | 'snoozed'; until: number | null } {
  if (status.ai_stopped === '1') return { state: 'stopped', until: null };
  const since = status.snoozed_at ? Date.parse(status.snoozed_at) : Number.NaN;
  const until = since + snoozeMinutesOf(status.snooze_interval) * 60_000;
  return Number.isFinite(until) && until > now ? { state: 'snoozed', until } : { state: 'on', until: null };
}

/**
 * The dispatch cascade (settings DISPATCH_SINGLE_OFFERS, DISPATCH_GROUP_OFFER_SIZE, DISPATCH_RETRY_MINUTES):
 * offers to the best captain in turn, then one offer to the nearest several at once, then the booking is
 * unassigned (the board lists it first) until a new round starts.
 */
export const UNASSIGNED_REASONS = ['no_acceptance'] as const;
export type UnassignedReason = (typeof UNASSIGNED_REASONS)[number];

export const UNASSIGNED_LABELS = texts({
  title: 'Unassigned',
  no_acceptance: 'No captain accepted the automatic offers',
  groupOffer: (count: number) => tr('Offered to {{count}} captains at once', { count }),
} as const);

/** The cascade's next step for a booking, from what its current round already sent. */
export type CascadeStep = { kind: 'single' } | { kind: 'group'; size: number } | { kind: 'unassign' };

export function nextCascadeStep(
  round: { singles: number; groupSent: boolean },
  config: { singleOffers: number; groupOfferSize: number },
  freshSingleCandidate: boolean,
): CascadeStep {
  if (round.singles < config.singleOffers && freshSingleCandidate) return { kind: 'single' };
  if (!round.groupSent && config.groupOfferSize > 0) return { kind: 'group', size: config.groupOfferSize };
  return { kind: 'unassign' };
}
