import { type ChildProcess, spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CallDto, VoiceCredentials } from '@taxi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KAMAILIO_BIN, kamailioArgs, RTPENGINE_BIN, rtpengineArgs } from '../src/modules/voice/kamailio-args';
import { apiCaller, listeningAppForFile, loginAll } from './helpers';
import { header, parseSip, SipClient, type SipMessage } from './sip-client';

/**
 * The voice connection end to end on a real Kamailio (voice/kamailio.cfg, started on loopback as
 * `npm run voice` would): softphones register with the API's credentials, the queue rings the operators
 * the API names, one after another, and the call log follows. CI installs Kamailio (.ci/run); elsewhere
 * the file is skipped when it is missing.
 */
const installed = existsSync(KAMAILIO_BIN);
if (!installed && process.env.CI === 'true') throw new Error(`${KAMAILIO_BIN} is missing: .ci/run installs it`);
// The media relay between the softphones' WebRTC and the trunk's plain RTP (package rtpengine-daemon).
const relayInstalled = existsSync(RTPENGINE_BIN);
if (!relayInstalled && process.env.CI === 'true') throw new Error(`${RTPENGINE_BIN} is missing: .ci/run installs it`);

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const [wsPort, sipPort, relayPort] = [await freePort(), await freePort(), await freePort()];
// The carrier's trunk, as a UDP socket that keeps what Kamailio sends it.
const trunk = createSocket('udp4');
const trunkReceived: string[] = [];
const trunkMessages: SipMessage[] = [];
trunk.on('message', (m) => {
  trunkReceived.push(m.toString('utf8'));
  trunkMessages.push(parseSip(m.toString('utf8')));
});
await new Promise<void>((resolve) => trunk.bind(0, '127.0.0.1', resolve));
const ORIGIN = 'http://console.test';
const DOMAIN = 'voice.test';
const RING_SECONDS = 3;
const t = listeningAppForFile({
  env: {
    VOICE_WS_URL: `ws://127.0.0.1:${wsPort}`,
    VOICE_SIP_PORT: String(sipPort),
    VOICE_DOMAIN: DOMAIN,
    VOICE_RING_SECONDS: String(RING_SECONDS),
    VOICE_RING_STRATEGY: 'round_robin',
    VOICE_TRUNK: `sip:127.0.0.1:${trunk.address().port};transport=udp`,
    ...(relayInstalled ? { VOICE_RTPENGINE: `udp:127.0.0.1:${relayPort}` } : {}),
  },
});
const call = apiCaller(() => t.app);
const WS = `ws://127.0.0.1:${wsPort}`;
let kamailio: ChildProcess | undefined;
let relay: ChildProcess | undefined;
let log = '';
const clients: SipClient[] = [];

async function waitForPort(port: number) {
  for (let i = 0; i < 100; i++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createServer();
      socket.once('error', () => resolve(true));
      socket.listen(port, '127.0.0.1', () => socket.close(() => resolve(false)));
    });
    if (open) return;
    await sleep(100);
  }
  throw new Error(`Kamailio did not listen on ${port}:\n${log}`);
}

const credentials = async (token: string) => {
  const res = await call('GET', 'voice/credentials', token);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as VoiceCredentials;
  if (!data.enabled) throw new Error('voice is off');
  return data;
};

/** A signed-in operator's softphone, online and registered. */
async function operator(token: string) {
  expect((await call('PUT', 'online', token, { online: true })).statusCode).toBe(200);
  const c = await credentials(token);
  const user = c.uri.slice('sip:'.length).split('@')[0];
  const client = await SipClient.connect(WS, ORIGIN, DOMAIN, user);
  clients.push(client);
  const registered = await client.register(c.username, c.password);
  expect(registered.status, registered.raw).toBe(200);
  return { client, user, c };
}

