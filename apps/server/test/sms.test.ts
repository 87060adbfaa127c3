import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dateToCityLocal, SMS_CODE_MAX_ATTEMPTS, SMS_CODE_TTL_MS, type SmsCodeDto } from '@taxi/shared';
import { asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captains, jobs, outboundMessages, passengers, smsCodes } from '../src/db/schema';
import { MAX_ATTEMPTS } from '../src/jobs/worker';
import { ManualClock } from '../src/lib/clock';
import type { SmsRecipient } from '../src/modules/sms/codes';
import { bearer, buildTestApp, login, type TestApp } from './helpers';

const TOKEN = 'gateway-token-0123456789';
const SENDER = 'TaxiMC';
/** An answer the gateway never gives: the request hangs until the app's timeout. */
const HANG = 0;

/** A real HTTP server on a random loopback port stands in for the SMS gateway (SMS_GATEWAY_URL). */
interface GatewayRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: { to: string; from?: string; channel: string; text: string };
}
const received: GatewayRequest[] = [];
/** The statuses of the next answers, in order; 200 once they run out. */
const answers: number[] = [];
const hanging: ServerResponse[] = [];
let served = 0;
const gateway = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    received.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
    });
    const status = answers.shift() ?? 200;
    if (status === HANG) {
      hanging.push(res);
      return;
    }
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(status < 300 ? { id: `gw-${++served}`, status: 'accepted' } : { error: `status ${status}` }),
    );
  });
});

const clock = new ManualClock();
const CODE = /\b(\d{6})\b/;
/** A text without its phone numbers (whose digits could hold any six by chance). */
const withoutPhones = (text: string) => text.replace(/\+\d{8,15}/g, '+…');

/** Runs the due jobs by hand (the poller is not started in tests). */
const runJobs = (t: TestApp) => t.app.jobs.runDue();

async function someRecipients(t: TestApp): Promise<{ passengers: SmsRecipient[]; captain: SmsRecipient }> {
  const ps = await t.db.select({ id: passengers.id }).from(passengers).orderBy(asc(passengers.id)).limit(20);
  const [c] = await t.db
    .select({ id: captains.id })
    .from(captains)
    .where(isNotNull(captains.phoneNumber))
    .orderBy(asc(captains.id))
    .limit(1);
  return { passengers: ps.map((p) => ({ kind: 'passenger', id: p.id })), captain: { kind: 'captain', id: c.id } };
}

const messageRow = async (t: TestApp, id: number) =>
  (await t.db.select().from(outboundMessages).where(eq(outboundMessages.id, id)))[0];
const codeRow = async (t: TestApp, id: number) => (await t.db.select().from(smsCodes).where(eq(smsCodes.id, id)))[0];

