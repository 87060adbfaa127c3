import { createHmac } from 'node:crypto';
import { tmpdir } from 'node:os';
import { type CallDto, type CallerLookup, callFiguresOf, type DashboardDto, type VoiceCredentials } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { calls, passengers } from '../src/db/schema';
import { cityDayStart } from '../src/modules/reports/facts';
import { kamailioArgs, rtpengineArgs } from '../src/modules/voice/kamailio-args';
import { nextOperators, parseTried } from '../src/modules/voice/queue';
import { apiCaller, loginAll, testAppForFile } from './helpers';

/**
 * The voice connection's API without a SIP server: the credentials, the queue's decisions as the SIP server
 * would ask for them (with the voice key), the call log, the caller lookup and the dashboard's call figures.
 * (voice-sip.test.ts drives the same through a real Kamailio.)
 */
const t = testAppForFile({
  env: { VOICE_WS_URL: 'ws://127.0.0.1:1', VOICE_RING_STRATEGY: 'ring_all', VOICE_QUEUE_NUMBER: '777' },
});
const off = testAppForFile();
const call = apiCaller(() => t.app);
let admin: string;
let callcenter: string;
let supervisor: string;
let airport: string;

const sip = (path: string, key = t.app.voiceKeys.api) =>
  t.app.inject({ method: 'GET', url: `/api/voice/sip/${path}`, headers: { 'x-voice-key': key } });