/** rtpengine answers its control protocol (bencode over UDP, a cookie first): ping, pong. */
async function relayPing(): Promise<boolean> {
  const socket = createSocket('udp4');
  try {
    return await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 300);
      socket.on('message', (m) => {
        clearTimeout(timer);
        resolve(m.toString().includes('pong'));
      });
      socket.send('c1 d7:command4:pinge', relayPort, '127.0.0.1');
    });
  } finally {
    socket.close();
  }
}

/** What a browser's WebRTC offers or answers: ICE, DTLS-SRTP (a fingerprint), RTCP multiplexed. */
const webrtcSdp = (port: number, setup: 'actpass' | 'active') =>
  [
    'v=0',
    `o=- ${port} 2 IN IP4 127.0.0.1`,
    's=-',
    't=0 0',
    `m=audio ${port} UDP/TLS/RTP/SAVPF 0 8`,
    'c=IN IP4 127.0.0.1',
    `a=candidate:1 1 udp 2122260223 127.0.0.1 ${port} typ host generation 0`,
    'a=ice-ufrag:Kq3v',
    'a=ice-pwd:YcQpBq6tqz3Xr1GmJ8Hc0wNd',
    'a=fingerprint:sha-256 19:E2:1C:3B:4B:9F:81:E6:B8:5C:F4:A5:A8:D8:73:04:BB:05:2F:70:9F:04:A9:0E:05:E9:26:33:E8:70:88:A2',
    `a=setup:${setup}`,
    'a=mid:0',
    'a=sendrecv',
    'a=rtcp-mux',
    'a=rtpmap:0 PCMU/8000',
    'a=rtpmap:8 PCMA/8000',
    '',
  ].join('\r\n');

/** What a carrier's trunk offers or answers: plain RTP, no ICE, no encryption. */
const plainSdp = (port: number) =>
  [
    'v=0',
    `o=carrier ${port} 1 IN IP4 127.0.0.1`,
    's=-',
    'c=IN IP4 127.0.0.1',
    't=0 0',
    `m=audio ${port} RTP/AVP 0 8`,
    'a=rtpmap:0 PCMU/8000',
    'a=rtpmap:8 PCMA/8000',
    'a=sendrecv',
    '',
  ].join('\r\n');

/** The next SIP message the trunk received that matches (taken off the list). */
async function trunkNext(match: (m: SipMessage) => boolean): Promise<SipMessage> {
  await expect.poll(() => trunkMessages.some(match), { timeout: 10_000 }).toBe(true);
  return trunkMessages.splice(trunkMessages.findIndex(match), 1)[0];
}

/** The trunk sends Kamailio a request or a response (plain SIP over UDP). */
const trunkSend = (lines: string[], body = '') =>
  trunk.send(
    [
      ...lines,
      ...(body ? ['Content-Type: application/sdp'] : []),
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ].join('\r\n'),
    sipPort,
    '127.0.0.1',
  );

/** The trunk's reply to a request Kamailio sent it. */
const trunkReply = (request: SipMessage, status: number, reason: string, body = '') =>
  trunkSend(
    [
      `SIP/2.0 ${status} ${reason}`,
      ...(request.headers.get('via') ?? []).map((v) => `Via: ${v}`),
      ...(request.headers.get('record-route') ?? []).map((r) => `Record-Route: ${r}`),
      `From: ${header(request, 'from')}`,
      `To: ${header(request, 'to')}${header(request, 'to').includes('tag=') ? '' : ';tag=carrier1'}`,
      `Call-ID: ${header(request, 'call-id')}`,
      `CSeq: ${header(request, 'cseq')}`,
      `Contact: <sip:carrier@127.0.0.1:${trunk.address().port}>`,
    ],
    body,
  );

const mediaPort = (sdp: string) => Number(/^m=audio (\d+) /m.exec(sdp)?.[1]);

const callsFrom = async (token: string, number: string) =>
  (await call('GET', `calls?number=${encodeURIComponent(number)}`, token)).json().data.data as CallDto[];