describe('SMS through the HTTP gateway', () => {
  let t: TestApp;
  let people: Awaited<ReturnType<typeof someRecipients>>;
  let next = 0;
  /** A passenger of the demo not used by another test. */
  const freshPassenger = () => people.passengers[next++];

  beforeAll(async () => {
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const { port } = gateway.address() as AddressInfo;
    t = await buildTestApp({
      clock,
      env: {
        SMS_GATEWAY_URL: `http://127.0.0.1:${port}/v1/messages`,
        SMS_GATEWAY_TOKEN: TOKEN,
        SMS_SENDER: SENDER,
        SMS_GATEWAY_TIMEOUT_MS: '1000',
      },
    });
    // The demo seed schedules timers of its own: the queue holds only what these tests schedule.
    await t.db.delete(jobs);
    people = await someRecipients(t);
  });
  afterAll(async () => {
    await t?.close();
    for (const res of hanging) res.destroy();
    gateway.closeAllConnections();
    await new Promise<void>((resolve) => gateway.close(() => resolve()));
  });

  it('posts JSON with the bearer token; the message is stored sent with the gateway id; the code only hashed', async () => {
    const recipient = freshPassenger();
    const [passenger] = await t.db.select().from(passengers).where(eq(passengers.id, recipient.id));
    const before = received.length;
    const issued = await t.app.smsCodes.issueCode(recipient, 'signup');

    // Stored first and sent by the job: nothing left yet.
    expect(received.length).toBe(before);
    const queued = await messageRow(t, issued.messageId);
    expect(queued).toMatchObject({ status: 'queued', channel: 'sms', toPhone: passenger.phoneNumber, attempts: 0 });
    const storedBeforeSending = JSON.stringify({
      message: queued,
      code: await codeRow(t, issued.id),
      jobs: await t.db.select().from(jobs),
    });

    expect(await runJobs(t)).toBe(1);
    expect(received.length).toBe(before + 1);
    const request = received[before];
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/v1/messages');
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request.headers['content-type']).toMatch(/^application\/json/);
    expect(request.body).toEqual({ to: passenger.phoneNumber, from: SENDER, channel: 'sms', text: expect.any(String) });
    const code = CODE.exec(request.body.text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const sent = await messageRow(t, issued.messageId);
    expect(sent).toMatchObject({ status: 'sent', providerId: expect.stringMatching(/^gw-\d+$/), attempts: 1 });
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(sent.error).toBeNull();
    expect(sent.sealedBody).toBeNull();

    // The code is in no row: not before sending, not after (the stored body is masked).
    const row = await codeRow(t, issued.id);
    expect(row).toMatchObject({ status: 'sent', phone: passenger.phoneNumber, purpose: 'signup', attempts: 0 });
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHint).toBe(code.slice(-2));
    expect(withoutPhones(storedBeforeSending)).not.toContain(code);
    expect(withoutPhones(JSON.stringify({ row, sent }))).not.toContain(code);
    expect(sent.body).toContain('••••••');

    // Verified once.
    const wrong = code === '000000' ? '000001' : '000000';
    expect(await t.app.smsCodes.verifyCode(recipient, 'signup', wrong)).toBe('wrong');
    expect(await t.app.smsCodes.verifyCode(recipient, 'login', code)).toBe('not_found');
    expect(await t.app.smsCodes.verifyCode(recipient, 'signup', code)).toBe('verified');
    expect(await t.app.smsCodes.verifyCode(recipient, 'signup', code)).toBe('not_found');
    expect(await codeRow(t, issued.id)).toMatchObject({
      status: 'verified',
      attempts: 1,
      verifiedAt: expect.any(Date),
    });
  });

  it('a 500 is retried by the job queue, after its back-off, and then succeeds', async () => {
    const recipient = freshPassenger();
    const before = received.length;
    answers.push(500);
    const issued = await t.app.smsCodes.issueCode(recipient, 'login');

    expect(await runJobs(t)).toBe(1);
    expect(received.length).toBe(before + 1);
    const waiting = await messageRow(t, issued.messageId);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, providerId: null });
    expect(waiting.error).toMatch(/500/);
    expect(waiting.sealedBody).not.toBeNull();

    // Not before its back-off (2 s after the first failure)…
    expect(await runJobs(t)).toBe(0);
    expect(received.length).toBe(before + 1);
    // …then again, and the gateway takes it.
    clock.advance(2_500);
    expect(await runJobs(t)).toBe(1);
    expect(received.length).toBe(before + 2);
    expect(received[before + 1].body.text).toBe(received[before].body.text);
    const sent = await messageRow(t, issued.messageId);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, error: null, sealedBody: null });
    expect(sent.providerId).toMatch(/^gw-\d+$/);

    const code = CODE.exec(received[before + 1].body.text)?.[1] ?? '';
    expect(await t.app.smsCodes.verifyCode(recipient, 'login', code)).toBe('verified');
  });

  it('a 400 marks the message failed without a retry, and its code failed', async () => {
    const recipient = freshPassenger();
    const before = received.length;
    answers.push(400);
    const issued = await t.app.smsCodes.issueCode(recipient, 'signup');
    expect(await runJobs(t)).toBe(1);
    const failed = await messageRow(t, issued.messageId);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, providerId: null, sealedBody: null, sentAt: null });
    expect(failed.error).toMatch(/400/);
    expect((await codeRow(t, issued.id)).status).toBe('failed');

    clock.advance(60 * 60_000);
    expect(await runJobs(t)).toBe(0);
    expect(received.length).toBe(before + 1);
    const code = CODE.exec(received[before].body.text)?.[1] ?? '';
    expect(await t.app.smsCodes.verifyCode(recipient, 'signup', code)).toBe('not_found');
  });

  it('a gateway that does not answer in time is tried again', async () => {
    const recipient = freshPassenger();
    const before = received.length;
    answers.push(HANG);
    const issued = await t.app.smsCodes.issueCode(recipient, 'signup');
    expect(await runJobs(t)).toBe(1);
    const waiting = await messageRow(t, issued.messageId);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting.error).toMatch(/no answer within 1000 ms/);
    clock.advance(2_500);
    expect(await runJobs(t)).toBe(1);
    expect(received.length).toBe(before + 2);
    expect((await messageRow(t, issued.messageId)).status).toBe('sent');
  });

  it("gives up on the job queue's last try: the message and its code failed", async () => {
    const recipient = freshPassenger();
    answers.push(...Array.from({ length: MAX_ATTEMPTS }, () => 503));
    const issued = await t.app.smsCodes.issueCode(recipient, 'signup');
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await runJobs(t)).toBe(1);
      clock.advance(2 ** attempt * 1000 + 500);
    }
    expect(await runJobs(t)).toBe(0);
    const failed = await messageRow(t, issued.messageId);
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, sealedBody: null });
    expect(failed.error).toMatch(/503/);
    expect((await codeRow(t, issued.id)).status).toBe('failed');
  });

  it('sends WhatsApp to the WhatsApp number, and to captains', async () => {
    const before = received.length;
    await t.app.smsCodes.issueCode(people.captain, 'phone_change', { channel: 'whatsapp' });
    expect(await runJobs(t)).toBe(1);
    const [captain] = await t.db.select().from(captains).where(eq(captains.id, people.captain.id));
    expect(received[before].body).toMatchObject({ channel: 'whatsapp', to: captain.whatsappNumber });
  });

  it('expired codes fail, on the server clock', async () => {
    const recipient = freshPassenger();
    const before = received.length;
    const issued = await t.app.smsCodes.issueCode(recipient, 'login');
    await runJobs(t);
    const code = CODE.exec(received[before].body.text)?.[1] ?? '';
    clock.advance(SMS_CODE_TTL_MS);
    expect(await t.app.smsCodes.verifyCode(recipient, 'login', code)).toBe('expired');
    expect((await codeRow(t, issued.id)).status).toBe('expired');
  });

  it('limits the tries: after the last wrong one even the right code fails', async () => {
    const recipient = freshPassenger();
    const before = received.length;
    const issued = await t.app.smsCodes.issueCode(recipient, 'login');
    await runJobs(t);
    const code = CODE.exec(received[before].body.text)?.[1] ?? '';
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 1; i < SMS_CODE_MAX_ATTEMPTS; i++) {
      expect(await t.app.smsCodes.verifyCode(recipient, 'login', wrong)).toBe('wrong');
    }
    expect(await t.app.smsCodes.verifyCode(recipient, 'login', wrong)).toBe('too_many_attempts');
    expect(await t.app.smsCodes.verifyCode(recipient, 'login', code)).toBe('too_many_attempts');
    expect(await codeRow(t, issued.id)).toMatchObject({ status: 'failed', attempts: SMS_CODE_MAX_ATTEMPTS });
  });

  it('a new code replaces the live one', async () => {
    const recipient = freshPassenger();
    const before = received.length;
    const first = await t.app.smsCodes.issueCode(recipient, 'signup');
    expect(await runJobs(t)).toBe(1);
    const second = await t.app.smsCodes.issueCode(recipient, 'signup');
    expect(await runJobs(t)).toBe(1);
    const [oldCode, newCode] = [received[before], received[before + 1]].map((r) => CODE.exec(r.body.text)?.[1] ?? '');
    expect((await codeRow(t, first.id)).status).toBe('expired');
    if (oldCode !== newCode) expect(await t.app.smsCodes.verifyCode(recipient, 'signup', oldCode)).toBe('wrong');
    expect(await t.app.smsCodes.verifyCode(recipient, 'signup', newCode)).toBe('verified');
    expect((await codeRow(t, second.id)).status).toBe('verified');
  });
});

