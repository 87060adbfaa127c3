import { z } from 'zod';
import { texts } from './i18n';
import { MSG } from './messages';
import { SMS_CODE_LENGTH } from './sms';
import { dbId, text } from './validation';

/**
 * The captain app's side of the API (/api/captain-app/...): a captain signs in on their phone with an SMS
 * code and works their shift with the session token it gets. Limits and the shared refusal rule live here;
 * the server enforces them and the app shows them.
 */

/** A captain's session lasts this long from sign-in (a phone stays signed in over a working month). */
export const CAPTAIN_TOKEN_TTL_MS = 30 * 24 * 3_600_000;
/** SMS codes asked for one phone number, whatever the address asking, in one window. */
export const CAPTAIN_CODE_MAX_PER_PHONE = 5;
export const CAPTAIN_CODE_PHONE_WINDOW_MS = 15 * 60_000;
/** A position batch holds 1 to this many fixes (the phone batches them while the signal is poor). */
export const CAPTAIN_POSITIONS_MAX = 50;
/**
 * A fix older than this is refused (its item is named in `refused`, the others are reported): the live map and
 * the dispatch engine read positions as where the car is now, and a stale one would mislead both.
 */
export const CAPTAIN_POSITION_MAX_AGE_MS = 5 * 60_000;
/**
 * A fix dated up to this far ahead of the server's clock is the phone's clock running fast: it is clamped to
 * now. Further ahead it is refused.
 */
export const CAPTAIN_POSITION_FUTURE_SKEW_MS = 30_000;
/** A client step id: 8 to 64 characters of letters, digits, `-` and `_` (a UUID fits). */
export const CAPTAIN_STEP_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * Why a captain may not work (sign in, go online, see offers): a kind the app branches on, whatever the language
 * of the message. `blocked`: punished until a date; `unregistered`: the office has not approved them yet;
 * `inactive`: their account is switched off; `no_car`: no car is assigned to them.
 */
export const CAPTAIN_REFUSALS = ['blocked', 'unregistered', 'inactive', 'no_car'] as const;
export type CaptainRefusal = (typeof CAPTAIN_REFUSALS)[number];

/** Why a position of a batch was not reported. */
export const POSITION_REFUSALS = ['too_old', 'in_future', 'out_of_order'] as const;
export type PositionRefusal = (typeof POSITION_REFUSALS)[number];

export const CAPTAIN_APP_MSG = texts({
  codeSent: 'If this number belongs to a captain, a code has been sent to it by SMS.',
  wholePhone: 'Enter your whole phone number.',
  wrongCode: 'The code is not valid. Ask for a new one if it has expired.',
  signedIn: 'Signed in.',
  signedOut: 'Signed out.',
  online: 'You are online.',
  offline: 'You are offline.',
  goOnlineFirst: 'Go online first: positions are taken while you are online.',
  blocked: 'Your account is blocked for now. Please contact the office.',
  unregistered: 'Your account has not been approved yet. Please contact the office.',
  inactive: 'Your account is not active. Please contact the office.',
  noCar: 'No car is assigned to you. Please contact the office.',
  stepIdInvalid: 'The step id must be 8 to 64 letters, digits, - or _.',
  stepIdReused: 'This step id was already used for another action.',
  stepInFlight: 'This step is still being processed. Please wait a moment.',
  offerAnswered: 'Answer sent.',
});

/** The message of each refusal kind (a 403 with `reason`). */
export const CAPTAIN_REFUSAL_TEXT: Record<CaptainRefusal, string> = texts({
  blocked: CAPTAIN_APP_MSG.blocked,
  unregistered: CAPTAIN_APP_MSG.unregistered,
  inactive: CAPTAIN_APP_MSG.inactive,
  no_car: CAPTAIN_APP_MSG.noCar,
});

/** What the refusal rule reads of a captain. */
export interface CaptainWorkFacts {
  registered: boolean;
  active: boolean;
  blocked_until: Date | null;
  has_car: boolean;
}

/**
 * Null when the captain may work now, else the first reason they may not: a punishment first (it has an end),
 * then approval, activity and the car. The dispatch engine refuses the same captains (captainUnavailability).
 */
export function captainWorkRefusal(c: CaptainWorkFacts, now: Date): CaptainRefusal | null {
  if (c.blocked_until && c.blocked_until.getTime() > now.getTime()) return 'blocked';
  if (!c.registered) return 'unregistered';
  if (!c.active) return 'inactive';
  if (!c.has_car) return 'no_car';
  return null;
}

// Requests

const phoneField = text(64, MSG.required).min(1, MSG.required);

export const captainSendCodeBody = z.object({ phone: phoneField }).strict();

export const captainLoginBody = z
  .object({
    phone: phoneField,
    code: z
      .union([z.string(), z.number()], { error: MSG.required })
      .transform((v) => String(v).trim())
      .pipe(z.string().length(SMS_CODE_LENGTH, MSG.invalidLength(SMS_CODE_LENGTH))),
  })
  .strict();

const lon = z.number().min(-180).max(180);
const lat = z.number().min(-90).max(90);

/** One fix: where, which way (degrees from north), how fast (km/h) and when (ISO 8601 or ms since the epoch). */
export const captainPositionSchema = z
  .object({
    lon,
    lat,
    heading: z.number().min(0).max(360).nullish(),
    speed: z.number().min(0).max(400).nullish(),
    at: z.union([z.iso.datetime({ offset: true }), z.number().int().positive()]),
  })
  .strict();

export const captainPositionsBody = z
  .object({ positions: z.array(captainPositionSchema).min(1).max(CAPTAIN_POSITIONS_MAX) })
  .strict();

export const captainOfferAnswerBody = z.object({ accept: z.boolean({ error: MSG.required }) }).strict();

const stepId = z.string({ error: MSG.required }).regex(CAPTAIN_STEP_ID, CAPTAIN_APP_MSG.stepIdInvalid);

export const captainStepBody = z
  .object({
    step_id: stepId,
    lon: lon.optional(),
    lat: lat.optional(),
  })
  .strict()
  .refine((b) => (b.lon === undefined) === (b.lat === undefined), {
    message: MSG.required,
    path: ['lat'],
  });

export const captainCancelBody = z.object({ step_id: stepId, reason_id: dbId(MSG.required) }).strict();

export const captainBookingParams = z.object({ id: dbId(MSG.notFound) });
export const captainOfferParams = z.object({ bookingId: dbId(MSG.notFound) });

export type CaptainPositionInput = z.infer<typeof captainPositionSchema>;
