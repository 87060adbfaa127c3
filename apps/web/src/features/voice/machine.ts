import type { VoiceState } from '@taxi/shared';

/**
 * The softphone's state as a pure reducer: the user agent's and the call session's events go in, one
 * snapshot comes out, and the toolbar's state (VOICE_STATES) is read from it. No JsSIP here: the UA and
 * session modules translate their events into these.
 */

/** Why the phone is off: the server said so, the user went offline, or nothing started it (signed out). */
export type OffReason = 'not_configured' | 'not_allowed' | 'offline' | 'stopped';
/** Why the phone is in error: the credentials could not be had, the SIP server refused or dropped us, or the
 * browser refused the microphone. */
export type ErrorReason = 'credentials' | 'registration' | 'connection' | 'microphone';
export type VoiceReason = OffReason | ErrorReason;

export type CallDirection = 'inbound' | 'outbound';

/** The call on the line (one at a time: a second inbound call is refused as busy). */
export interface CallView {
  /** The SIP Call-ID (what the API knows the call by). */
  readonly callId: string;
  readonly direction: CallDirection;
  /** The other party: the caller's number (the INVITE's From user) or the number dialled. */
  readonly number: string;
  /** Answered (inbound) or picked up by the other side (outbound). */
  readonly established: boolean;
  readonly muted: boolean;
  readonly held: boolean;
  /** When it was established (ms since the epoch), for the talk time shown. */
  readonly since: number | null;
}

export interface VoiceSnapshot {
  /** The UA runs (credentials fetched, started): false while off. */
  readonly started: boolean;
  readonly registered: boolean;
  readonly reason: VoiceReason | null;
  readonly call: CallView | null;
}

export type VoiceEvent =
  | { type: 'disabled'; reason: 'not_configured' | 'not_allowed' }
  | { type: 'offline' }
  | { type: 'stopped' }
  | { type: 'starting' }
  | { type: 'credentialsFailed' }
  | { type: 'registered' }
  | { type: 'unregistered' }
  | { type: 'registrationFailed' }
  | { type: 'disconnected' }
  | { type: 'incoming'; callId: string; number: string }
  | { type: 'outgoing'; callId: string; number: string }
  | { type: 'established'; at: number }
  | { type: 'muted'; muted: boolean }
  | { type: 'held'; held: boolean }
  | { type: 'ended'; callId: string; microphoneRefused?: boolean }
  /** The user dismissed an error (retry): back to what the registration says. */
  | { type: 'cleared' };

export const INITIAL_VOICE: VoiceSnapshot = { started: false, registered: false, reason: 'stopped', call: null };

const ERRORS: ReadonlySet<VoiceReason> = new Set<ErrorReason>([
  'credentials',
  'registration',
  'connection',
  'microphone',
]);

export function isErrorReason(reason: VoiceReason | null): reason is ErrorReason {
  return reason !== null && ERRORS.has(reason);
}

/** The toolbar's state: a call first (it goes on whatever the registration does), then errors, then the rest. */
export function voiceStateOf(s: VoiceSnapshot): VoiceState {
  if (s.call) return s.call.direction === 'inbound' && !s.call.established ? 'ringing' : 'in_call';
  if (isErrorReason(s.reason)) return 'error';
  if (!s.started) return 'off';
  return s.registered ? 'ready' : 'registering';
}

/** May a number be dialled now? Registered, nothing on the line, no error. */
export function canDial(s: VoiceSnapshot): boolean {
  return voiceStateOf(s) === 'ready';
}

function withCall(s: VoiceSnapshot, patch: Partial<CallView>): VoiceSnapshot {
  return s.call ? { ...s, call: { ...s.call, ...patch } } : s;
}

export function reduceVoice(s: VoiceSnapshot, e: VoiceEvent): VoiceSnapshot {
  switch (e.type) {
    case 'disabled':
      return { started: false, registered: false, reason: e.reason, call: null };
    case 'offline':
      // Unregistered: no new call is offered, but a call in progress goes on.
      return { ...s, started: false, registered: false, reason: 'offline' };
    case 'stopped':
      return INITIAL_VOICE;
    case 'starting':
      return { ...s, started: true, registered: false, reason: null };
    case 'credentialsFailed':
      return { ...s, registered: false, reason: 'credentials' };
    case 'registered':
      // A refused microphone stays said until the next call; a registration or connection error is over.
      return { ...s, started: true, registered: true, reason: s.reason === 'microphone' ? s.reason : null };
    case 'unregistered':
      return { ...s, registered: false };
    case 'registrationFailed':
      return { ...s, registered: false, reason: 'registration' };
    case 'disconnected':
      // JsSIP reconnects by itself (and registers again): until then, say the connection is lost.
      return s.started ? { ...s, registered: false, reason: 'connection' } : s;
    case 'incoming':
    case 'outgoing':
      if (s.call) return s; // busy: the session module refuses the second call
      return {
        ...s,
        reason: s.reason === 'microphone' ? null : s.reason,
        call: {
          callId: e.callId,
          direction: e.type === 'incoming' ? 'inbound' : 'outbound',
          number: e.number,
          established: false,
          muted: false,
          held: false,
          since: null,
        },
      };
    case 'established':
      return s.call?.established ? s : withCall(s, { established: true, since: e.at });
    case 'muted':
      return withCall(s, { muted: e.muted });
    case 'held':
      return withCall(s, { held: e.held });
    case 'ended':
      if (s.call?.callId !== e.callId) return s;
      return { ...s, call: null, reason: e.microphoneRefused ? 'microphone' : s.reason };
    case 'cleared':
      return isErrorReason(s.reason) ? { ...s, reason: null } : s;
  }
}
