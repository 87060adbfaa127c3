// Every setting the server reads: its key, type, default, bounds, group and label. The server validates
// and stores them (table settings, values as strings); the consoles' /settings, /dispatching and
// /MaxBookingCount pages build their forms from the same definitions.

import { z } from 'zod';
import { DEFAULT_SEASON, SEASONS } from './constants';
import { texts, tr } from './i18n';
import type { Permission } from './permissions';

/** A group of settings is one page and one pair of GET/PUT endpoints. */
export const SETTING_GROUPS = ['general', 'dispatching', 'bookings'] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

/** Who may read and change each group (shell.md §2.3: Settings, Dispatching, MaxBookingCount). */
export const SETTING_GROUP_PERMISSION: Record<SettingGroup, Permission> = {
  general: 'SETTINGS',
  dispatching: 'DISPATCHING_CONFIG',
  bookings: 'T_C',
};

export interface IntSettingDef {
  kind: 'int';
  group: SettingGroup;
  default: number;
  min: number;
  max: number;
}
export interface EnumSettingDef {
  kind: 'enum';
  group: SettingGroup;
  default: string;
  values: readonly string[];
}
export type SettingDef = IntSettingDef | EnumSettingDef;

const int = (group: SettingGroup, value: number, min: number, max: number): IntSettingDef => ({
  kind: 'int',
  group,
  default: value,
  min,
  max,
});

/** The two ways of matching waiting bookings to captains (DISPATCH_MATCHING). */
export const DISPATCH_MATCHINGS = ['batch', 'greedy'] as const;
export type DispatchMatching = (typeof DISPATCH_MATCHINGS)[number];

/**
 * Who is offered an AI popup (AI_POPUP_AUDIENCE): every online operator whose AI is on, or one of them at a time in
 * turn (round robin); a popup its operator leaves unanswered runs out as any other (bookings.md §4).
 */
export const AI_POPUP_AUDIENCES = ['all', 'round_robin'] as const;
export type AiPopupAudience = (typeof AI_POPUP_AUDIENCES)[number];

/** What the settings page shows for an enum setting's values (others show the value, translated). */
export const SETTING_VALUE_LABELS: Partial<Record<string, Record<string, string>>> = {
  DISPATCH_MATCHING: texts({
    batch: 'All waiting bookings at once (optimal assignment)',
    greedy: 'One booking at a time (nearest first)',
  }),
  AI_POPUP_AUDIENCE: texts({
    all: 'Every dispatcher with AI on',
    round_robin: 'One at a time, in turn (round robin among the online operators with AI on)',
  }),
};