describe.skipIf(!installed)('the voice connection on Kamailio', () => {
  let admin: string;
  let callcenter: string;
  let gov: string;

  beforeAll(async () => {
    [admin, callcenter, gov] = await loginAll(t.app, 'admin@example.com', 'callcenter@example.com', 'gov@example.com');
    if (relayInstalled) {
      // The relay first: Kamailio sets a relay it cannot reach at start aside for a minute.
      const base = 30000 + (process.pid % 200) * 40;
      relay = spawn(RTPENGINE_BIN, rtpengineArgs(t.config, { min: base, max: base + 39 }), {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      relay.stderr?.on('data', (d) => {
        log += d;
      });
      for (let i = 0; !(await relayPing()); i++) if (i > 30) throw new Error(`rtpengine did not answer:\n${log}`);
    }
    const args = kamailioArgs(t.config, { apiUrl: `${t.base}/api`, origins: '^http://console\\.test$' });
    if (process.env.KAMAILIO_LOG) args.push('-ddd');
    kamailio = spawn(KAMAILIO_BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    kamailio.stderr?.on('data', (d) => {
      log += d;
    });
    kamailio.stdout?.on('data', (d) => {
      log += d;
    });
    await waitForPort(wsPort);
  }, 30_000);
  afterAll(async () => {
    for (const c of clients) c.close();
    if (process.env.KAMAILIO_LOG) console.log(log);
    kamailio?.kill('SIGTERM');
    relay?.kill('SIGTERM');
    trunk.close();
  });

  it('refuses a WebSocket from another origin', async () => {
    await expect(SipClient.connect(WS, 'http://evil.test', DOMAIN, 'x')).rejects.toThrow(/403/);
  });

  it('registers a softphone with its session credentials, and refuses a wrong password', async () => {
    const c = await credentials(admin);
    const user = c.uri.slice(4).split('@')[0];
    const client = await SipClient.connect(WS, ORIGIN, DOMAIN, user);
    clients.push(client);
    expect((await client.register(c.username, 'not-the-password')).status).toBe(401);
    // Someone else's credentials for this address: the From user must be the credentials' user.
    const other = await credentials(callcenter);
    expect((await client.register(other.username, other.password)).status).toBe(403);
    expect((await client.register(c.username, c.password)).status).toBe(200);
    expect((await client.register(c.username, c.password, 0)).status).toBe(200);
  });

  it('rings the longest idle operator, then the next after the ring time; the answer and hang-up are logged', async () => {
    const a = await operator(admin);
    const b = await operator(callcenter);
    const caller = await SipClient.connect(WS, ORIGIN, DOMAIN, '+21698000001');
    clients.push(caller);
    const outgoing = caller.invite('1000');

    // The first operator rings and does not answer: after RING_SECONDS the call moves on.
    const first = await a.client.next((m) => m.method === 'INVITE');
    expect(header(first, 'from')).toContain('+21698000001');
    const cancelled = await a.client.next((m) => m.method === 'CANCEL', (RING_SECONDS + 10) * 1000);
    a.client.reply(cancelled, 200, 'OK');
    a.client.reply(first, 487, 'Request Terminated');

    const second = await b.client.next((m) => m.method === 'INVITE', 10_000);
    const sdp = 'v=0\r\no=- 2 2 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio 9 RTP/AVP 0\r\n';
    b.client.reply(second, 200, 'OK', sdp);
    const ok = await caller.final(outgoing.callId, 'INVITE');
    expect(ok.status).toBe(200);
    caller.inDialog('ACK', outgoing, ok);
    const answeredBy = await call('POST', 'voice/calls/answered', callcenter, { call_id: outgoing.callId });
    expect(answeredBy.statusCode, answeredBy.body).toBe(200);
    // The other operator cannot claim it.
    expect((await call('POST', 'voice/calls/answered', admin, { call_id: outgoing.callId })).statusCode).toBe(403);

    let [logged] = await callsFrom(admin, '+21698000001');
    expect(logged).toMatchObject({ direction: 'inbound', to_number: '1000', outcome: 'answered', rung: 2 });
    expect(logged.operator_name).toBeTruthy();

    // The caller hangs up: the operator gets the BYE, and the log says completed.
    caller.inDialog('BYE', outgoing, ok);
    const bye = await b.client.next((m) => m.method === 'BYE');
    b.client.reply(bye, 200, 'OK');
    await expect.poll(async () => (await callsFrom(admin, '+21698000001'))[0].outcome).toBe('completed');
    [logged] = await callsFrom(admin, '+21698000001');
    expect(logged.talk_s).not.toBeNull();
    expect(logged.wait_s).toBeGreaterThanOrEqual(RING_SECONDS - 1);
    // The caller waited through the first round; the phone that answered rang only from the second.
    expect(logged.ring_s).not.toBeNull();
    expect(logged.ring_s).toBeLessThan(logged.wait_s as number);
  }, 40_000);

  it('skips a softphone whose connection closed and rings a live one', async () => {
    expect((await call('PUT', 'online', admin, { online: false })).statusCode).toBe(200);
    // The supervisor's console registers and then goes away without unregistering (a closed tab).
    const [token] = await loginAll(t.app, 'supervisor@example.com');
    expect((await call('PUT', 'online', token, { online: true })).statusCode).toBe(200);
    const c = await credentials(token);
    const gone = await SipClient.connect(WS, ORIGIN, DOMAIN, c.uri.slice(4).split('@')[0]);
    expect((await gone.register(c.username, c.password)).status).toBe(200);
    gone.close();
    const live = await operator(callcenter);
    const caller = await SipClient.connect(WS, ORIGIN, DOMAIN, '+21698000005');
    clients.push(caller);
    const outgoing = caller.invite('1000');
    const invite = await live.client.next((m) => m.method === 'INVITE' && header(m, 'call-id') === outgoing.callId);
    // The caller gives up (the live softphone answers the CANCEL itself, as JsSIP does).
    live.client.received.push(invite);
    caller.cancel(outgoing);
    expect((await caller.final(outgoing.callId, 'INVITE')).status).toBe(487);
    // The API heard the connection close: the supervisor is no longer offered (to a transfer, say).
    const free = async () => ((await call('GET', 'voice/operators', admin)).json().data as { id: number }[]).length;
    await expect.poll(free, { timeout: 10_000 }).toBe(1);
    expect((await call('PUT', 'online', token, { online: false })).statusCode).toBe(200);
    expect((await call('PUT', 'online', admin, { online: true })).statusCode).toBe(200);
  }, 30_000);

  it('logs a caller who hangs up before an answer as abandoned', async () => {
    const caller = await SipClient.connect(WS, ORIGIN, DOMAIN, '+21698000002');
    clients.push(caller);
    const outgoing = caller.invite('1000');
    // Whoever rings (an operator of the previous test), nobody answers; the caller gives up.
    await sleep(500);
    caller.cancel(outgoing);
    expect((await caller.final(outgoing.callId, 'INVITE')).status).toBe(487);
    await expect.poll(async () => (await callsFrom(admin, '+21698000002'))[0]?.outcome).toBe('abandoned');
  });

  it('releases the operator when the answer to "whom next?" comes after the SIP server gave up (a stalled server)', async () => {
    // One operator in the queue: callcenter (admin steps out for this call).
    expect((await call('PUT', 'online', admin, { online: false })).statusCode).toBe(200);
    const op = await operator(callcenter);
    const opId = (await call('GET', 'check_auth', callcenter)).json().data.id as number;
    const free = async () =>
      ((await call('GET', 'voice/operators', admin)).json().data as { id: number }[]).map((o) => o.id);
    expect(await free()).toContain(opId);

    // The server's event loop is blocked (a long synchronous task) the moment the next question arrives, well
    // past the SIP server's 2 s budget (http_client connection_timeout): whatever it decides arrives too late.
    const STALL_MS = 3500;
    let stalled = false;
    const stall = (req: { url?: string }) => {
      if (stalled || !req.url?.startsWith('/api/voice/sip/next?')) return;
      stalled = true;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, STALL_MS);
    };
    t.app.server.prependListener('request', stall);
    try {
      const caller = await SipClient.connect(WS, ORIGIN, DOMAIN, '+21698000006');
      clients.push(caller);
      const first = caller.invite('1000');
      expect((await caller.final(first.callId, 'INVITE', 15_000)).status).toBe(480);
      expect(stalled).toBe(true);
      // The late decision rang no one: the call ends as missed, and the operator is free again.
      await expect
        .poll(async () => (await callsFrom(admin, '+21698000006')).find((c) => c.sip_call_id === first.callId)?.outcome)
        .toBe('missed');
      expect(await free()).toContain(opId);
      expect(op.client.received.some((m) => header(m, 'call-id') === first.callId)).toBe(false);

      // The next caller rings that operator.
      const second = caller.invite('1000');
      const invite = await op.client.next((m) => m.method === 'INVITE' && header(m, 'call-id') === second.callId);
      expect(header(invite, 'from')).toContain('+21698000006');
      // The caller gives up: the rung softphone answers the CANCEL (487).
      op.client.received.push(invite);
      caller.cancel(second);
      expect((await caller.final(second.callId, 'INVITE')).status).toBe(487);
      await expect
        .poll(
          async () => (await callsFrom(admin, '+21698000006')).find((c) => c.sip_call_id === second.callId)?.outcome,
        )
        .toBe('abandoned');
    } finally {
      t.app.server.removeListener('request', stall);
      expect((await call('PUT', 'online', admin, { online: true })).statusCode).toBe(200);
    }
  }, 40_000);

  it('ends the softphone with the session: logout drops the registration; it cannot register, call or message again', async () => {
    const [token] = await loginAll(t.app, 'supervisor@example.com');
    const c = await credentials(token);
    const user = c.uri.slice(4).split('@')[0];
    const client = await SipClient.connect(WS, ORIGIN, DOMAIN, user);
    clients.push(client);
    expect((await client.register(c.username, c.password)).status).toBe(200);
    // Authenticated and live: a message to an operator who is not registered is relayed to no one (480).
    expect((await client.message('op1s999999', c.username, c.password)).status).toBe(480);
    expect((await call('PUT', 'logout', token)).statusCode).toBe(200);
    // The same credentials, not expired yet, belong to a session that ended: refused.
    expect((await client.message('op1s999999', c.username, c.password)).status).toBe(403);
    await expect
      .poll(async () => {
        const res = await fetch(`http://127.0.0.1:${wsPort}/RPC`, {
          method: 'POST',
          headers: { 'x-voice-key': t.app.voiceKeys.api, 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ul.lookup', params: ['location', user] }),
        });
        return ((await res.json()) as { error?: unknown }).error !== undefined;
      })
      .toBe(true);
    expect((await client.register(c.username, c.password)).status).toBe(403);
  });

  it("sends an operator's message or call to a number out through the carrier's trunk (VOICE_TRUNK)", async () => {
    const [token] = await loginAll(t.app, 'admin@example.com');
    const c = await credentials(token);
    const client = await SipClient.connect(WS, ORIGIN, DOMAIN, c.uri.slice(4).split('@')[0]);
    clients.push(client);
    // Not awaited: the stand-in trunk never answers; what matters is that the request reached it.
    void client.message('0612345678', c.username, c.password, 'to the trunk').catch(() => {});
    await expect
      .poll(() => trunkReceived.some((m) => m.startsWith('MESSAGE sip:0612345678@') && m.includes('to the trunk')))
      .toBe(true);
  });

  it('transfers a call: the caller, referred back to the queue, rings the colleague first', async () => {
    const a = await operator(admin);
    const b = await operator(callcenter);
    const caller = await SipClient.connect(WS, ORIGIN, DOMAIN, '+21698000004');
    clients.push(caller);
    const first = caller.invite('1000');
    // Whoever the queue rings answers (looked for without leaving a waiter on the other one).
    const ringing = (op: typeof a) => op.client.received.some((m) => header(m, 'call-id') === first.callId);
    await expect.poll(() => ringing(a) || ringing(b)).toBe(true);
    const op = ringing(a) ? a : b;
    const rung = {
      op,
      invite: await op.client.next((m) => m.method === 'INVITE' && header(m, 'call-id') === first.callId),
    };
    const [taker, colleague, takerToken, colleagueToken] =
      rung.op === a ? [a, b, admin, callcenter] : [b, a, callcenter, admin];
    const sdp = 'v=0\r\no=- 3 3 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio 9 RTP/AVP 0\r\n';
    taker.client.reply(rung.invite, 200, 'OK', sdp);
    const ok = await caller.final(first.callId, 'INVITE');
    caller.inDialog('ACK', first, ok);
    expect((await call('POST', 'voice/calls/answered', takerToken, { call_id: first.callId })).statusCode).toBe(200);

    // The colleague is free; the call is handed over, and the caller's phone is referred to the queue.
    const free = (await call('GET', 'voice/operators', takerToken)).json().data as { id: number; name: string }[];
    const colleagueId = (await call('GET', 'check_auth', colleagueToken)).json().data.id as number;
    expect(free.map((o) => o.id)).toContain(colleagueId);
    const handed = await call('POST', 'voice/calls/transfer', takerToken, {
      call_id: first.callId,
      to_user_id: colleagueId,
    });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json().data).toMatchObject({ outcome: 'transferred', transferred_to: colleagueId });
    taker.client.referFromCallee(rung.invite, `sip:1000@${DOMAIN}`);
    const refer = await caller.next((m) => m.method === 'REFER');
    expect(header(refer, 'refer-to')).toContain('sip:1000@');
    caller.reply(refer, 202, 'Accepted');
    caller.inDialog('BYE', first, ok);
    const bye = await taker.client.next((m) => m.method === 'BYE');
    taker.client.reply(bye, 200, 'OK');

    // The caller calls the queue again: the colleague rings, not the operator who handed it over.
    const second = caller.invite('1000');
    const again = await colleague.client.next((m) => m.method === 'INVITE');
    expect(header(again, 'call-id')).toBe(second.callId);
    colleague.client.reply(again, 200, 'OK', sdp);
    expect((await caller.final(second.callId, 'INVITE')).status).toBe(200);
    expect(taker.client.received.some((m) => m.method === 'INVITE' && header(m, 'call-id') === second.callId)).toBe(
      false,
    );
  }, 40_000);

  it('answers 480 and logs a missed call when nobody is online', async () => {
    for (const token of [admin, callcenter])
      expect((await call('PUT', 'online', token, { online: false })).statusCode).toBe(200);
    const caller = await SipClient.connect(WS, ORIGIN, DOMAIN, '+21698000003');
    clients.push(caller);
    const outgoing = caller.invite('1000');
    expect((await caller.final(outgoing.callId, 'INVITE')).status).toBe(480);
    expect((await callsFrom(admin, '+21698000003'))[0]).toMatchObject({ outcome: 'missed', rung: 0 });
  });

  it('keeps the SIP server questions behind the voice key, and the call log behind PHONE_BOOKING', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/voice/sip/next?call=x&from=1' });
    expect(res.statusCode).toBe(401);
    expect((await call('GET', 'calls', gov)).statusCode).toBe(403);
  });

  describe.skipIf(!relayInstalled)('with the media relay (VOICE_RTPENGINE)', () => {
    it("offers the carrier plain RTP on the relay for an operator's call out, and the softphone DTLS-SRTP with ICE", async () => {
      const [token] = await loginAll(t.app, 'admin@example.com');
      const c = await credentials(token);
      const client = await SipClient.connect(WS, ORIGIN, DOMAIN, c.uri.slice(4).split('@')[0]);
      clients.push(client);
      const out = await client.dial('0698765432', c.username, c.password, webrtcSdp(50000, 'actpass'));
      const invite = await trunkNext((m) => m.method === 'INVITE' && header(m, 'call-id') === out.callId);
      // The carrier is offered what it speaks, on the relay's port: not the browser's ICE and DTLS.
      expect(invite.body).toMatch(/^m=audio \d+ RTP\/AVP 0 8/m);
      expect(invite.body).toContain('c=IN IP4 127.0.0.1');
      expect(invite.body).not.toMatch(/SAVPF|a=fingerprint|a=candidate|a=ice-ufrag|a=setup/);
      expect(mediaPort(invite.body)).not.toBe(50000);

      trunkReply(invite, 200, 'OK', plainSdp(41000));
      const ok = await client.final(out.callId, 'INVITE');
      expect(ok.status).toBe(200);
      // The softphone gets an answer WebRTC accepts, from the relay: DTLS-SRTP, its ICE candidate, RTCP muxed.
      expect(ok.body).toMatch(/^m=audio \d+ UDP\/TLS\/RTP\/SAVPF 0 8/m);
      expect(ok.body).toMatch(/^a=fingerprint:sha-\d+ /m);
      expect(ok.body).toMatch(/^a=ice-ufrag:/m);
      expect(ok.body).toMatch(/^a=candidate:.* 127\.0\.0\.1 \d+ typ host/m);
      expect(ok.body).toMatch(/^a=rtcp-mux/m);
      expect(mediaPort(ok.body)).not.toBe(41000);

      // Hanging up reaches the carrier through the same route (and ends the relay's session).
      client.inDialog('ACK', out, ok);
      client.inDialog('BYE', out, ok);
      const bye = await trunkNext((m) => m.method === 'BYE' && header(m, 'call-id') === out.callId);
      trunkReply(bye, 200, 'OK');
    });

    it("rings an operator's softphone in WebRTC for a call from the trunk, and answers the carrier in plain RTP", async () => {
      const [token] = await loginAll(t.app, 'callcenter@example.com');
      await operator(token);
      const callId = `carrier-${Date.now()}@127.0.0.1`;
      const port = trunk.address().port;
      trunkSend(
        [
          `INVITE sip:1000@${DOMAIN} SIP/2.0`,
          `Via: SIP/2.0/UDP 127.0.0.1:${port};branch=z9hG4bK${Date.now()};rport`,
          'Max-Forwards: 70',
          `From: <sip:+33612345678@carrier.test>;tag=c${Date.now()}`,
          `To: <sip:1000@${DOMAIN}>`,
          `Call-ID: ${callId}`,
          'CSeq: 1 INVITE',
          `Contact: <sip:+33612345678@127.0.0.1:${port}>`,
        ],
        plainSdp(42000),
      );
      // Whichever softphone the queue rings gets a WebRTC offer from the relay.
      const rung = () =>
        clients.find((c) => c.received.some((m) => m.method === 'INVITE' && header(m, 'call-id') === callId));
      await expect.poll(() => rung() !== undefined).toBe(true);
      const softphone = rung() as SipClient;
      const invite = await softphone.next((m) => m.method === 'INVITE' && header(m, 'call-id') === callId);
      expect(invite.body).toMatch(/^m=audio \d+ UDP\/TLS\/RTP\/SAVPF 0 8/m);
      expect(invite.body).toMatch(/^a=fingerprint:sha-\d+ /m);
      expect(invite.body).toMatch(/^a=candidate:.* typ host/m);
      expect(mediaPort(invite.body)).not.toBe(42000);

      softphone.reply(invite, 200, 'OK', webrtcSdp(50002, 'active'));
      const ok = await trunkNext((m) => m.status === 200 && header(m, 'call-id') === callId);
      expect(ok.body).toMatch(/^m=audio \d+ RTP\/AVP 0/m);
      expect(ok.body).not.toMatch(/SAVPF|a=fingerprint|a=candidate|a=ice-ufrag/);
      expect(mediaPort(ok.body)).not.toBe(50002);
    });
  });
});

describe('the voice settings', () => {
  it("let the console's page open the SIP server's WebSocket (CSP connect-src)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/app_info' });
    expect(res.headers['content-security-policy']).toMatch(
      new RegExp(`connect-src [^;]*ws://127\\.0\\.0\\.1:${wsPort}`),
    );
  });
});
