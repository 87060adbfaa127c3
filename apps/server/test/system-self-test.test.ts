import type { AddressInfo } from 'node:net';
import { EVENTS, type SelfTestDto } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema';
import { SELF_TEST_JOB } from '../src/modules/system/self-test';
import { apiCaller, buildTestApp, listeningAppForFile, loginAll, nextEvent, type TestApp } from './helpers';

/** A real SMTP server on loopback: the mail check hands it a message (login codes go there too). */
const received: { to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
      callback();
    });
  },
});

const t = listeningAppForFile();
const call = apiCaller(() => t.app);
let admin: string;
let dispatcher: string;

const run = async (token = admin, language = 'en') => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/system/self_test',
    headers: { authorization: `Bearer ${token}`, 'accept-language': language },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SelfTestDto;
};
const result = (r: SelfTestDto, check: string) => r.results.find((x) => x.check === check);

beforeAll(async () => {
  [admin, dispatcher] = await loginAll(t.app, 'admin@example.com', 'dispatcher@example.com');
  t.app.jobs.start(50);
});
describe('the self-test: POST system/self_test', () => {
  it('makes the database, the job worker, the disk and the street graph work, and says so', async () => {
    const r = await run();
    expect(r.results.map((x) => x.check)).toEqual(['database', 'jobs', 'storage', 'routing', 'mail', 'realtime']);
    expect(result(r, 'database')).toMatchObject({ status: 'ok' });
    expect(result(r, 'jobs')).toMatchObject({ status: 'ok', detail: 'A test job was scheduled and run by a worker' });
    expect(result(r, 'storage')).toMatchObject({ status: 'ok' });
    // The test city has streets: two of its places are joined by a street route.
    expect(result(r, 'routing')?.status).toBe('ok');
    expect(result(r, 'routing')?.detail).toMatch(/^\d+\.\d km in \d+ min by the streets/);
    // The database check leaves nothing behind; the job it ran is done.
    const rows = await t.db.select().from(jobs).where(eq(jobs.kind, SELF_TEST_JOB));
    expect(rows).toHaveLength(1);
    expect(rows[0].doneAt).not.toBeNull();
  });

  it('fails the job check when the worker does not run', async () => {
    await t.app.jobs.stop();
    try {
      const r = await run();
      expect(result(r, 'jobs')).toMatchObject({ status: 'failed', detail: "This server's job worker is not running" });
    } finally {
      t.app.jobs.start(50);
    }
  });

  it('fails the job check when the worker does not take the job in time, and cancels the job it left', async () => {
    // A worker that polls, but for other kinds only: the test job stays due.
    const runDue = t.app.jobs.runDue;
    t.app.jobs.runDue = async () => 0;
    try {
      const r = await run();
      expect(result(r, 'jobs')).toMatchObject({ status: 'failed', detail: 'No worker ran the test job within 5 s' });
      const left = await t.db.select().from(jobs).where(eq(jobs.kind, SELF_TEST_JOB));
      expect(left.every((j) => j.doneAt !== null)).toBe(true);
    } finally {
      t.app.jobs.runDue = runDue;
    }
  }, 15_000);

  it('skips the mail without a mail server, and fails the live check without an open console', async () => {
    const r = await run();
    expect(result(r, 'mail')).toMatchObject({ status: 'skipped' });
    expect(result(r, 'realtime')).toMatchObject({
      status: 'failed',
      detail: 'None of your consoles holds a live connection',
    });
  });

  it("sends the live event to the caller's own consoles only", async () => {
    const mine = await t.connected(admin);
    const theirs = await t.connected(dispatcher);
    let leaked = false;
    theirs.on(EVENTS.selfTest, () => {
      leaked = true;
    });
    const heard = nextEvent<{ nonce: string }>(mine, EVENTS.selfTest);
    const r = await run();
    expect(result(r, 'realtime')).toMatchObject({ status: 'ok', detail: 'Sent to your open consoles: 1' });
    expect((await heard).nonce).toBe(r.nonce);
    expect(leaked).toBe(false);
  });

  it('answers in the caller language', async () => {
    const r = await run(admin, 'fr');
    expect(result(r, 'mail')?.detail).not.toBe('No mail server is configured (SMTP_URL): e-mails are not sent');
    expect(result(r, 'mail')?.detail).toContain('SMTP_URL');
  });

  it('is for SETTINGS holders only', async () => {
    const res = await call('POST', 'system/self_test', dispatcher);
    expect(res.statusCode).toBe(403);
    expect((await call('POST', 'system/self_test', null)).statusCode).toBe(401);
  });
});

describe('the self-test with a mail server', () => {
  let m: TestApp;
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    m = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    m.app.jobs.start(50);
  });
  afterAll(async () => {
    await m?.close();
    smtp.close();
  });

  it('hands a test e-mail for the caller to the mail server', async () => {
    const [token] = await loginAll(m.app, 'supervisor@example.com');
    const res = await apiCaller(() => m.app)('POST', 'system/self_test', token);
    expect(res.statusCode, res.body).toBe(200);
    const mail = (res.json().data as SelfTestDto).results.find((x) => x.check === 'mail');
    expect(mail).toMatchObject({
      status: 'ok',
      detail: 'A test e-mail was handed to the mail server for supervisor@example.com',
    });
    const sent = received.filter((x) => x.to.includes('supervisor@example.com') && x.raw.includes('self-test'));
    expect(sent).toHaveLength(1);
  });
});
