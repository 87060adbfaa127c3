import { z } from 'zod';
import { texts, tr } from './i18n';
import { dbId, text } from './validation';

/**
 * The call centre's voice connection: the console registers a SIP user agent (JsSIP over WebSocket) to the
 * SIP server (Kamailio, voice/), with credentials the API issues per session. Calls to the inbound number
 * queue on the server, which asks the API which operator to ring next (voice/sip/next).
 */

/** The softphone's states, as the toolbar shows them. */
export const VOICE_STATES = ['off', 'registering', 'ready', 'ringing', 'in_call', 'error'] as const;
export type VoiceState = (typeof VOICE_STATES)[number];

/** How the queue rings the available operators: all at once, or one after another from the longest idle. */
export const VOICE_RING_STRATEGIES = ['ring_all', 'round_robin'] as const;
export type VoiceRingStrategy = (typeof VOICE_RING_STRATEGIES)[number];

/** A SIP user (the AOR's user part) per operator session: `op<user id>s<session id>`. */
export const operatorSipUser = (userId: number, sessionId: number) => `op${userId}s${sessionId}`;
const SIP_USER = /^op(\d+)s(\d+)$/;
export function parseOperatorSipUser(user: string): { userId: number; sessionId: number } | null {
  const m = SIP_USER.exec(user);
  return m ? { userId: Number(m[1]), sessionId: Number(m[2]) } : null;
}

/** Digits, optionally after a +: what a caller id or a dialled number may be (spaces and dashes dropped). */
/**
 * Caller ID and the numbers on file are compared by their last PHONE_MATCH_DIGITS digits, the subscriber
 * number without its country or trunk prefix: a caller shown as 0640123456 is the passenger stored as
 * "+33 6 40 12 34 56". Shorter numbers (extensions, short codes) are compared whole.
 */
export const PHONE_MATCH_DIGITS = 9;

/** The part of a number the caller lookup compares (see PHONE_MATCH_DIGITS); the server's SQL mirrors it. */
export function phoneMatchKey(value: string): string {
  return value.replace(/\D/g, '').slice(-PHONE_MATCH_DIGITS);
}

export function normalisePhone(value: string): string {
  const trimmed = value.trim();
  const digits = trimmed.replace(/[^\d]/g, '');
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}

export const voiceCredentialsSchema = z
  .discriminatedUnion('enabled', [
    z.object({
      enabled: z.literal(false),
      /** not_configured: no SIP server on this deployment; not_allowed: this user does not take calls. */
      reason: z.enum(['not_configured', 'not_allowed']),
    }),
    z.object({
      enabled: z.literal(true),
      ws_url: z.string(),
      domain: z.string(),
      /** sip:op<user>s<session>@domain */
      uri: z.string(),
      /** `<expiry unix seconds>:<sip user>`, checked by the SIP server against the shared secret. */
      username: z.string(),
      password: z.string(),
      display_name: z.string(),
      expires_at: z.string(),
      /** The inbound number callers dial (and the console may dial to test). */
      queue_number: z.string(),
    }),
  ])
  .meta({ id: 'VoiceCredentials' });
export type VoiceCredentials = z.infer<typeof voiceCredentialsSchema>;

const bookingBriefSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  pickup: z.string().nullable(),
  dropoff: z.string().nullable(),
  created_at: z.string(),
});

export const CALLER_KINDS = ['passenger', 'captain', 'partner', 'unknown'] as const;

/** Who is calling, from the number: a passenger first, then a captain, then a partner's contact. */
export const callerLookupSchema = z
  .object({
    number: z.string(),
    kind: z.enum(CALLER_KINDS),
    id: z.number().int().nullable(),
    name: z.string().nullable(),
    /** Bookings not yet finished: answering warns of a possible duplicate. */
    active_bookings: z.array(bookingBriefSchema),
    recent_bookings: z.array(bookingBriefSchema),
  })
  .meta({ id: 'CallerLookup' });
export type CallerLookup = z.infer<typeof callerLookupSchema>;

/** The call centre's service level: a call answered within this many seconds counts as answered in time. */
export const CALL_SERVICE_LEVEL_S = 20;
/** A call still ringing after this long is not counted as waiting (its SIP server went away). */
export const CALL_STALE_RINGING_S = 15 * 60;

