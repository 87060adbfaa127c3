import { MSG } from '@taxi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpStandIn } from '../../../e2e/smtp-stand-in';
import { ManualClock } from '../src/lib/clock';
import { RESET_TOKEN_TTL_MS } from '../src/modules/auth/password-reset';
import { bearer, buildTestApp, lastCode, login, loginBody, type TestApp } from './helpers';

/** A real SMTP server on a random loopback port: the app's mailer (nodemailer, SMTP_URL) delivers to it. */
const smtp = new SmtpStandIn();
const received = smtp.received;

const ACCOUNT_LIMIT = 5;
const NEW_PASSWORD = 'Fresh#Pass9';
const clock = new ManualClock();
let t: TestApp;

beforeAll(async () => {
  const port = await smtp.listen();
  t = await buildTestApp({
    clock,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      PUBLIC_URL: 'https://console.example.test/',
      LOGIN_RATE_MAX_PER_ACCOUNT: String(ACCOUNT_LIMIT),
    },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp.close();
});

const forgot = (email: string, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email }, remoteAddress: ip });
const reset = (token: unknown, password: unknown = NEW_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, password } });

/** Asks for a link for `email`, waits for the mail at the SMTP server and returns the link. */
async function requestLink(email: string): Promise<URL> {
  const before = received.length;
  const res = await forgot(email);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ data: null, message: MSG.resetEmailSent });
  await t.app.passwordResets.idle();
  const mails = received.slice(before).filter((m) => m.to.includes(email));
  expect(mails).toHaveLength(1);
  const href = mails[0].text.match(/https:\/\/console\.example\.test\/reset-password\?token=[\w%-]+/)?.[0];
  if (!href) throw new Error(`no link in ${mails[0].raw}`);
  return new URL(href);
}

const tokenOf = (link: URL) => link.searchParams.get('token') ?? '';

describe('password reset by e-mail', () => {
  it('mails a link through SMTP; following it sets the password and ends every session', async () => {
    const email = 'dispatcher@example.com';
    const [first, second] = [await login(t.app, email), await login(t.app, email)];
    const link = await requestLink(email);
    expect(link.pathname).toBe('/reset-password');
    expect(tokenOf(link)).toMatch(/^[\w-]{43}$/);

    const res = await reset(tokenOf(link));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null, message: MSG.passwordChanged });

    // every session of the user ended
    for (const token of [first, second]) {
      const check = await t.app.inject({ method: 'GET', url: '/api/check_auth', headers: bearer(token) });
      expect(check.statusCode).toBe(401);
    }
    // the old password fails, the new one works
    const old = await t.app.inject({ method: 'POST', url: '/api/admin_send_code', payload: loginBody(email) });
    expect(old.statusCode).toBe(422);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/admin_send_code',
      payload: loginBody(email, { password: NEW_PASSWORD }),
    });
    expect(sent.statusCode).toBe(200);
    const code = await lastCode(t.app, email);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/admin_login',
      payload: loginBody(email, { password: NEW_PASSWORD, code }),
    });
    expect(signedIn.statusCode).toBe(200);

    // single use
    const again = await reset(tokenOf(link), 'Other#Pass9');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ token: [MSG.resetLinkInvalid] });
  });

  it('keeps the mail in the development outbox too', async () => {
    await requestLink('callcenter@example.com');
    const outbox = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json().data as {
      to: string;
      subject: string;
      text: string;
    }[];
    const mail = outbox.find((m) => m.to === 'callcenter@example.com' && m.subject === MSG.resetEmailSubject);
    expect(mail?.text).toContain('https://console.example.test/reset-password?token=');
  });

  it('a new request replaces the older unused link', async () => {
    const email = 'gov@example.com';
    const older = await requestLink(email);
    const newer = await requestLink(email);
    expect((await reset(tokenOf(older))).statusCode).toBe(422);
    expect((await reset(tokenOf(newer))).statusCode).toBe(200);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = received.length;
    const res = await forgot('nobody@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null, message: MSG.resetEmailSent });
    await t.app.passwordResets.idle();
    expect(received.length).toBe(before);
  });

  it('refuses bad input with field errors', async () => {
    const bad = await reset('not-a-token');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ token: [MSG.resetLinkInvalid] });
    const missing = await t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { password: 'x' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.token).toEqual([MSG.resetLinkInvalid]);

    const link = await requestLink('airport@example.com');
    const weak = await reset(tokenOf(link), 'weakpass');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors).toEqual({ password: [MSG.invalidPassword] });
    // the weak attempt did not use the token up
    expect((await reset(tokenOf(link))).statusCode).toBe(200);

    const email = await forgot('not an e-mail');
    expect(email.statusCode).toBe(422);
    expect(email.json().errors).toEqual({ email: [MSG.invalidEmail] });
  });

  it('rate limits per account and address (429 after the limit, with the wait)', async () => {
    for (let i = 0; i < ACCOUNT_LIMIT; i++) expect((await forgot('limited@example.com')).statusCode).toBe(200);
    const over = await forgot('LIMITED@example.com');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(MSG.tooManyAttemptsWait(1));
    expect(over.headers['retry-after']).toBe('1');
  });

  it('refuses an expired link', async () => {
    const link = await requestLink('airport.supervisor@example.com');
    clock.advance(RESET_TOKEN_TTL_MS + 1);
    const res = await reset(tokenOf(link));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ token: [MSG.resetLinkInvalid] });
  });
});
