import { describe, expect, it } from 'vitest';
import {
  canDial,
  INITIAL_VOICE,
  reduceVoice,
  type VoiceEvent,
  type VoiceSnapshot,
  voiceStateOf,
} from '../src/features/voice/machine';

const run = (...events: VoiceEvent[]): VoiceSnapshot => events.reduce(reduceVoice, INITIAL_VOICE);
const state = (...events: VoiceEvent[]) => voiceStateOf(run(...events));

const ready: VoiceEvent[] = [{ type: 'starting' }, { type: 'registered' }];
const incoming: VoiceEvent = { type: 'incoming', callId: 'abc@host', number: '+21622333444' };

describe('softphone state machine: the user agent', () => {
  it('is off before anything starts it, and off with the reason the server gives', () => {
    expect(state()).toBe('off');
    expect(run({ type: 'disabled', reason: 'not_configured' })).toMatchObject({ reason: 'not_configured' });
    expect(state({ type: 'disabled', reason: 'not_allowed' })).toBe('off');
  });

  it('registers, then is ready', () => {
    expect(state({ type: 'starting' })).toBe('registering');
    expect(state(...ready)).toBe('ready');
    expect(canDial(run(...ready))).toBe(true);
  });

  it('says a refused registration, a lost connection and failed credentials as errors, until registered again', () => {
    expect(state(...ready, { type: 'registrationFailed' })).toBe('error');
    expect(run(...ready, { type: 'registrationFailed' }).reason).toBe('registration');
    expect(state(...ready, { type: 'disconnected' })).toBe('error');
    expect(run(...ready, { type: 'disconnected' }).reason).toBe('connection');
    expect(state({ type: 'starting' }, { type: 'credentialsFailed' })).toBe('error');
    expect(state(...ready, { type: 'disconnected' }, { type: 'registered' })).toBe('ready');
    expect(state(...ready, { type: 'registrationFailed' }, { type: 'cleared' })).toBe('registering');
  });

  it('ignores the disconnection of a stopped phone (the old UA going away)', () => {
    expect(state(...ready, { type: 'stopped' }, { type: 'disconnected' })).toBe('off');
    expect(run(...ready, { type: 'offline' }, { type: 'disconnected' }).reason).toBe('offline');
  });

  it('goes off when the user goes offline, and off again on logout', () => {
    expect(state(...ready, { type: 'offline' })).toBe('off');
    expect(run(...ready, { type: 'offline' }).reason).toBe('offline');
    expect(run(...ready, { type: 'stopped' })).toEqual(INITIAL_VOICE);
  });
});

describe('softphone state machine: calls', () => {
  it('rings for an incoming call, is in a call once answered, ready again when it ends', () => {
    expect(state(...ready, incoming)).toBe('ringing');
    expect(canDial(run(...ready, incoming))).toBe(false);
    const answered = run(...ready, incoming, { type: 'established', at: 1000 });
    expect(voiceStateOf(answered)).toBe('in_call');
    expect(answered.call).toMatchObject({ callId: 'abc@host', number: '+21622333444', since: 1000 });
    expect(state(...ready, incoming, { type: 'established', at: 1 }, { type: 'ended', callId: 'abc@host' })).toBe(
      'ready',
    );
  });

  it('keeps the first established time (accepted, then confirmed)', () => {
    const s = run(...ready, incoming, { type: 'established', at: 1000 }, { type: 'established', at: 2000 });
    expect(s.call?.since).toBe(1000);
  });

  it('is in a call while placing one', () => {
    expect(state(...ready, { type: 'outgoing', callId: 'x', number: '123' })).toBe('in_call');
  });

  it('keeps the first call when a second arrives, and ignores the end of a call not on the line', () => {
    const s = run(...ready, incoming, { type: 'incoming', callId: 'other', number: '1' });
    expect(s.call?.callId).toBe('abc@host');
    expect(reduceVoice(s, { type: 'ended', callId: 'other' })).toBe(s);
  });

  it('follows mute and hold', () => {
    const s = run(...ready, incoming, { type: 'established', at: 1 }, { type: 'muted', muted: true });
    expect(s.call?.muted).toBe(true);
    expect(reduceVoice(s, { type: 'held', held: true }).call?.held).toBe(true);
    expect(reduceVoice(INITIAL_VOICE, { type: 'muted', muted: true })).toBe(INITIAL_VOICE);
  });

  it('says a refused microphone as an error until the next call', () => {
    const refused = run(...ready, incoming, { type: 'ended', callId: 'abc@host', microphoneRefused: true });
    expect(voiceStateOf(refused)).toBe('error');
    expect(refused.reason).toBe('microphone');
    // Registering again does not hide it; the next call does.
    expect(voiceStateOf(reduceVoice(refused, { type: 'registered' }))).toBe('error');
    expect(voiceStateOf(reduceVoice(refused, incoming))).toBe('ringing');
    expect(voiceStateOf(reduceVoice(reduceVoice(refused, incoming), { type: 'ended', callId: 'abc@host' }))).toBe(
      'ready',
    );
  });

  it('keeps a call going while the user goes offline or the connection drops', () => {
    const inCall: VoiceEvent[] = [...ready, incoming, { type: 'established', at: 1 }];
    expect(state(...inCall, { type: 'offline' })).toBe('in_call');
    expect(state(...inCall, { type: 'disconnected' })).toBe('in_call');
    expect(state(...inCall, { type: 'offline' }, { type: 'ended', callId: 'abc@host' })).toBe('off');
  });
});