const credentials = async (token: string) => {
  const res = await call('GET', 'voice/credentials', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as VoiceCredentials;
};
const sipUserOf = (c: VoiceCredentials) => (c.enabled ? c.uri.slice(4).split('@')[0] : '');

beforeAll(async () => {
  [admin, callcenter, supervisor, airport] = await loginAll(
    t.app,
    'admin@example.com',
    'callcenter@example.com',
    'supervisor@example.com',
    'airport@example.com',
  );
});

describe('the softphone credentials', () => {
  it('are signed for this session with the shared key, as auth_ephemeral checks them', async () => {
    const c = await credentials(callcenter);
    if (!c.enabled) throw new Error('voice is on here');
    expect(c.uri).toMatch(/^sip:op\d+s\d+@voice\.taxi\.local$/);
    const [expiry, user] = c.username.split(':');
    expect(`sip:${user}@voice.taxi.local`).toBe(c.uri);
    expect(Number(expiry) * 1000).toBeGreaterThan(Date.now() + 3000_000);
    expect(c.password).toBe(createHmac('sha1', t.app.voiceKeys.sip).update(c.username).digest('base64'));
    expect(c.queue_number).toBe('777');
    // Another session of the same user gets another SIP user.
    const [again] = await loginAll(t.app, 'callcenter@example.com');
    expect(sipUserOf(await credentials(again))).not.toBe(user);
  });

  it('say voice is off without a SIP server, and are refused to the airport desk', async () => {
    const [token] = await loginAll(off.app, 'callcenter@example.com');
    const res = await apiCaller(() => off.app)('GET', 'voice/credentials', token);
    expect(res.json().data).toEqual({ enabled: false, reason: 'not_configured' });
    expect((await call('GET', 'voice/credentials', airport)).statusCode).toBe(403);
  });
});

describe('the queue, as the SIP server asks', () => {
  it('refuses a wrong key', async () => {
    expect((await sip('next?call=a&from=1', 'wrong')).statusCode).toBe(401);
  });

  it('rings every registered, online, idle operator (ring all), and logs the call', async () => {
    const ops = [await credentials(admin), await credentials(supervisor)].map(sipUserOf);
    // Registered but offline: not rung.
    for (const token of [admin, supervisor]) await call('PUT', 'online', token, { online: false });
    for (const u of ops) expect((await sip(`registration?user=${u}&expires=600`)).statusCode).toBe(200);
    expect((await sip('next?call=c1&from=%2B33611111111')).statusCode).toBe(204);
    for (const token of [admin, supervisor]) await call('PUT', 'online', token, { online: true });
    const res = await sip('next?call=c2&from=%2B33611111111');
    expect(res.statusCode).toBe(200);
    expect(res.body.split(',').sort()).toEqual([...ops].sort());
    const [logged] = (await call('GET', 'calls?number=%2B33611111111', admin)).json().data.data as CallDto[];
    expect(logged).toMatchObject({ sip_call_id: 'c2', outcome: 'ringing', to_number: '777', rung: 2 });
    // The log's number filter reads the number in any form an operator types it, as the other phone searches.
    for (const typed of ['06 11 11 11 11', '0611111111', '611111111', '+33 6 11 11 11 11', '1111 11']) {
      const found = (await call('GET', `calls?number=${encodeURIComponent(typed)}`, admin)).json().data
        .data as CallDto[];
      expect(found.map((c) => c.sip_call_id).sort(), typed).toEqual(['c1', 'c2']);
    }
    expect((await call('GET', 'calls?number=0622222222', admin)).json().data.data).toEqual([]);
    expect((await call('GET', 'calls?number=06%2011', admin)).statusCode).toBe(422);
    // The first call found nobody: missed.
    const [missed] = await t.db.select().from(calls).where(eq(calls.sipCallId, 'c1'));
    expect(missed.outcome).toBe('missed');
    // One answers; the other is no longer rung while… the first is in the call.
    expect((await call('POST', 'voice/calls/answered', admin, { call_id: 'c2' })).statusCode).toBe(200);
    const next = await sip('next?call=c3&from=1234');
    expect(next.body).toBe(ops[1]);
    // An unregistration takes the operator out.
    expect((await sip(`registration?user=${ops[1]}&expires=0`)).statusCode).toBe(200);
    expect((await sip('next?call=c4&from=1234')).statusCode).toBe(204);
  });

  it('frees the operator of a decision the SIP server gave up on, whichever of the two it reads first', async () => {
    const op = sipUserOf(await credentials(callcenter));
    expect((await call('PUT', 'online', callcenter, { online: true })).statusCode).toBe(200);
    expect((await sip(`registration?user=${op}&expires=600`)).statusCode).toBe(200);
    const outcome = async (id: string) => (await t.db.select().from(calls).where(eq(calls.sipCallId, id)))[0];

    // The answer reached the SIP server too late: the call is logged as ringing on the operator, who is held…
    expect((await sip('next?call=g1&from=555')).body).toBe(op);
    expect((await sip('next?call=g2&from=556')).statusCode).toBe(204);
    // …until the SIP server says it answered the caller 480 instead: missed, and the operator is free again.
    expect((await sip('event?call=g1&event=gaveup&from=555')).statusCode).toBe(200);
    expect(await outcome('g1')).toMatchObject({ outcome: 'missed', endedAt: expect.any(Date), rungUsers: [op] });
    expect((await sip('next?call=g3&from=557')).body).toBe(op);
    expect((await sip('event?call=g3&event=gaveup')).statusCode).toBe(200);

    // The word read before the late decision (both waited on a stalled server): the call stays missed.
    expect((await sip('event?call=g4&event=gaveup&from=%2B33622222222')).statusCode).toBe(200);
    expect((await sip('next?call=g4&from=%2B33622222222')).body).toBe(op);
    expect(await outcome('g4')).toMatchObject({
      outcome: 'missed',
      direction: 'inbound',
      fromNumber: '+33622222222',
      toNumber: '777',
      rungUsers: [],
    });
    expect((await sip('next?call=g5&from=558')).body).toBe(op);
    // It ends only a call still ringing: one answered meanwhile is not the SIP server's to end this way.
    expect((await call('POST', 'voice/calls/answered', callcenter, { call_id: 'g5' })).statusCode).toBe(200);
    expect((await sip('event?call=g5&event=gaveup')).statusCode).toBe(200);
    expect((await outcome('g5')).outcome).toBe('answered');
    expect((await call('POST', 'voice/calls/ended', callcenter, { call_id: 'g5' })).statusCode).toBe(200);

    // Should the word be lost, a ring round older than the SIP server rings one (VOICE_RING_SECONDS and its
    // margin) holds no one; a live one does.
    const ringing = (id: string, ageS: number) => ({
      sipCallId: id,
      direction: 'inbound' as const,
      fromNumber: '559',
      toNumber: '777',
      outcome: 'ringing' as const,
      startedAt: new Date(Date.now() - ageS * 1000),
      lastRingAt: new Date(Date.now() - ageS * 1000),
      rungUsers: [op],
    });
    await t.db.insert(calls).values(ringing('g6', 15 + 20 + 5));
    expect((await sip('next?call=g7&from=560')).body).toBe(op);
    expect((await sip('next?call=g8&from=561')).statusCode).toBe(204);
    for (const id of ['g6', 'g7']) expect((await sip(`event?call=${id}&event=gaveup`)).statusCode).toBe(200);
    expect((await sip('event?call=g9&event=later')).statusCode).toBe(422);
    expect((await sip(`registration?user=${op}&expires=0`)).statusCode).toBe(200);
  });

  it('refuses a registration, a call or a transfer whose session ended, or whose user takes no calls', async () => {
    const [token] = await loginAll(t.app, 'dispatcher@example.com');
    const user = sipUserOf(await credentials(token));
    // the SIP server asks before relaying an operator's INVITE, MESSAGE or REFER
    expect((await sip(`session?user=${user}`)).statusCode).toBe(200);
    await call('PUT', 'logout', token);
    expect((await sip(`registration?user=${user}`)).statusCode).toBe(403);
    expect((await sip(`session?user=${user}`)).statusCode).toBe(403);
    expect((await sip('session?user=not-an-operator')).statusCode).toBe(403);
    expect((await sip('registration?user=op1s999999')).statusCode).toBe(403);
    expect((await sip('registration?user=not-an-operator')).statusCode).toBe(403);
  });

  it('chooses round robin from the longest idle, and starts the round again once everyone was tried', () => {
    const ops = [
      { sipUser: 'op1s1', userId: 1, lastBusyAt: 500 },
      { sipUser: 'op2s2', userId: 2, lastBusyAt: 100 },
      { sipUser: 'op3s3', userId: 3, lastBusyAt: 0 },
    ];
    expect(nextOperators(ops, [], 'round_robin')).toEqual(['op3s3']);
    expect(nextOperators(ops, ['op3s3'], 'round_robin')).toEqual(['op2s2']);
    expect(nextOperators(ops, ['op3s3', 'op2s2', 'op1s1'], 'round_robin')).toEqual(['op3s3']);
    expect(nextOperators(ops, ['op3s3'], 'ring_all')).toEqual(['op2s2', 'op1s1']);
    expect(nextOperators([], [], 'ring_all')).toEqual([]);
    expect(parseTried('op1s2,op3s4,,x;y,')).toEqual(['op1s2', 'op3s4']);
  });
});

describe('the call log and the caller lookup', () => {
  it('finds the passenger of a number with their active bookings, and says unknown otherwise', async () => {
    const [p] = await t.db
      .insert(passengers)
      .values({ firstName: 'Ringo', lastName: 'Caller', phoneNumber: '+33699999999' })
      .returning();
    const res = await call('GET', 'voice/caller?number=%2B33%206%2099%2099%2099%2099', callcenter);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data as CallerLookup).toMatchObject({ kind: 'passenger', id: p.id, name: 'Ringo Caller' });
    // The number on file written another way (spaces, country code) is the same subscriber as the caller ID.
    const [spaced] = await t.db
      .insert(passengers)
      .values({ firstName: 'Nadia', lastName: 'National', phoneNumber: '+33 6 40 12 34 56' })
      .returning();
    const national = (await call('GET', 'voice/caller?number=0640123456', callcenter)).json().data;
    expect(national).toMatchObject({ kind: 'passenger', id: spaced.id, name: 'Nadia National' });
    const unknown = (await call('GET', 'voice/caller?number=%2B1555000111', callcenter)).json().data;
    expect(unknown).toMatchObject({ kind: 'unknown', id: null, active_bookings: [] });
    expect((await call('GET', 'voice/caller?number=abc', callcenter)).statusCode).toBe(422);
  });

  it("keeps an operator's call theirs: another cannot end it or link a booking to it", async () => {
    expect((await call('POST', 'voice/calls/ended', supervisor, { call_id: 'c2' })).statusCode).toBe(403);
    expect((await call('POST', 'voice/calls/booking', supervisor, { call_id: 'c2', booking_id: 1 })).statusCode).toBe(
      403,
    );
    expect((await call('POST', 'voice/calls/answered', admin, { call_id: 'nope' })).statusCode).toBe(404);
    expect((await call('POST', 'voice/calls/answered', admin, {})).statusCode).toBe(422);
    const ended = await call('POST', 'voice/calls/ended', admin, { call_id: 'c2' });
    expect(ended.json().data).toMatchObject({ outcome: 'completed', operator_id: expect.any(Number) });
  });

  it('counts the day on the dashboard: waiting, inbound, answered within 20 s, abandoned', async () => {
    const now = Date.now();
    const at = (s: number) => new Date(now - s * 1000);
    await t.db.insert(calls).values([
      { sipCallId: 'd1', direction: 'inbound', fromNumber: '1', toNumber: '777', outcome: 'ringing', startedAt: at(5) },
      {
        sipCallId: 'd2',
        direction: 'inbound',
        fromNumber: '1',
        toNumber: '777',
        outcome: 'completed',
        startedAt: at(100),
        answeredAt: at(90),
        endedAt: at(50),
      },
      {
        sipCallId: 'd3',
        direction: 'inbound',
        fromNumber: '1',
        toNumber: '777',
        outcome: 'abandoned',
        startedAt: at(200),
        endedAt: at(150),
      },
      {
        sipCallId: 'd4',
        direction: 'inbound',
        fromNumber: '1',
        toNumber: '777',
        outcome: 'completed',
        startedAt: at(300),
        answeredAt: at(240),
        endedAt: at(200),
      },
    ]);
    const before = (await call('GET', 'reports/dashboard', admin)).json().data as DashboardDto;
    const dayStart = cityDayStart(now).getTime();
    const counted = (await t.db.select().from(calls).where(eq(calls.direction, 'inbound'))).filter(
      (c) => c.startedAt.getTime() >= dayStart,
    );
    // The shared definition (CALL_FIGURES) over the same calls.
    const shares = callFiguresOf(
      counted.map((c) => ({ ...c, startedAt: c.startedAt.getTime(), answeredAt: c.answeredAt?.getTime() ?? null })),
      Date.now(),
    );
    expect(before.calls).toEqual({
      waiting: counted.filter((c) => c.outcome === 'ringing' && c.startedAt.getTime() > now - 900_000).length,
      inbound: counted.length,
      answered_in_time: shares.answered_in_time,
      abandoned_rate: shares.abandoned_rate,
    });
    expect(before.calls?.waiting).toBeGreaterThanOrEqual(1);
  });
});

