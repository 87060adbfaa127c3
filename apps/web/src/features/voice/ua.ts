import type { VoiceCredentials } from '@taxi/shared';
import type { UA } from 'jssip';
import type { RTCSessionEvent } from 'jssip/lib/UA';
import { ApiError } from '../../api/client';
import { fetchVoiceCredentials } from './api';
import { canDial } from './machine';
import { AUDIO_ONLY, endAllCalls, onNewSession } from './session';
import { dispatchVoice, getVoice } from './store';
import { dialTarget } from './targets';
import { credentialsRefreshDelay, retryDelay } from './timing';

type Enabled = Extract<VoiceCredentials, { enabled: true }>;

/**
 * The user agent's life: credentials fetched, a JsSIP UA registered with them, fresh credentials (and a new
 * REGISTER) before they expire, unregistered when the user goes offline, stopped on logout. One phone per tab;
 * the shell (VoiceLifecycle) drives it.
 */
let wanted = false;
let online = false;
/** Bumped by every start, stop and offline: an answer for an older one is dropped. */
let generation = 0;
let ua: UA | null = null;
let credentials: Enabled | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
let failures = 0;
/** Offline during a call: the UA stops when the call ends. */
let stopAfterCall = false;

function clearTimer(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
}

function schedule(delay: number, run: () => void): void {
  clearTimer();
  timer = setTimeout(() => {
    timer = null;
    run();
  }, delay);
}

function retryLater(gen: number): void {
  schedule(retryDelay(failures++), () => {
    if (gen === generation) void connect(gen);
  });
}

/**
 * Click-to-call: dials `number` through the SIP server (audio only). False when the phone is not ready or the
 * number has no digit; the session module takes the call from there (and tells the API it was placed).
 */
export function dial(number: string): boolean {
  const domain = credentials?.domain;
  const target = domain ? dialTarget(number, domain) : null;
  if (!ua || !target || !canDial(getVoice())) return false;
  try {
    ua.call(target, { mediaConstraints: AUDIO_ONLY });
    return true;
  } catch {
    return false;
  }
}

/** The inbound queue's SIP URI (where a transferred caller is referred), or null when the phone is off. */
export function queueUri(): string | null {
  return credentials ? `sip:${credentials.queue_number}@${credentials.domain}` : null;
}

/** Starts the phone for a user who may take calls; `isOnline` is their online flag. */
export function startVoice(isOnline: boolean): void {
  hookUnload();
  wanted = true;
  online = isOnline;
  generation++;
  void connect(generation);
}

/** The user's online flag changed: register again, or unregister (a call in progress goes on). */
export function setVoiceOnline(isOnline: boolean): void {
  if (online === isOnline) return;
  online = isOnline;
  if (!wanted) return;
  generation++;
  if (isOnline) void connect(generation);
  else goOffline();
}

/** Logout, or the user may no longer take calls: calls hung up, unregistered, disconnected. */
export function stopVoice(): void {
  wanted = false;
  generation++;
  clearTimer();
  stopAfterCall = false;
  const old = ua;
  ua = null;
  credentials = null;
  failures = 0;
  endAllCalls();
  old?.stop();
  dispatchVoice({ type: 'stopped' });
}

/** After an error: try again now. */
export function retryVoice(): void {
  dispatchVoice({ type: 'cleared' });
  if (!wanted || !online) return;
  failures = 0;
  generation++;
  void connect(generation);
}

let unloadHooked = false;
/**
 * A tab closed or reloaded: hang up and unregister on the way out (a call left to the SIP server's timeouts
 * would ring a tab that is gone).
 */
function hookUnload(): void {
  if (unloadHooked || typeof window === 'undefined') return;
  unloadHooked = true;
  window.addEventListener('pagehide', () => {
    generation++;
    const old = ua;
    ua = null;
    endAllCalls();
    old?.stop();
  });
  // Back from the back-forward cache: the phone starts again.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && wanted) startVoice(online);
  });
}

