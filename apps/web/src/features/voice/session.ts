import { VOICE_UI } from '@taxi/shared';
import type { RTCSession } from 'jssip/lib/RTCSession';
import type { RTCSessionEvent } from 'jssip/lib/UA';
import { errorMessage } from '../../api/client';
import { toast } from '../../api/toast';
import { reportCall, reportOutgoingCall, reportTransfer } from './api';
import type { CallView } from './machine';
import { startRinging, stopRinging } from './ringer';
import { dispatchVoice, getVoice } from './store';
import { callerNumber } from './targets';

/**
 * The call on the line: a JsSIP session's events become the store's, the operator's buttons become the
 * session's methods, the remote voice plays through the shell's <audio> element, and the API is told what
 * this console did (answered, placed, ended). One call at a time: a second one is refused as busy.
 */

/** Audio only, both ways. */
export const AUDIO_ONLY = { audio: true, video: false } as const;

/** JsSIP's cause when getUserMedia was refused (JsSIP.C.causes.USER_DENIED_MEDIA_ACCESS). */
const MEDIA_REFUSED = 'User Denied Media Access';
/**
 * Refusing a ringing call: 486 Busy Here, a 4xx, so that a SIP server ringing every operator at once goes on
 * ringing the others (a 6xx such as 603 Decline would end the call everywhere).
 */
const BUSY = { status_code: 486, reason_phrase: 'Busy Here' } as const;

let session: RTCSession | null = null;
let audio: HTMLAudioElement | null = null;
let remote: MediaStream | null = null;

/** The shell's <audio autoplay> element (null when it unmounts). */
export function setRemoteAudio(element: HTMLAudioElement | null): void {
  audio = element;
  if (element) play(element, remote);
}

function play(element: HTMLAudioElement, stream: MediaStream | null): void {
  if (element.srcObject === stream) return;
  element.srcObject = stream;
  if (stream) void element.play().catch(() => undefined);
}

function attachRemote(pc: RTCPeerConnection): void {
  pc.addEventListener('track', (event) => {
    remote = event.streams[0] ?? new MediaStream([event.track]);
    if (audio) play(audio, remote);
  });
}

/** The SIP Call-ID of a session's first request (not JsSIP's session id, which adds the From tag). */
function sipCallId(event: RTCSessionEvent): string {
  const request = event.request as unknown as { call_id?: string; getHeader?: (name: string) => string };
  return request.call_id ?? request.getHeader?.('Call-ID') ?? event.session.id;
}

function isMicrophoneRefusal(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError';
}

/** A new session on the UA (an INVITE arrived, or ua.call placed one). `afterCall` runs once it is over. */
export function onNewSession(event: RTCSessionEvent, afterCall: () => void): void {
  const s = event.session;
  const inbound = event.originator === 'remote';
  if (session || getVoice().call) {
    if (inbound) s.terminate(BUSY);
    return;
  }
  const callId = sipCallId(event);
  const number = inbound ? callerNumber(s.remote_identity?.uri?.user) : callerNumber(event.request.ruri?.user);
  session = s;
  // Ours to report from the start when placed here; an inbound call once answered here.
  let reported = !inbound;
  let microphoneRefused = false;
  dispatchVoice(inbound ? { type: 'incoming', callId, number } : { type: 'outgoing', callId, number });
  if (inbound) startRinging();
  else reportOutgoingCall(callId, number);

  s.on('peerconnection', ({ peerconnection }) => attachRemote(peerconnection));
  if (s.connection) attachRemote(s.connection);
  s.on('accepted', () => {
    stopRinging();
    if (inbound && !reported) {
      reported = true;
      reportCall('callAnswered', callId);
    }
    dispatchVoice({ type: 'established', at: Date.now() });
  });
  s.on('confirmed', () => dispatchVoice({ type: 'established', at: Date.now() }));
  s.on('muted', () => dispatchVoice({ type: 'muted', muted: true }));
  s.on('unmuted', () => dispatchVoice({ type: 'muted', muted: false }));
  s.on('hold', () => dispatchVoice({ type: 'held', held: s.isOnHold().local }));
  s.on('unhold', () => dispatchVoice({ type: 'held', held: s.isOnHold().local }));
  s.on('getusermediafailed', (error) => {
    microphoneRefused ||= isMicrophoneRefusal(error);
  });
  const over = (cause: string | undefined) => {
    if (session !== s) return;
    session = null;
    remote = null;
    stopRinging();
    if (audio) play(audio, null);
    const refused = microphoneRefused || cause === MEDIA_REFUSED;
    if (refused) toast.error(VOICE_UI.microphoneRefused);
    if (reported) reportCall('callEnded', callId);
    dispatchVoice({ type: 'ended', callId, microphoneRefused: refused });
    afterCall();
  };
  s.on('ended', (e) => over(e.cause));
  s.on('failed', (e) => over(e.cause));
}

