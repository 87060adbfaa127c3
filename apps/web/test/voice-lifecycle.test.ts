import { VOICE_UI } from '@taxi/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The softphone's UA lifecycle and call session against a JsSIP stand-in: which store state each UA and
 * session event leads to, what the API is told, and when the credentials are fetched again. The real SIP
 * exchange is the browser test's (against Kamailio).
 */

type Handler = (event?: unknown) => void;

class Emitter {
  private handlers = new Map<string, Handler[]>();
  on(type: string, handler: Handler) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
    return this;
  }
  emit(type: string, event?: unknown) {
    for (const handler of this.handlers.get(type) ?? []) handler(event);
  }
}

class FakeSession extends Emitter {
  answered: unknown[] = [];
  terminated: unknown[] = [];
  ended = false;
  connection = null;
  id = 'session-id-with-tag';
  constructor(readonly remote_identity: { uri: { user: string } }) {
    super();
  }
  answer(options: unknown) {
    this.answered.push(options);
  }
  terminate(options?: { status_code?: number }) {
    this.terminated.push(options);
    this.ended = true;
    this.emit('ended', { originator: 'local', cause: 'Terminated' });
  }
  isEnded() {
    return this.ended;
  }
  isOnHold() {
    return { local: false, remote: false };
  }
}

const uas: FakeUA[] = [];
class FakeUA extends Emitter {
  started = 0;
  stopped = 0;
  registered = 0;
  unregistered = 0;
  settings: Record<string, unknown> = {};
  calls: { target: string; options: unknown; session: FakeSession }[] = [];
  constructor(readonly config: Record<string, unknown>) {
    super();
    uas.push(this);
  }
  start() {
    this.started++;
  }
  stop() {
    this.stopped++;
  }
  register() {
    this.registered++;
  }
  unregister() {
    this.unregistered++;
  }
  set(key: string, value: unknown) {
    this.settings[key] = value;
    return true;
  }
  call(target: string, options: unknown) {
    const session = new FakeSession({ uri: { user: 'op1s2' } });
    this.calls.push({ target, options, session });
    this.emit('newRTCSession', {
      originator: 'local',
      session,
      request: { call_id: 'out-1', ruri: { user: target.slice(4).split('@')[0] } },
    });
    return session;
  }
}

vi.mock('jssip', () => {
  class WebSocketInterface {
    constructor(readonly url: string) {}
  }
  return { default: { UA: FakeUA, WebSocketInterface }, UA: FakeUA, WebSocketInterface };
});
vi.mock('../src/api/client', () => ({
  ApiError: class ApiError extends Error {
    constructor(
      message: string,
      readonly status: number,
    ) {
      super(message);
    }
  },
}));
vi.mock('../src/api/toast', () => ({ toast: { error: vi.fn() } }));
vi.mock('../src/features/voice/api', () => ({
  fetchVoiceCredentials: vi.fn(),
  reportCall: vi.fn(),
  reportOutgoingCall: vi.fn(),
}));

const { ApiError } = await import('../src/api/client');
const { toast } = await import('../src/api/toast');
const api = await import('../src/features/voice/api');
const { dial, retryVoice, setVoiceOnline, startVoice, stopVoice } = await import('../src/features/voice/ua');
const { answerCall, declineCall, hangUp } = await import('../src/features/voice/session');
const { getVoice } = await import('../src/features/voice/store');
const { voiceStateOf } = await import('../src/features/voice/machine');

const fetchCredentials = vi.mocked(api.fetchVoiceCredentials);
const state = () => voiceStateOf(getVoice());
const lastUa = () => uas[uas.length - 1];

function credentials(expiresInMs = 3_600_000, username = '1764180000:op7s42') {
  return {
    enabled: true as const,
    ws_url: 'ws://127.0.0.1:8088',
    domain: 'sip.test',
    uri: 'sip:op7s42@sip.test',
    username,
    password: 'secret',
    display_name: 'Call Centre',
    expires_at: new Date(Date.now() + expiresInMs).toISOString(),
    queue_number: '1000',
  };
}