export const CALL_DIRECTIONS = ['inbound', 'outbound'] as const;
export const CALL_OUTCOMES = [
  'ringing',
  'answered',
  'completed',
  'transferred',
  'abandoned',
  'missed',
  'failed',
] as const;
/** How long a transfer waits for the caller's new call (the caller's phone re-dials the queue on the REFER). */
export const CALL_TRANSFER_WINDOW_S = 60;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/**
 * The call centre's figures of a period, from the call log. One definition: the server counts the log with it
 * (its SQL spells the same three conditions, and the API test holds the two together), the dashboard names and
 * explains the figures with it.
 * - Incoming: the inbound calls that began ringing in the period (`started_at`, when the queue first rang an
 *   operator, or found none and logged it missed), except one still ringing for less than the service level,
 *   whose fate is not decided yet. A call still ringing past it counts, as not answered in time.
 * - Answered within the service level: incoming calls an operator answered at most CALL_SERVICE_LEVEL_S seconds
 *   after they began ringing (`answered_at − started_at`).
 * - Abandoned by the caller: incoming calls the caller hung up while they rang, before any answer (the SIP
 *   server's CANCEL: outcome `abandoned`). Calls nobody was free to take (`missed`) are not the caller's doing.
 * Each share is over the incoming calls; null while there is none.
 */
export const CALL_FIGURES = {
  serviceLevelS: CALL_SERVICE_LEVEL_S,
  /** The outcome the caller's hang-up during the rings leaves (the SIP server's CANCEL). */
  abandonedOutcome: 'abandoned',
  /** The outcome of a call not yet answered nor ended. */
  ringingOutcome: 'ringing',
} as const satisfies { serviceLevelS: number; abandonedOutcome: CallOutcome; ringingOutcome: CallOutcome };

/** What the figures read of a call of the log (instants in ms). */
export interface CallFigureInput {
  direction: (typeof CALL_DIRECTIONS)[number];
  outcome: CallOutcome;
  startedAt: number;
  answeredAt: number | null;
}

/** An incoming call of the figures (see CALL_FIGURES), at `now`. */
export function isIncomingCall(call: CallFigureInput, now: number): boolean {
  if (call.direction !== 'inbound') return false;
  return !(call.outcome === CALL_FIGURES.ringingOutcome && now - call.startedAt < CALL_FIGURES.serviceLevelS * 1000);
}

/** Answered at most the service level after it began ringing. */
export function isAnsweredInTime(call: CallFigureInput): boolean {
  return call.answeredAt !== null && call.answeredAt - call.startedAt <= CALL_FIGURES.serviceLevelS * 1000;
}

/** The caller hung up while it rang. */
export const isAbandonedByCaller = (call: CallFigureInput): boolean => call.outcome === CALL_FIGURES.abandonedOutcome;

/** The two shares from the counts (0..1, three decimals; null without any incoming call). */
export function callShares(counts: { incoming: number; inTime: number; abandoned: number }): {
  answered_in_time: number | null;
  abandoned_rate: number | null;
} {
  const share = (n: number) => (counts.incoming > 0 ? Math.round((n / counts.incoming) * 1000) / 1000 : null);
  return { answered_in_time: share(counts.inTime), abandoned_rate: share(counts.abandoned) };
}

/** The figures of a list of calls at `now`, by the definitions above (the test's reference for the server's SQL). */
export function callFiguresOf(list: readonly CallFigureInput[], now: number) {
  const incoming = list.filter((c) => isIncomingCall(c, now));
  return {
    incoming: incoming.length,
    ...callShares({
      incoming: incoming.length,
      inTime: incoming.filter(isAnsweredInTime).length,
      abandoned: incoming.filter(isAbandonedByCaller).length,
    }),
  };
}

export const callSchema = z
  .object({
    id: z.number().int(),
    sip_call_id: z.string(),
    direction: z.enum(CALL_DIRECTIONS),
    from_number: z.string(),
    to_number: z.string(),
    operator_id: z.number().int().nullable(),
    operator_name: z.string().nullable(),
    started_at: z.string(),
    answered_at: z.string().nullable(),
    ended_at: z.string().nullable(),
    /** Seconds from arrival to answer (or to the caller hanging up). */
    wait_s: z.number().nullable(),
    talk_s: z.number().nullable(),
    /** Seconds the phone that answered rang (or, unanswered, the last ring round). */
    ring_s: z.number().nullable(),
    outcome: z.enum(CALL_OUTCOMES),
    /** Operators rung in turn before it was answered or given up. */
    rung: z.number().int(),
    booking_id: z.number().int().nullable(),
    /** The operator the call was transferred to (their new call from the same number rings them first). */
    transferred_to: z.number().int().nullable(),
  })
  .meta({ id: 'Call' });