describe('the SIP trunk setting', () => {
  const base = { APP_ENV: 'development', LOG_LEVEL: 'silent', VOICE_WS_URL: 'ws://127.0.0.1:1' };
  it('passes a trunk to Kamailio, refuses a malformed one, and leaves it out when unset', () => {
    const withTrunk = loadConfig({ ...base, VOICE_TRUNK: 'sip:carrier.example:5060;transport=udp' });
    expect(kamailioArgs(withTrunk, { runtimeDir: tmpdir() })).toContain(
      'VOICE_TRUNK="sip:carrier.example:5060;transport=udp"',
    );
    expect(kamailioArgs(loadConfig(base), { runtimeDir: tmpdir() }).join(' ')).not.toContain('VOICE_TRUNK');
    expect(() => loadConfig({ ...base, VOICE_TRUNK: 'sip:carrier" evil' })).toThrow(/VOICE_TRUNK/);
  });

  it('passes the media relay to Kamailio and starts rtpengine on its control socket and media address', () => {
    const withRelay = loadConfig({ ...base, VOICE_RTPENGINE: 'udp:127.0.0.1:2223', VOICE_MEDIA_ADDRESS: '192.0.2.10' });
    expect(kamailioArgs(withRelay, { runtimeDir: tmpdir() })).toContain('VOICE_RTPENGINE="udp:127.0.0.1:2223"');
    expect(rtpengineArgs(withRelay)).toEqual(
      expect.arrayContaining(['--listen-ng=127.0.0.1:2223', '--interface=192.0.2.10', '--table=-1']),
    );
    expect(kamailioArgs(loadConfig(base), { runtimeDir: tmpdir() }).join(' ')).not.toContain('VOICE_RTPENGINE');
    expect(() => rtpengineArgs(loadConfig(base))).toThrow(/VOICE_RTPENGINE/);
    expect(() => loadConfig({ ...base, VOICE_RTPENGINE: 'udp:host" evil:1' })).toThrow(/VOICE_RTPENGINE/);
  });
});