/** Lets the credentials fetch and JsSIP's (mocked) dynamic import settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

async function readyPhone() {
  fetchCredentials.mockResolvedValueOnce(credentials());
  startVoice(true);
  await settle();
  lastUa().emit('registered');
  return lastUa();
}

function ring(ua: FakeUA, callId = 'in-1', from = '+21622333444') {
  const session = new FakeSession({ uri: { user: from } });
  ua.emit('newRTCSession', { originator: 'remote', session, request: { call_id: callId } });
  return session;
}

beforeEach(() => {
  vi.useFakeTimers();
  uas.length = 0;
  vi.clearAllMocks();
});
afterEach(() => {
  stopVoice();
  vi.useRealTimers();
});

describe('the user agent', () => {
  it('registers with the credentials of the session: authorisation user, password, no session timers', async () => {
    fetchCredentials.mockResolvedValueOnce(credentials());
    startVoice(true);
    await settle();
    const ua = lastUa();
    expect(ua.config).toMatchObject({
      uri: 'sip:op7s42@sip.test',
      authorization_user: '1764180000:op7s42',
      password: 'secret',
      display_name: 'Call Centre',
      register: true,
      session_timers: false,
    });
    expect((ua.config.sockets as { url: string }[])[0].url).toBe('ws://127.0.0.1:8088');
    expect(ua.started).toBe(1);
    expect(state()).toBe('registering');
    ua.emit('registered');
    expect(state()).toBe('ready');
  });

  it('fetches fresh credentials a minute before they expire and registers again on the same UA', async () => {
    fetchCredentials.mockResolvedValueOnce(credentials(10 * 60_000));
    startVoice(true);
    await settle();
    const ua = lastUa();
    ua.emit('registered');
    fetchCredentials.mockResolvedValueOnce(credentials(10 * 60_000, '1764180600:op7s42'));
    await vi.advanceTimersByTimeAsync(9 * 60_000 - 1);
    expect(fetchCredentials).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchCredentials).toHaveBeenCalledTimes(2);
    expect(ua.settings).toMatchObject({ authorization_user: '1764180600:op7s42', password: 'secret' });
    expect(ua.registered).toBe(1);
    expect(uas).toHaveLength(1);
    expect(state()).toBe('ready');
  });

  it('is off with the reason when the server gives no phone, or has no voice module (404)', async () => {
    fetchCredentials.mockResolvedValueOnce({ enabled: false, reason: 'not_allowed' });
    startVoice(true);
    await settle();
    expect(uas).toHaveLength(0);
    expect(getVoice()).toMatchObject({ reason: 'not_allowed' });
    expect(state()).toBe('off');

    fetchCredentials.mockRejectedValueOnce(new ApiError('Not Found', 404));
    startVoice(true);
    await settle();
    expect(getVoice().reason).toBe('not_configured');
  });

  it('says an error when the credentials cannot be had, and tries again', async () => {
    fetchCredentials.mockRejectedValueOnce(new ApiError('Network error', 0));
    startVoice(true);
    await settle();
    expect(state()).toBe('error');
    fetchCredentials.mockResolvedValueOnce(credentials());
    await vi.advanceTimersByTimeAsync(5_000);
    expect(uas).toHaveLength(1);
    lastUa().emit('registered');
    expect(state()).toBe('ready');
  });

  it('retries a refused registration with fresh credentials', async () => {
    const ua = await readyPhone();
    ua.emit('registrationFailed', { cause: 'Authentication Error' });
    expect(state()).toBe('error');
    fetchCredentials.mockResolvedValueOnce(credentials(3_600_000, '1764190000:op7s42'));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(ua.settings.authorization_user).toBe('1764190000:op7s42');
    expect(ua.registered).toBe(1);
    ua.emit('registered');
    expect(state()).toBe('ready');
  });

  it('unregisters (stops the UA) when the user goes offline, and registers anew when back', async () => {
    const ua = await readyPhone();
    setVoiceOnline(false);
    expect(ua.stopped).toBe(1);
    expect(state()).toBe('off');
    expect(getVoice().reason).toBe('offline');
    fetchCredentials.mockResolvedValueOnce(credentials());
    setVoiceOnline(true);
    await settle();
    expect(uas).toHaveLength(2);
    lastUa().emit('registered');
    expect(state()).toBe('ready');
  });

  it('stops on logout: UA stopped, state off, its late events ignored', async () => {
    const ua = await readyPhone();
    stopVoice();
    expect(ua.stopped).toBe(1);
    ua.emit('registered');
    expect(state()).toBe('off');
  });

  it('retries at once when asked after an error', async () => {
    fetchCredentials.mockRejectedValueOnce(new ApiError('Server error', 500));
    startVoice(true);
    await settle();
    fetchCredentials.mockResolvedValueOnce(credentials());
    retryVoice();
    await settle();
    expect(uas).toHaveLength(1);
  });
});

describe('a call', () => {
  it('rings, is answered with the microphone only, told to the API, and ended by a hang-up', async () => {
    const ua = await readyPhone();
    const session = ring(ua);
    expect(state()).toBe('ringing');
    expect(getVoice().call).toMatchObject({ callId: 'in-1', number: '+21622333444', direction: 'inbound' });

    const answered = answerCall();
    expect(session.answered).toEqual([{ mediaConstraints: { audio: true, video: false } }]);
    session.emit('accepted');
    await expect(answered).resolves.toMatchObject({ callId: 'in-1', established: true });
    expect(api.reportCall).toHaveBeenCalledWith('callAnswered', 'in-1');
    expect(state()).toBe('in_call');

    session.emit('muted');
    expect(getVoice().call?.muted).toBe(true);

    hangUp();
    expect(session.terminated).toEqual([undefined]);
    expect(api.reportCall).toHaveBeenLastCalledWith('callEnded', 'in-1');
    expect(state()).toBe('ready');
  });

  it('tells the API when the caller hangs up', async () => {
    const ua = await readyPhone();
    const session = ring(ua);
    void answerCall();
    session.emit('accepted');
    session.emit('ended', { originator: 'remote', cause: 'Terminated' });
    expect(api.reportCall).toHaveBeenLastCalledWith('callEnded', 'in-1');
    expect(state()).toBe('ready');
  });

  it('declines as busy (486: the other operators go on ringing), and reports nothing', async () => {
    const ua = await readyPhone();
    const session = ring(ua);
    declineCall();
    expect(session.terminated).toEqual([{ status_code: 486, reason_phrase: 'Busy Here' }]);
    expect(api.reportCall).not.toHaveBeenCalled();
    expect(state()).toBe('ready');
  });

  it('refuses a second call as busy while one is on the line', async () => {
    const ua = await readyPhone();
    ring(ua);
    const second = ring(ua, 'in-2', '+21611111111');
    expect(second.terminated).toEqual([{ status_code: 486, reason_phrase: 'Busy Here' }]);
    expect(getVoice().call?.callId).toBe('in-1');
  });

  it('says a refused microphone (toast and error state)', async () => {
    const ua = await readyPhone();
    const session = ring(ua);
    const answered = answerCall();
    session.emit('getusermediafailed', Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    session.emit('failed', { originator: 'local', cause: 'User Denied Media Access' });
    await expect(answered).resolves.toBeNull();
    expect(toast.error).toHaveBeenCalledWith(VOICE_UI.microphoneRefused);
    expect(state()).toBe('error');
    expect(getVoice().reason).toBe('microphone');
  });

  it('dials a number from the phone (click-to-call) and tells the API', async () => {
    const ua = await readyPhone();
    expect(dial('+216 22 333 444')).toBe(true);
    expect(ua.calls[0].target).toBe('sip:+21622333444@sip.test');
    expect(ua.calls[0].options).toEqual({ mediaConstraints: { audio: true, video: false } });
    expect(api.reportOutgoingCall).toHaveBeenCalledWith('out-1', '+21622333444');
    expect(state()).toBe('in_call');
    expect(dial('+216 99')).toBe(false); // busy
  });

  it('dials nothing while the phone is not ready', async () => {
    fetchCredentials.mockResolvedValueOnce(credentials());
    startVoice(true);
    await settle();
    expect(dial('+21622333444')).toBe(false);
    expect(lastUa().calls).toHaveLength(0);
  });
});