/** An operator a call may be transferred to: online, registered, free. */
export const voiceOperatorSchema = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'VoiceOperator' });
export type VoiceOperator = z.infer<typeof voiceOperatorSchema>;
export type CallDto = z.infer<typeof callSchema>;

const sipCallId = text(255).min(1);

/** The console says it answered, or placed, a call (the SIP server knows neither who nor when). */
export const callAnsweredBodySchema = z.object({ call_id: sipCallId });
export const callEndedBodySchema = z.object({ call_id: sipCallId });
export const callOutgoingBodySchema = z.object({
  call_id: sipCallId,
  to_number: text(32).min(1),
});
export const callBookingBodySchema = z.object({ call_id: sipCallId, booking_id: dbId() });
export const callTransferBodySchema = z.object({ call_id: sipCallId, to_user_id: dbId() });

export const VOICE_UI = texts({
  states: {
    off: 'Voice off',
    registering: 'Connecting the phone…',
    ready: 'Phone ready',
    ringing: 'Incoming call',
    in_call: 'In a call',
    error: 'Phone error',
  },
  notConfigured: 'Voice is off: no SIP server is configured',
  notAllowed: 'Voice is off for your role',
  offline: 'You are offline: calls are not offered to you',
  microphoneRefused: 'The microphone is blocked: allow it in the browser to take calls',
  answer: 'Answer',
  decline: 'Decline',
  hangUp: 'Hang up',
  mute: 'Mute',
  unmute: 'Unmute',
  hold: 'Hold',
  resume: 'Resume',
  transfer: 'Transfer',
  transferTo: 'Transfer to an operator',
  myCalls: 'My calls only',
  noOperators: 'No other operator is free to take it',
  transferFailed: "The caller's phone refused the transfer: the call stays with you",
  call: (number: string) => tr('Call {{number}}', { number }),
  unknownCaller: 'Unknown caller',
  newPassenger: 'New passenger: the number is not known',
  activeWarning: (count: number) => tr('{{count}} active bookings already: check it is not a duplicate', { count }),
  recent: 'Recent bookings',
  calls: 'Calls',
  noCalls: 'No call yet',
  direction: { inbound: 'Inbound', outbound: 'Outbound' },
  outcomes: {
    ringing: 'Ringing',
    answered: 'In progress',
    completed: 'Completed',
    abandoned: 'Abandoned',
    missed: 'Not answered',
    failed: 'Failed',
    transferred: 'Transferred',
  },
  kinds: { passenger: 'Passenger', captain: 'Captain', partner: 'Partner', unknown: 'Unknown' },
  dashboard: {
    waiting: 'Calls waiting',
    inbound: 'Inbound calls today',
    answeredInTime: (seconds: number) => tr('Answered within {{seconds}} s', { seconds }),
    abandoned: 'Abandoned by the caller',
    /** What the two shares count (CALL_FIGURES), under their names. */
    answeredInTimeHelp: (seconds: number) =>
      tr('Share of the incoming calls answered at most {{seconds}} s after they began ringing', { seconds }),
    abandonedHelp: 'Share of the incoming calls the caller hung up before an answer',
  },
  /** Why the phone is in error (the toolbar's tooltip and its panel). */
  errors: {
    credentials: 'The phone could not get its connection details',
    registration: 'The phone server refused the connection',
    connection: 'The connection to the phone server is lost: reconnecting…',
  },
  phone: 'Phone',
  outgoing: 'Outgoing call',
  onHold: 'On hold',
  muted: 'Microphone muted',
  callLog: 'Call log',
  all: 'All',
  number: 'Phone number',
  columns: {
    time: 'Time',
    direction: 'Direction',
    from: 'From',
    to: 'To',
    operator: 'Operator',
    wait: 'Wait',
    ring: 'Ring time',
    talk: 'Talk time',
    outcome: 'Outcome',
    booking: 'Booking',
  },
  bookingRef: (id: number) => tr('Booking #{{id}}', { id }),
});

/**
 * The softphone's keyboard shortcuts as English source texts (the shortcut registry keeps source texts and
 * translates them where it shows them); listed in i18n/sources so the catalogues must translate them.
 */
export const VOICE_SHORTCUT_LABELS = {
  answer: 'Answer the incoming call',
  hangUp: 'Hang up or refuse the call',
} as const;

export const VOICE_MSG = texts({
  noSuchCall: 'This call is not known',
  notYourCall: 'This call is not yours',
  alreadyLogged: 'This call is already logged',
  operatorUnavailable: 'This operator is not free to take a call',
  notInCall: 'Only a call in progress can be transferred',
  badKey: 'The voice key is missing or wrong',
});
