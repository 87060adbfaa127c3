/**
 * The voice connection under load on one Kamailio (voice/kamailio.cfg, as `npm run voice` starts it): 50
 * operators' softphones register at once (SIP over WebSocket, digest against the ephemeral credentials, the
 * API asked for each), then 20 callers call the inbound number at once and each call is answered by the
 * operator the queue rings. Reported: registration and call set-up times (INVITE sent → 200 OK at the
 * caller), p50/p95. Each set-up includes the API's answer to the SIP server's "whom next?" (an HTTP round trip).
 */

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { VoiceCredentials } from '@taxi/shared';
import { sha256 } from '../apps/server/src/lib/crypto';
import { KAMAILIO_BIN, kamailioArgs } from '../apps/server/src/modules/voice/kamailio-args';
import { header, SipClient } from '../apps/server/test/sip-client';
import { openBenchApp } from './db';
import { stats, writeResult } from './lib';

const OPERATORS = 50;
const CALLS = 20;
const ORIGIN = 'http://bench.voice';
const CALL_CENTRE_ROLE = 3;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Kamailio answers the WebSocket handshake once it is up. */
async function waitForSipServer(ws: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      (await SipClient.connect(ws, ORIGIN, 'bench.voice', 'probe')).close();
      return;
    } catch {
      await sleep(100);
    }
  }
  throw new Error('Kamailio did not start');
}

export async function benchVoice(): Promise<void> {
  if (!existsSync(KAMAILIO_BIN)) {
    console.log(`voice: ${KAMAILIO_BIN} is missing (apt-get install kamailio kamailio-websocket-modules …): skipped`);
    return;
  }
  const [wsPort, sipPort] = [await freePort(), await freePort()];
  const tokens: string[] = [];
  const bench = await openBenchApp(
    'pglite',
    async (sql) => {
      // 50 call-centre operators, each signed in once (their tokens stored hashed, as the API stores them).
      const values: string[] = [];
      for (let i = 0; i < OPERATORS; i++) {
        const token = randomBytes(24).toString('hex');
        tokens.push(token);
        values.push(`(${i}, '${sha256(token)}')`);
      }
      await sql(`
        create temp table bench_ops (n int, token_hash text);
        insert into bench_ops values ${values.join(',')};
        insert into users (first_name, last_name, email, password_hash, active, online)
          select 'Operator', n::text, 'op' || n || '@bench.example.com', 'x', true, true from bench_ops;
        insert into user_roles (user_id, role_id, position)
          select u.id, ${CALL_CENTRE_ROLE}, 0 from users u where u.email like '%@bench.example.com';
        insert into access_tokens (token_hash, user_id, expires_at)
          select b.token_hash, u.id, now() + interval '1 day'
          from bench_ops b join users u on u.email = 'op' || b.n || '@bench.example.com';`);
    },
    {
      VOICE_WS_URL: `ws://127.0.0.1:${wsPort}`,
      VOICE_SIP_PORT: String(sipPort),
      VOICE_RING_STRATEGY: 'round_robin',
      VOICE_DOMAIN: 'bench.voice',
    },
  );
  const base = await bench.app.listen({ port: 0, host: '127.0.0.1' });
  const kamailio = spawn(
    KAMAILIO_BIN,
    kamailioArgs(bench.app.config, { apiUrl: `${base}/api`, origins: '^http://bench\\.voice$' }),
    { stdio: 'ignore' },
  );
  const clients: SipClient[] = [];
  try {
    const ws = `ws://127.0.0.1:${wsPort}`;
    await waitForSipServer(ws);
    // Credentials through the API, as each console fetches them.
    const creds = await Promise.all(
      tokens.map(async (token) => {
        const res = await bench.app.inject({
          method: 'GET',
          url: '/api/voice/credentials',
          headers: { authorization: `Bearer ${token}` },
        });
        const data = res.json().data as VoiceCredentials;
        if (!data.enabled) throw new Error('voice is off');
        return data;
      }),
    );
    const operators = await Promise.all(
      creds.map((c) => SipClient.connect(ws, ORIGIN, 'bench.voice', c.uri.slice(4).split('@')[0])),
    );
    clients.push(...operators);
    // Each softphone answers what rings it at once (its 180 is sent by the client on arrival).
    const sdp = 'v=0\r\no=- 2 2 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio 9 RTP/AVP 0\r\n';
    const answering = operators.map(async (op) => {
      for (;;) {
        const invite = await op.next((m) => m.method === 'INVITE', 120_000).catch(() => null);
        if (!invite) return;
        op.reply(invite, 200, 'OK', sdp);
      }
    });

    const registration: number[] = [];
    await Promise.all(
      operators.map(async (op, i) => {
        const t0 = performance.now();
        const res = await op.register(creds[i].username, creds[i].password);
        registration.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`registration: ${res.status} ${res.reason}`);
      }),
    );

    const callers = await Promise.all(
      Array.from({ length: CALLS }, (_, i) => SipClient.connect(ws, ORIGIN, 'bench.voice', `+3360000${1000 + i}`)),
    );
    clients.push(...callers);
    const setup: number[] = [];
    const outcomes = await Promise.all(
      callers.map(async (caller) => {
        const t0 = performance.now();
        const call = caller.invite('1000');
        const final = await caller.final(call.callId, 'INVITE', 30_000);
        setup.push(performance.now() - t0);
        if (final.status === 200) caller.inDialog('ACK', call, final);
        return { status: final.status, operator: header(final, 'contact') };
      }),
    );
    const answered = outcomes.filter((o) => o.status === 200);
    const distinctOperators = new Set(answered.map((o) => o.operator)).size;
    const result = {
      operators: OPERATORS,
      calls: CALLS,
      machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
      date: new Date().toISOString(),
      registration_ms: stats(registration),
      call_setup_ms: stats(setup),
      answered: answered.length,
      answered_by_distinct_operators: distinctOperators,
      failed: outcomes.filter((o) => o.status !== 200).map((o) => o.status),
    };
    console.log(
      `voice: ${OPERATORS} registrations p95 ${result.registration_ms.p95_ms.toFixed(1)} ms; ${CALLS} concurrent calls set up p95 ${result.call_setup_ms.p95_ms.toFixed(1)} ms (${answered.length} answered by ${distinctOperators} operators)`,
    );
    console.log(`wrote ${writeResult('voice', result)}`);
    for (const c of clients) c.close();
    await Promise.race([Promise.all(answering), sleep(500)]);
  } finally {
    for (const c of clients) c.close();
    kamailio.kill('SIGTERM');
    await bench.close();
  }
}
