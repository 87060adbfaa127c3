import { createRequire } from 'node:module';
import type { Browser, Page } from '@playwright/test';
import { buildSync } from 'esbuild';
import { axeBothSchemes } from './axe';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';
import { VOICE, VOICE_RING_SECONDS } from './voice-env';

/**
 * A call through the real SIP server (Kamailio, started beside each test server by playwright.config.ts): a
 * caller (JsSIP in a page of its own, with a fake microphone) dials the inbound number; the operator's console
 * rings, shows the passenger its number belongs to, answers, audio flows both ways, the phone booking opens
 * pre-filled, the booking is made and the call log links the two.
 */
if (!VOICE && process.env.CI) throw new Error('/usr/sbin/kamailio is missing: .ci/run installs it');
test.skip(!VOICE, 'Kamailio is not installed (apt-get install kamailio kamailio-websocket-modules …)');

/** JsSIP as one script for the caller's page (the console's copy lives in its own chunk). */
function jssipBundle(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('jssip', { paths: ['apps/web'] });
  const out = buildSync({ entryPoints: [entry], bundle: true, write: false, format: 'iife', globalName: 'JsSIP' });
  return out.outputFiles[0].text;
}

interface Credentials {
  enabled: boolean;
  ws_url: string;
  domain: string;
  queue_number: string;
}

/**
 * The caller: another browser context at the console's origin (Kamailio accepts only that origin), JsSIP loaded
 * into it, registered nowhere, calling the public number from `from`. The page's `callState` follows the call.
 */
async function startCaller(browser: Browser, baseURL: string, creds: Credentials, from: string) {
  const callerContext = await browser.newContext({ bypassCSP: true, permissions: ['microphone'] });
  const callerPage = await callerContext.newPage();
  await callerPage.goto(`${baseURL}/login`);
  await callerPage.addScriptTag({ content: jssipBundle() });
  await callerPage.evaluate(
    ({ wsUrl, domain, number, from }) => {
      const JsSIP = (window as unknown as { JsSIP: typeof import('jssip') }).JsSIP;
      const ua = new JsSIP.UA({
        sockets: [new JsSIP.WebSocketInterface(wsUrl)],
        uri: `sip:${from}@${domain}`,
        register: false,
      });
      // The state of the caller's latest call (a transfer replaces it with a new one), and its RTP in.
      const w = window as unknown as { callState: string; calls: number; rtpIn: () => Promise<number> };
      const options = { mediaConstraints: { audio: true, video: false }, pcConfig: { iceServers: [] } };
      w.callState = 'starting';
      w.calls = 0;
      type Session = ReturnType<typeof ua.call>;
      const track = (session: Session) => {
        const index = ++w.calls;
        const set = (state: string) => {
          if (index === w.calls) w.callState = state;
        };
        session.on('progress', () => set('ringing'));
        session.on('confirmed', () => set('confirmed'));
        session.on('ended', () => set('ended'));
        session.on('failed', (e: { cause?: string }) => set(`failed: ${e.cause}`));
        // A transfer: the operator's console refers this phone back to the queue; it calls again.
        session.on('refer', (refer) => {
          refer.accept((next: Session) => track(next), options);
        });
        w.rtpIn = async () => {
          let bytes = 0;
          (await session.connection.getStats()).forEach((r: { type: string; bytesReceived?: number }) => {
            if (r.type === 'inbound-rtp') bytes += r.bytesReceived ?? 0;
          });
          return bytes;
        };
      };
      ua.on('connected', () => track(ua.call(`sip:${number}@${domain}`, options)));
      ua.start();
    },
    { wsUrl: creds.ws_url, domain: creds.domain, number: creds.queue_number, from },
  );
  return { callerContext, callerPage };
}

const callerState = (callerPage: Page) =>
  callerPage.evaluate(() => (window as unknown as { callState: string }).callState);