export const SETTING_DEFS = {
  SEASON: { kind: 'enum', group: 'general', default: DEFAULT_SEASON, values: SEASONS } as EnumSettingDef,
  /** Straight-line radius around the pickup in which captains are candidates. */
  DISPATCH_RADIUS_KM: int('dispatching', 15, 1, 100),
  /** How long a captain has to answer an offer. */
  OFFER_TIMEOUT_SECONDS: int('dispatching', 30, 5, 600),
  /** The dispatch cascade: automatic offers to one captain at a time before offering to several. */
  DISPATCH_SINGLE_OFFERS: int('dispatching', 3, 0, 20),
  /** Then one offer to the nearest N at once, the first to accept wins; 0 skips it. */
  DISPATCH_GROUP_OFFER_SIZE: int('dispatching', 3, 0, 10),
  /**
   * How the cascade's single offers pick their captain: `batch` matches every waiting booking to the free
   * captains at once (an optimal assignment, dispatch/batch.ts), `greedy` gives each booking in turn its best
   * ranked captain. Switchable so the two can be compared (bench/dispatch-quality.ts).
   */
  DISPATCH_MATCHING: {
    kind: 'enum',
    group: 'dispatching',
    default: 'batch',
    values: DISPATCH_MATCHINGS,
  } as EnumSettingDef,
  /**
   * Captains whose trip ends within this many minutes count as candidates, their ETA counted from the
   * dropoff; the batch may keep a booking for one rather than send a free captain from far. 0: off.
   */
  SOON_TO_CLEAR_MINUTES: int('dispatching', 4, 0, 30),
  /** A booking the cascade left unassigned starts a new round after this long (who refused may be asked again). */
  DISPATCH_RETRY_MINUTES: int('dispatching', 3, 1, 120),
  /** The AI popup's countdown (bookings.md §9: 150 s). */
  AI_POPUP_SECONDS: int('dispatching', 150, 10, 900),
  /** Who is offered each AI popup: every operator whose AI is on (all), or the next of them in turn (round_robin). */
  AI_POPUP_AUDIENCE: {
    kind: 'enum',
    group: 'dispatching',
    default: 'all',
    values: AI_POPUP_AUDIENCES,
  } as EnumSettingDef,
  /** Snooze length when the user's own snooze_interval is 0. */
  DEFAULT_SNOOZE_MINUTES: int('dispatching', 5, 1, 120),
  /** Scheduled bookings are handled this long before their time. */
  SCHEDULED_LEAD_MINUTES: int('dispatching', 30, 1, 1440),
  /** A time change is suggested when the captain would be later than this. */
  TIME_CHANGE_AFTER_MINUTES: int('dispatching', 5, 1, 120),
  /** A "now" booking still waiting this long after its time is a late booking. */
  LATE_BOOKING_MINUTES: int('dispatching', 5, 1, 120),
  /** A captain not at the pickup this long after the booking's time is a late captain. */
  LATE_CAPTAIN_MINUTES: int('dispatching', 5, 1, 120),
  /** An offer to a captain joins the exceptions board once this part of its countdown passed unanswered. */
  UNANSWERED_OFFER_PERCENT: int('dispatching', 50, 10, 100),
  /**
   * A booking the cascade finds no captain for becomes a driver search (besoin) that ends this long after it
   * began, unless an operator extends it.
   */
  BESOIN_SEARCH_MINUTES: int('dispatching', 15, 1, 240),
  /** One "Extend waiting time" moves the driver search's end this much later. */
  BESOIN_RENEWAL_MINUTES: int('dispatching', 10, 1, 240),
  /** A driver search (besoin) joins the exceptions board this long before its time ends. */
  BESOIN_EXPIRING_MINUTES: int('dispatching', 5, 1, 60),
  /** Active (not finished, not cancelled) bookings a passenger may hold at once; 0 is no limit. */
  MAX_ACTIVE_BOOKINGS_PER_PASSENGER: int('bookings', 0, 0, 100),
  /** What a passenger is charged (a passenger_penalty entry) for cancelling once the captain arrived; 0 is nothing. */
  PASSENGER_LATE_CANCEL_FEE_EUROS: int('general', 0, 0, 100),
  /** Staff who must be at work on any day: the vacation planner warns when leaves leave fewer. */
  MIN_STAFF_ON_DUTY: int('general', 4, 0, 1000),
} as const satisfies Record<string, SettingDef>;

export type SettingKey = keyof typeof SETTING_DEFS;
export const SETTING_KEYS = Object.keys(SETTING_DEFS) as SettingKey[];
export type SettingValues = { [K in SettingKey]: (typeof SETTING_DEFS)[K] extends IntSettingDef ? number : string };

export const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(SETTING_DEFS, key);

/** The keys of a group, in their order of declaration (the form's order). */
export const settingKeysOf = (group: SettingGroup): SettingKey[] =>
  SETTING_KEYS.filter((k) => SETTING_DEFS[k].group === group);

export const SETTING_DEFAULTS = Object.fromEntries(
  SETTING_KEYS.map((k) => [k, SETTING_DEFS[k].default]),
) as SettingValues;