describe('without a gateway: the development outbox, and GET sms_codes', () => {
  let t: TestApp;
  let admin: string;
  let people: Awaited<ReturnType<typeof someRecipients>>;
  /** The code each recipient received, by their number. */
  const codeTo = new Map<string, string>();

  interface OutboxEntry {
    channel: string;
    to: string;
    subject: string;
    text: string;
  }
  const outbox = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json().data as OutboxEntry[];
  const list = (query: string, token: string | null = admin) =>
    t.app.inject({ method: 'GET', url: `/api/sms_codes${query}`, headers: token ? bearer(token) : {} });

  beforeAll(async () => {
    t = await buildTestApp();
    await t.db.delete(jobs);
    people = await someRecipients(t);
    admin = await login(t.app, 'admin@example.com');
  });
  afterAll(() => t?.close());

  it('keeps SMS and WhatsApp in memory and lists them with the e-mails', async () => {
    const [a, b] = people.passengers;
    await t.app.smsCodes.issueCode(a, 'signup');
    await t.app.smsCodes.issueCode(b, 'login', { channel: 'whatsapp' });
    await t.app.smsCodes.issueCode(people.captain, 'login');
    expect(await t.app.jobs.runDue()).toBe(3);
    const entries = await outbox();
    const texts = entries.filter((e) => e.channel !== 'email');
    expect(texts).toHaveLength(3);
    expect(texts.map((e) => e.channel).sort()).toEqual(['sms', 'sms', 'whatsapp']);
    for (const e of texts) codeTo.set(e.to, CODE.exec(e.text)?.[1] ?? '');
    expect(codeTo.size).toBe(3);
    expect([...codeTo.values()].every((c) => /^\d{6}$/.test(c))).toBe(true);
    // The login mail of the admin is there too.
    expect(entries.some((e) => e.channel === 'email' && e.to === 'admin@example.com')).toBe(true);
    const sent = await t.db.select().from(outboundMessages);
    expect(sent.map((m) => m.status)).toEqual(['sent', 'sent', 'sent']);
    expect(sent.every((m) => m.providerId?.startsWith('dev-'))).toBe(true);
  });

  it('GET sms_codes: 401 without a token', async () => {
    expect((await list('', null)).statusCode).toBe(401);
  });

  it('GET sms_codes: 422 on bad filters', async () => {
    for (const query of [
      '?status=lost',
      '?recipient_kind=driver',
      '?purpose=reset',
      '?from_date=2026-13-01',
      '?to_date=yesterday',
      '?from_date=2026-05-02&to_date=2026-05-01',
      '?perPage=0',
    ]) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors).length, query).toBeGreaterThan(0);
    }
  });

  it('GET sms_codes: 403 for a role without SMS_CODES', async () => {
    const dispatcher = await login(t.app, 'dispatcher@example.com');
    expect((await list('', dispatcher)).statusCode).toBe(403);
  });

  it('GET sms_codes: newest first, who and where, the code masked and never shown', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    for (const code of codeTo.values()) expect(withoutPhones(res.body)).not.toContain(code);
    const page = res.json().data as { data: SmsCodeDto[]; total: number };
    expect(page.total).toBe(3);
    const [newest, , oldest] = page.data;
    expect(newest.recipient).toMatchObject({ kind: 'captain', id: people.captain.id, name: expect.any(String) });
    expect(oldest.recipient).toMatchObject({ kind: 'passenger', id: people.passengers[0].id });
    expect(oldest).toMatchObject({
      purpose: 'signup',
      status: 'sent',
      delivery: 'sent',
      attempts: 0,
      verified_at: null,
    });
    expect(page.data.map((r) => r.code_masked).sort()).toEqual(
      [...codeTo.values()].map((c) => `••••${c.slice(-2)}`).sort(),
    );
    expect(Date.parse(oldest.expires_at) - Date.parse(oldest.created_at)).toBe(SMS_CODE_TTL_MS);
  });

  it('GET sms_codes: searches by phone or name, filters by kind, status and dates', async () => {
    const [passenger] = await t.db.select().from(passengers).where(eq(passengers.id, people.passengers[0].id));
    const ids = async (query: string) => {
      const res = await list(query);
      expect(res.statusCode, query).toBe(200);
      return (res.json().data.data as SmsCodeDto[]).map((r) => r.recipient.id);
    };
    expect(await ids(`?search=${encodeURIComponent(passenger.phoneNumber)}`)).toEqual([passenger.id]);
    expect(await ids(`?search=${passenger.phoneNumber.slice(1)}`)).toEqual([passenger.id]);
    expect(await ids(`?search=${encodeURIComponent(`${passenger.firstName} ${passenger.lastName}`)}`)).toContain(
      passenger.id,
    );
    expect(await ids('?recipient_kind=captain')).toEqual([people.captain.id]);
    expect(await ids('?purpose=signup')).toEqual([passenger.id]);

    const code = codeTo.get(passenger.phoneNumber) ?? '';
    expect(await t.app.smsCodes.verifyCode(people.passengers[0], 'signup', code)).toBe('verified');
    expect(await ids('?status=verified')).toEqual([passenger.id]);
    expect(await ids('?status=expired')).toEqual([]);
    expect((await ids('?status=sent')).length).toBe(2);

    // The filter's days are the city's (Europe/Monaco), not UTC's: near midnight they differ.
    const today = dateToCityLocal(new Date()).slice(0, 10);
    expect((await ids(`?from_date=${today}&to_date=${today}`)).length).toBe(3);
    expect(await ids('?to_date=2020-01-01')).toEqual([]);
  });
});