function current(): { s: RTCSession; call: CallView } | null {
  const call = getVoice().call;
  return session && call ? { s: session, call } : null;
}

/**
 * Answers the ringing call (microphone only). Resolves with the call once it is accepted, or null when there
 * was nothing to answer or it failed (the microphone refused: said by the session's end).
 */
export function answerCall(): Promise<CallView | null> {
  const on = current();
  if (on?.call.direction !== 'inbound' || on.call.established) return Promise.resolve(null);
  const { s, call } = on;
  stopRinging();
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: CallView | null) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    s.on('accepted', () => settle(getVoice().call ?? call));
    s.on('failed', () => settle(null));
    s.on('ended', () => settle(null));
    try {
      s.answer({ mediaConstraints: AUDIO_ONLY });
    } catch {
      settle(null);
    }
  });
}

/** Refuses the ringing call here (busy: the other operators go on ringing). */
export function declineCall(): void {
  const on = current();
  if (!on || on.call.established || on.call.direction !== 'inbound') return;
  safely(() => on.s.terminate(BUSY));
}

/** Hangs up (or cancels a call being placed); the API hears of it from the session's end. */
export function hangUp(): void {
  const on = current();
  if (on) safely(() => on.s.terminate());
}

export function setMuted(muted: boolean): void {
  const on = current();
  if (!on?.call.established) return;
  safely(() => (muted ? on.s.mute({ audio: true }) : on.s.unmute({ audio: true })));
}

export function setHeld(held: boolean): void {
  const on = current();
  if (!on?.call.established) return;
  safely(() => (held ? on.s.hold() : on.s.unhold()));
}

/**
 * Hands the call to a colleague: the API notes who, then the caller's phone is asked (SIP REFER) to call the
 * queue again, which rings that colleague first; once the caller's phone accepts, this side hangs up.
 * Resolves true when the caller's phone accepted.
 */
export async function transferCall(toUserId: number, queue: string): Promise<boolean> {
  const on = current();
  if (!on?.call.established) return false;
  try {
    await reportTransfer(on.call.callId, toUserId);
  } catch (error) {
    toast.error(errorMessage(error));
    return false;
  }
  return new Promise((resolve) => {
    try {
      on.s.refer(queue, {
        eventHandlers: {
          requestSucceeded: () => {
            safely(() => on.s.terminate());
            resolve(true);
          },
          requestFailed: () => {
            toast.error(VOICE_UI.transferFailed);
            resolve(false);
          },
        },
      });
    } catch {
      toast.error(VOICE_UI.transferFailed);
      resolve(false);
    }
  });
}

/** Logout or the phone stopped: whatever is on the line ends. */
export function endAllCalls(): void {
  const s = session;
  if (s && !s.isEnded()) safely(() => s.terminate());
}

/** JsSIP throws on a method the session's state does not allow (a race with the other side): nothing to do. */
function safely(run: () => void): void {
  try {
    run();
  } catch {
    // The session ended or moved on meanwhile; its own events say what happened.
  }
}