test('an inbound call rings the operator, who answers into a pre-filled booking; the call log links them', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await login(page, request, USERS.callcenter);
  expect((await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system' })).status).toBe(200);
  expect((await api(page, 'PUT', 'online', { online: true })).status).toBe(200);
  const creds = (await api<{ data: Credentials }>(page, 'GET', 'voice/credentials')).json.data;
  expect(creds.enabled).toBe(true);
  // A demo passenger calls: the console must find them by the number.
  const passengers = await api<{ data: { data: { id: number; first_name: string; phone_number: string }[] } }>(
    page,
    'GET',
    'passenger?perPage=5',
  );
  const caller = passengers.json.data.data[0];

  await page.goto('/requests');
  await expect(page.getByTestId('voice-button')).toHaveAttribute('data-voice-state', 'ready', { timeout: 30_000 });

  const { callerContext, callerPage } = await startCaller(browser, `${baseURL}`, creds, caller.phone_number);

  // The operator's console rings and knows who calls.
  const card = page.getByTestId('voice-call-card');
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('voice-button')).toHaveAttribute('data-voice-state', 'ringing');
  await expect(page.getByTestId('voice-caller-name')).toContainText(caller.first_name);
  await page.screenshot({ path: 'test-results/voice-ringing.png' });
  expect(await axeBothSchemes(page)).toEqual([]);

  await page.getByTestId('voice-answer').click();
  await expect.poll(() => callerState(callerPage)).toBe('confirmed');
  await expect(page.getByTestId('voice-button')).toHaveAttribute('data-voice-state', 'in_call');
  // Audio flows: the caller receives the operator's (fake) microphone over RTP.
  await expect
    .poll(() => callerPage.evaluate(() => (window as unknown as { rtpIn: () => Promise<number> }).rtpIn()), {
      timeout: 15_000,
    })
    .toBeGreaterThan(1000);

  // The phone booking opened with the caller.
  await expect(page).toHaveURL(/\/phone-bookings\?.*phone=/);
  const callId = new URL(page.url()).searchParams.get('call');
  expect(callId).toBeTruthy();
  await page.screenshot({ path: 'test-results/voice-answered.png' });

  // The booking is made during the call, for the passenger the number found.
  await page.getByTestId('pickup-input').fill('Hermitage');
  await page
    .getByRole('option', { name: /Hermitage/ })
    .first()
    .click();
  await page.getByTestId('dropoff-input').fill('Casino');
  await page
    .getByRole('option', { name: /Casino de Monte/ })
    .first()
    .click();
  await page.getByTestId('phone-booking-submit').click();
  const toast = page.getByText(/Order #\d+ has been created/);
  await expect(toast).toBeVisible();
  const bookingId = Number((await toast.textContent())?.match(/#(\d+)/)?.[1]);
  const booked = await api<{ data: { passenger: { id: number } | null } }>(page, 'GET', `bookings/${bookingId}`);
  expect(booked.json.data.passenger?.id).toBe(caller.id);

  const calls = async () =>
    (
      await api<{ data: { data: { sip_call_id: string; outcome: string; booking_id: number | null }[] } }>(
        page,
        'GET',
        `calls?number=${encodeURIComponent(caller.phone_number)}`,
      )
    ).json.data.data;
  await expect.poll(async () => (await calls()).find((c) => c.sip_call_id === callId)?.outcome).toBe('answered');
  await expect.poll(async () => (await calls()).find((c) => c.sip_call_id === callId)?.booking_id).toBe(bookingId);

  // A colleague's console is on; the operator hands the call over to them.
  const colleagueContext = await browser.newContext({ baseURL, permissions: ['microphone'] });
  const colleague = await colleagueContext.newPage();
  await login(colleague, request, USERS.dispatcher);
  expect((await api(colleague, 'PUT', 'online', { online: true })).status).toBe(200);
  const me = (await api<{ data: { first_name: string; last_name: string } }>(colleague, 'GET', 'check_auth')).json.data;
  await colleague.goto('/requests');
  await expect(colleague.getByTestId('voice-button')).toHaveAttribute('data-voice-state', 'ready', { timeout: 30_000 });
  await page.getByTestId('voice-transfer').click();
  await page.getByRole('menuitem', { name: `${me.first_name} ${me.last_name}` }).click();
  // The caller's phone calls the queue again, which rings the colleague; they answer.
  await expect(colleague.getByTestId('voice-call-card')).toBeVisible({ timeout: 20_000 });
  await expect(colleague.getByTestId('voice-caller-name')).toContainText(caller.first_name);
  await expect(page.getByTestId('voice-button')).toHaveAttribute('data-voice-state', 'ready');
  await colleague.getByTestId('voice-answer').click();
  await expect.poll(() => callerState(callerPage)).toBe('confirmed');
  expect(await callerPage.evaluate(() => (window as unknown as { calls: number }).calls)).toBe(2);
  await expect(colleague.getByTestId('voice-button')).toHaveAttribute('data-voice-state', 'in_call');
  await expect.poll(async () => (await calls()).find((c) => c.sip_call_id === callId)?.outcome).toBe('transferred');

  // The colleague hangs up: both sides end, the new call is logged completed.
  await colleague.getByTestId('voice-hang-up').click();
  await expect.poll(() => callerState(callerPage)).toBe('ended');
  await expect
    .poll(async () => (await calls()).filter((c) => c.sip_call_id !== callId).map((c) => c.outcome))
    .toEqual(['completed']);
  await colleagueContext.close();

  await page.goto('/calls');
  const row = page.getByRole('row').filter({ hasText: 'Transferred' }).first();
  await expect(row).toContainText('Carla');
  await expect(row.getByRole('link', { name: `Booking #${bookingId}` })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Completed' }).first()).toContainText(me.first_name);
  await page.screenshot({ path: 'test-results/voice-calls.png' });
  expect(await axeBothSchemes(page)).toEqual([]);
  // An operator narrows the log to their own calls: the colleague's completed call goes.
  await page.getByTestId('calls-mine').click();
  await expect(page.getByRole('row').filter({ hasText: me.first_name })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'Transferred' }).first()).toContainText('Carla');

  // The call is on the booking's log and on the passenger's page.
  await page.goto(`/log/${bookingId}`);
  await expect(page.getByTestId('booking-calls').getByRole('row').filter({ hasText: 'Transferred' })).toHaveCount(1);
  await page.goto(`/passengers/${caller.id}`);
  await page.getByRole('tab', { name: 'Calls' }).click();
  await expect(page.getByTestId('passenger-calls').getByRole('link', { name: `Booking #${bookingId}` })).toBeVisible();
  await callerContext.close();
});

test('a call the first operator lets ring goes to the next one after the ring time', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  // Two operators ready: the call centre's and a dispatcher's console.
  await login(page, request, USERS.callcenter, '/requests');
  expect((await api(page, 'PUT', 'online', { online: true })).status).toBe(200);
  const creds = (await api<{ data: Credentials }>(page, 'GET', 'voice/credentials')).json.data;
  const colleagueContext = await browser.newContext({ baseURL, permissions: ['microphone'] });
  const colleague = await colleagueContext.newPage();
  await login(colleague, request, USERS.dispatcher, '/requests');
  expect((await api(colleague, 'PUT', 'online', { online: true })).status).toBe(200);
  const consoles = [page, colleague];
  for (const p of consoles) {
    await p.reload();
    await expect(p.getByTestId('voice-button')).toHaveAttribute('data-voice-state', 'ready', { timeout: 30_000 });
  }
  const ids = await Promise.all(
    consoles.map(async (p) => (await api<{ data: { id: number } }>(p, 'GET', 'check_auth')).json.data.id),
  );
  const passengers = await api<{ data: { data: { phone_number: string }[] } }>(page, 'GET', 'passenger?perPage=5');
  const number = passengers.json.data.data[1].phone_number;
  const { callerContext, callerPage } = await startCaller(browser, `${baseURL}`, creds, number);

  // Round robin: exactly one console rings first.
  const ringing = () => Promise.all(consoles.map((p) => p.getByTestId('voice-call-card').isVisible()));
  await expect.poll(async () => (await ringing()).filter(Boolean).length, { timeout: 20_000 }).toBe(1);
  const first = (await ringing()).indexOf(true);
  const next = 1 - first;
  const rangAt = Date.now();
  // Nobody answers there: after the ring time the call leaves that console and rings the other.
  await expect(consoles[next].getByTestId('voice-call-card')).toBeVisible({
    timeout: (VOICE_RING_SECONDS + 15) * 1000,
  });
  expect(Date.now() - rangAt).toBeGreaterThan((VOICE_RING_SECONDS - 2) * 1000);
  await expect(consoles[first].getByTestId('voice-call-card')).toBeHidden();
  await expect(consoles[first].getByTestId('voice-button')).toHaveAttribute('data-voice-state', 'ready');

  await consoles[next].getByTestId('voice-answer').click();
  await expect.poll(() => callerState(callerPage)).toBe('confirmed');
  await consoles[next].getByTestId('voice-hang-up').click();
  await expect.poll(() => callerState(callerPage)).toBe('ended');

  // The log: answered by the second operator, after both were rung, the caller having waited the first ring out.
  const log = async () =>
    (
      await api<{
        data: { data: { outcome: string; operator_id: number | null; rung: number; wait_s: number | null }[] };
      }>(page, 'GET', `calls?number=${encodeURIComponent(number)}`)
    ).json.data.data[0];
  await expect.poll(async () => (await log())?.outcome).toBe('completed');
  const call = await log();
  expect(call.operator_id).toBe(ids[next]);
  expect(call.rung).toBeGreaterThanOrEqual(2);
  expect(call.wait_s).toBeGreaterThanOrEqual(VOICE_RING_SECONDS - 1);
  await callerContext.close();
  await colleagueContext.close();
});