function goOffline(): void {
  clearTimer();
  dispatchVoice({ type: 'offline' });
  if (!ua) return;
  if (getVoice().call) {
    // Unregistered at once (no new call is offered), the line kept until this call ends.
    ua.unregister();
    stopAfterCall = true;
    return;
  }
  const old = ua;
  ua = null;
  // stop() unregisters first; keeping the UA would register it again on its next reconnection.
  old.stop();
}

/** A call ended: an offline user's UA can go now. */
export function afterCall(): void {
  if (!stopAfterCall || online) return;
  stopAfterCall = false;
  const old = ua;
  ua = null;
  old?.stop();
}

function sameLine(a: Enabled, b: Enabled): boolean {
  return a.ws_url === b.ws_url && a.uri === b.uri;
}

async function connect(gen: number): Promise<void> {
  clearTimer();
  let next: VoiceCredentials;
  try {
    next = await fetchVoiceCredentials();
  } catch (error) {
    if (gen !== generation) return;
    // A server without the voice module (404) has no SIP server for us; anything else is tried again.
    if (error instanceof ApiError && error.status === 404)
      dispatchVoice({ type: 'disabled', reason: 'not_configured' });
    else if (error instanceof ApiError && error.status === 403)
      dispatchVoice({ type: 'disabled', reason: 'not_allowed' });
    else {
      dispatchVoice({ type: 'credentialsFailed' });
      retryLater(gen);
    }
    return;
  }
  if (gen !== generation) return;
  if (!next.enabled) {
    const old = ua;
    ua = null;
    credentials = null;
    old?.stop();
    dispatchVoice({ type: 'disabled', reason: next.reason });
    return;
  }
  if (!online) {
    credentials = next;
    goOffline();
    return;
  }
  const previous = credentials;
  credentials = next;
  if (ua && previous && sameLine(previous, next)) {
    // Fresh credentials on the same line: the next REGISTER (now, and JsSIP's own renewals) carries them.
    ua.set('authorization_user', next.username);
    ua.set('password', next.password);
    ua.set('display_name', next.display_name);
    ua.register();
  } else if (!(ua && getVoice().call)) {
    // A new line (or the first): a new UA. Never under a call in progress; it waits for the next refresh.
    ua?.stop();
    ua = null;
    dispatchVoice({ type: 'starting' });
    try {
      const created = await createUa(next);
      if (gen !== generation) {
        created.stop();
        return;
      }
      ua = created;
      created.start();
    } catch {
      if (gen !== generation) return;
      dispatchVoice({ type: 'registrationFailed' });
      retryLater(gen);
      return;
    }
  }
  schedule(credentialsRefreshDelay(next.expires_at, Date.now()), () => {
    if (gen === generation) void connect(gen);
  });
}

/** JsSIP is loaded with the first phone: users who take no calls never download it. */
async function createUa(c: Enabled): Promise<UA> {
  const mod = await import('jssip');
  const JsSIP = (mod as unknown as { default?: typeof mod }).default ?? mod;
  const socket = new JsSIP.WebSocketInterface(c.ws_url);
  const created = new JsSIP.UA({
    sockets: [socket],
    uri: c.uri,
    authorization_user: c.username,
    password: c.password,
    display_name: c.display_name,
    register: true,
    session_timers: false,
  });
  const mine = () => ua === created;
  created.on('registered', () => {
    if (!mine()) return;
    failures = 0;
    dispatchVoice({ type: 'registered' });
  });
  created.on('unregistered', () => {
    if (mine()) dispatchVoice({ type: 'unregistered' });
  });
  created.on('registrationFailed', () => {
    if (!mine()) return;
    dispatchVoice({ type: 'registrationFailed' });
    // Most often expired or refused credentials: fresh ones, after a pause.
    const gen = generation;
    retryLater(gen);
  });
  created.on('disconnected', () => {
    if (mine()) dispatchVoice({ type: 'disconnected' });
  });
  created.on('newRTCSession', (event: RTCSessionEvent) => {
    if (mine()) onNewSession(event, afterCall);
    // A session reaching a UA already replaced is refused (as busy) rather than left ringing.
    else if (event.originator === 'remote') event.session.terminate({ status_code: 486 });
  });
  return created;
}