/** A stored string as its typed value; a value that no longer fits its definition reads as the default. */
export function parseSetting<K extends SettingKey>(key: K, stored: string | undefined): SettingValues[K] {
  const def: SettingDef = SETTING_DEFS[key];
  if (stored === undefined) return def.default as SettingValues[K];
  if (def.kind === 'enum') return (def.values.includes(stored) ? stored : def.default) as SettingValues[K];
  const n = Number(stored);
  const fits = Number.isInteger(n) && n >= def.min && n <= def.max;
  return (fits ? n : def.default) as SettingValues[K];
}

/** The zod schema of one setting's value. */
export function settingValueSchema(key: SettingKey): z.ZodType<number | string> {
  const def: SettingDef = SETTING_DEFS[key];
  if (def.kind === 'enum') return z.enum(def.values as [string, ...string[]]);
  return z.coerce.number().int().min(def.min).max(def.max);
}

/** The body of PUT settings/{group}: any of the group's keys, each valid; unknown keys refused. */
export function settingsGroupSchema(group: SettingGroup) {
  const shape = Object.fromEntries(settingKeysOf(group).map((k) => [k, settingValueSchema(k).optional()]));
  return z.strictObject(shape) as z.ZodType<Partial<Record<SettingKey, number | string>>>;
}

/** The labels of the forms (English is the key). */
export const SETTING_LABELS = texts({
  SEASON: 'Season',
  DISPATCH_RADIUS_KM: 'Candidate search radius (km)',
  OFFER_TIMEOUT_SECONDS: 'Offer timeout (seconds)',
  DISPATCH_SINGLE_OFFERS: 'Automatic offers to one captain before offering to several',
  DISPATCH_GROUP_OFFER_SIZE: 'Captains offered at once after those (0 = none)',
  DISPATCH_MATCHING: 'How automatic offers pick their captain',
  SOON_TO_CLEAR_MINUTES: 'Captains finishing a trip within (minutes) are candidates (0 = off)',
  DISPATCH_RETRY_MINUTES: 'New round for an unassigned booking after (minutes)',
  AI_POPUP_SECONDS: 'AI popup countdown (seconds)',
  AI_POPUP_AUDIENCE: 'Who is offered AI popups',
  DEFAULT_SNOOZE_MINUTES: 'Default snooze interval (minutes)',
  SCHEDULED_LEAD_MINUTES: 'Scheduled bookings handled before their time (minutes)',
  TIME_CHANGE_AFTER_MINUTES: 'Suggest a time change when the captain is later than (minutes)',
  LATE_BOOKING_MINUTES: 'Late booking after (minutes)',
  LATE_CAPTAIN_MINUTES: 'Late captain after (minutes)',
  UNANSWERED_OFFER_PERCENT: 'Unanswered offer is an exception after (% of its countdown)',
  BESOIN_SEARCH_MINUTES: 'A driver search for an order without a captain lasts (minutes)',
  BESOIN_RENEWAL_MINUTES: 'Extending the waiting time adds (minutes)',
  BESOIN_EXPIRING_MINUTES: 'Ending driver search is an exception within (minutes)',
  MAX_ACTIVE_BOOKINGS_PER_PASSENGER: 'Max active bookings per passenger (0 = no limit)',
  PASSENGER_LATE_CANCEL_FEE_EUROS: 'Fee for a passenger who cancels after the captain arrived (€, 0 = none)',
  MIN_STAFF_ON_DUTY: 'Fewest staff at work on a day (the vacation planner warns below)',
} satisfies Record<SettingKey, string>);

export const SETTING_MSG = texts({
  saved: 'Settings saved',
  general: 'General',
  dispatching: 'Dispatching',
  bookings: 'Bookings',
  lateCancelNote: 'Cancelled after the captain arrived',
  tooManyBookings: (count: number) =>
    tr('This passenger already has {{count}} active bookings, the maximum allowed', { count }),
});
