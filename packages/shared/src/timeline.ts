import { cardStatusLabel, STATUS_LABELS } from './bookings';
import { texts, tr } from './i18n';
import * as catalogues from './resources';
import type { ResourceDef } from './resources/define';
import { SETTING_LABELS } from './settings';

/** What the timeline (/timeline) sorts the audit trail into; the filter chips are these. */
export const TIMELINE_KINDS = ['booking', 'dispatch', 'cancellation', 'complaint', 'ticket', 'staff'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/**
 * How an audit row is classified: by its entity, then (for bookings) by a pattern of its action. The server
 * filters with the same patterns in SQL (`~*`), the web colours with `timelineKind`: one definition.
 */
export const TIMELINE_PATTERNS = {
  complaint: { entity: '^complaint', action: null },
  ticket: { entity: '^ticket', action: null },
  cancellation: { entity: '^booking$', action: 'cancel' },
  dispatch: { entity: '^booking$', action: 'dispatch|assign|offer|accept|suggest|unassigned|captain' },
} as const;

/** The kind of one audit row. */
export function timelineKind(entity: string, action: string): TimelineKind {
  if (new RegExp(TIMELINE_PATTERNS.complaint.entity, 'i').test(entity)) return 'complaint';
  if (new RegExp(TIMELINE_PATTERNS.ticket.entity, 'i').test(entity)) return 'ticket';
  if (entity !== 'booking') return 'staff';
  if (new RegExp(TIMELINE_PATTERNS.cancellation.action, 'i').test(action)) return 'cancellation';
  if (new RegExp(TIMELINE_PATTERNS.dispatch.action, 'i').test(action)) return 'dispatch';
  return 'booking';
}

/** What a booking's story (its replay) is made of. */
export const STORY_KINDS = ['log', 'offer', 'geofence', 'chat', 'complaint'] as const;
export type StoryKind = (typeof STORY_KINDS)[number];

/** Who the audit names when the AI acted (the dispatch engine's own actions): shown as TIMELINE_UI.ai. */
export const AI_ACTOR_NAME = 'AI';

/** "passenger_cancel" → "passenger cancel": the audit's action codes as words (a code no label knows). */
export const actionWords = (action: string): string => action.replace(/[_.]+/g, ' ').trim();

/**
 * What the audit's action codes say, as the timeline shows them. A catalogue writes `<catalogue>.<verb>`, other
 * modules a verb or `<thing>.<verb>`; the whole code is looked up first, then its last part.
 */
const ACTION_SOURCES = {
  create: 'created',
  created: 'created',
  update: 'changed',
  delete: 'deleted',
  remove: 'removed',
  book: 'booked',
  request: 'requested',
  cancel: 'cancelled',
  passenger_cancel: 'cancelled by the passenger',
  captain_cancel: 'cancelled by the captain',
  assigned: 'dispatched to a captain',
  dispatch: 'dispatched to a captain',
  offer_sent: 'offer sent to a captain',
  assign: 'assigned',
  unassigned: 'left without a captain',
  not_moving: 'captain not moving',
  redispatch: 'taken back from the captain',
  offer_answer: 'offer answered by the captain',
  change_service: 'service changed',
  suggest_service_change: 'service change suggested to the passenger',
  accept_service_change: 'service change accepted',
  ai_service_change: 'service changed by the AI',
  ai_time_change: 'time changed by the AI',
  change_time: 'time changed',
  besoin_start: 'besoin started',
  besoin_expired: 'besoin expired',
  besoin_renew: 'besoin renewed',
  note_solved: 'note solved',
  pending_reminder: 'reminder sent to the passenger',
  dispatched_reminder: 'reminder sent to the captain',
  reminder_answered: 'reminder answered',
  reminder_delivered: 'reminder delivered',
  airport_received: 'received by the dispatchers',
  geofence_enter: 'captain entered the pickup area',
  geofence_leave: 'captain left the pickup area',
  paid: 'paid',
  start: 'started',
  end: 'ended',
  approve: 'approved',
  reject: 'rejected',
  refuse: 'refused',
  deny: 'denied',
  publish: 'published',
  send: 'sent',
  close: 'closed',
  status: 'status changed',
  comment: 'comment added',
  category: 'category set',
  prices: 'prices changed',
  entry: 'account entry written',
  payout: 'payout made',
  bank: 'bank account set',
  flag: 'flagged',
  enter: 'entered',
  leave: 'left',
  ai_status: 'AI status changed',
  send_code: 'sign-in code sent',
  // people: passengers' and captains' own steps
  activate: 'activated',
  block: 'blocked',
  unblock: 'unblocked',
  register: 'registered in the app',
  app_update: 'changed in the app',
  claim: 'taken for approval',
  release: 'released for approval',
  remove_documents: 'documents removed',
  // a story's offers (their answer), chat lines (who wrote) and complaints (their status)
  SENT: 'sent',
  ACCEPTED: 'accepted',
  REFUSED: 'refused',
  NO_RESPONSE: 'no answer',
  WITHDRAWN: 'withdrawn',
  EXPIRED: 'expired',
  user: 'Staff',
  captain: 'Captain',
  passenger: 'Passenger',
  system: 'System',
  'Not Treated': 'Not Treated',
  'Partially Treated': 'Partially Treated',
  Treated: 'Treated',
} as const;
export const ACTION_LABELS = texts(ACTION_SOURCES);

/** The things the audit names that are not catalogues (a catalogue is named by its title). */
const ENTITY_SOURCES = {
  booking: 'Booking',
  broadcast: 'Broadcast',
  captain: 'Captain',
  captain_contract: 'Captain contract',
  car: 'Car',
  car_request: 'Car request',
  company_request: 'Company request',
  complaint: 'Complaint',
  interview: 'Interview',
  price_rule: 'Price rule',
  scheduled_message: 'Scheduled message',
  service: 'Service',
  setting: 'Setting',
  shift: 'Shift',
  survey: 'Survey',
  ticket: 'Ticket',
  user: 'Staff member',
  user_project_schedule: 'Project schedule',
  vacation: 'Vacation',
} as const;
export const ENTITY_LABELS = texts(ENTITY_SOURCES);

const known = <T extends object>(sources: T, key: string): key is Extract<keyof T, string> =>
  Object.hasOwn(sources, key);

/** An audit action in the reader's language: `captain_<status>` is the captain's step to that status. */
export function actionLabel(action: string): string {
  return labelledAction(action) ?? actionWords(action);
}

/** An audit action's label, or undefined for a code no label knows. */
export function labelledAction(action: string): string | undefined {
  if (known(ACTION_SOURCES, action)) return ACTION_LABELS[action];
  const step = /^captain_([a-z_]+)$/.exec(action)?.[1].toUpperCase();
  // One word per status: the card's.
  if (step && known(STATUS_LABELS, step)) return tr('captain: {{status}}', { status: cardStatusLabel(step) });
  const verb = action.slice(action.lastIndexOf('.') + 1);
  return known(ACTION_SOURCES, verb) ? ACTION_LABELS[verb] : undefined;
}

/** Who did it, in the reader's language: a staff member by name, the AI, or the system (null). */
export function actorLabel(actor: string | null): string {
  if (actor === null) return TIMELINE_UI.system;
  return actor === AI_ACTOR_NAME ? TIMELINE_UI.ai : actor;
}

/** What an audit row is about, in the reader's language: a known thing, or a catalogue by its title. */
export function entityLabel(entity: string): string {
  return labelledEntity(entity) ?? actionWords(entity);
}

/** An audited thing's label, or undefined for one no label knows. */
export function labelledEntity(entity: string): string | undefined {
  if (known(ENTITY_SOURCES, entity)) return ENTITY_LABELS[entity];
  const title = catalogueTitles().get(entity);
  return title ? tr(title) : undefined;
}

/**
 * What a row names when it is about no booking: the thing and its id, or a setting by its label (a setting's
 * audit id is its key, a code no reader should see).
 */
export function entityRef(entity: string, id: string): string {
  if (entity === 'setting' && Object.hasOwn(SETTING_LABELS, id))
    return TIMELINE_UI.settingRef(SETTING_LABELS[id as keyof typeof SETTING_LABELS]);
  return TIMELINE_UI.entityRef(entityLabel(entity), id);
}

/** What a timeline row is about, in the reader's language: its booking, else its thing and id, else its thing. */
export function timelineSubject(item: { booking_id: number | null; entity: string; entity_id: string | null }): string {
  if (item.booking_id !== null) return TIMELINE_UI.bookingRef(item.booking_id);
  return item.entity_id ? entityRef(item.entity, item.entity_id) : entityLabel(item.entity);
}

let titles: Map<string, string> | undefined;
/** The catalogues' titles by key (their audit rows name the catalogue's key). */
function catalogueTitles(): Map<string, string> {
  titles ??= new Map(
    (Object.values(catalogues) as unknown[])
      .filter((v): v is ResourceDef => !!v && typeof v === 'object' && 'key' in v && 'title' in v && 'fields' in v)
      .map((def) => [def.key, def.title]),
  );
  return titles;
}

/** The timeline's texts (ours: the spec names the route and its TIMELINE permission only). */
export const TIMELINE_UI = texts({
  kinds: {
    booking: 'Bookings',
    dispatch: 'Dispatches',
    cancellation: 'Cancellations',
    complaint: 'Complaints',
    ticket: 'Tickets',
    staff: 'Staff actions',
  },
  storyKinds: {
    log: 'Status and actions',
    offer: 'Offer',
    geofence: 'Geofence',
    chat: 'Chat',
    complaint: 'Complaint',
  },
  filters: 'Show',
  live: 'Live: new events appear at the top',
  paused: 'Paused',
  pause: 'Pause',
  resume: 'Resume',
  older: 'Load older events',
  empty: 'No events match these filters',
  system: 'System',
  ai: 'AI',
  replay: 'Replay the booking',
  story: (id: number) => tr('Story of booking #{{id}}', { id }),
  storyEmpty: 'Nothing recorded for this booking yet',
  scrub: 'Time on the story',
  play: 'Play',
  stop: 'Stop',
  close: 'Close',
  offerTo: (name: string, status: string) => tr('Offered to {{name}}: {{status}}', { name, status }),
  entered: (name: string) => tr('{{name}} entered the pickup area', { name }),
  left: (name: string) => tr('{{name}} left the pickup area', { name }),
  bookingRef: (id: string | number) => tr('Booking #{{id}}', { id }),
  entityRef: (entity: string, id: string) => tr('{{entity}} #{{id}}', { entity, id }),
  settingRef: (name: string) => tr('Setting: {{name}}', { name }),
} as const);
