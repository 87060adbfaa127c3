import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import {
  AI_LABELS,
  type AiDispatchPopupPayload,
  dateToCityLocal,
  MAP_CENTER,
  MSG,
  type SuggestionPopupPayload,
} from '@taxi/shared';

export const DEMO_PASSWORD = 'Demo#2026';

export const USERS = {
  admin: 'admin@example.com',
  dispatcher: 'dispatcher@example.com',
  callcenter: 'callcenter@example.com',
  gov: 'gov@example.com',
  airport: 'airport@example.com',
  supervisor: 'supervisor@example.com',
} as const;

interface OutboxRow {
  to: string;
  subject: string;
  text: string;
  code: string;
  created_at: string;
}

async function outbox(request: APIRequestContext): Promise<OutboxRow[]> {
  const response = await request.get('/api/dev/outbox');
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { data: OutboxRow[] }).data;
}

/** The newest mail to `email`, as its creation time ('' when none): what a new code must come after. */
async function newestMailTo(request: APIRequestContext, email: string): Promise<string> {
  // The outbox lists a window of the newest mails, so a count of this address's rows stops growing once the
  // window is full of them: the time tells a new code from an old one.
  return (await outbox(request)).find((row) => row.to === email)?.created_at ?? '';
}

/** Waits for a sign-in code mailed to `email` after `newestBefore`, and returns it. */
async function codeMailedAfter(request: APIRequestContext, email: string, newestBefore: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const newest = (await outbox(request)).find((row) => row.to === email && row.code);
      code = newest && newest.created_at > newestBefore ? newest.code : '';
      return code;
    })
    .not.toBe('');
  return code;
}

/** Fills step 1, waits for the code step, reads the code from the dev outbox and verifies. */
export async function loginUntilCode(page: Page, request: APIRequestContext, email: string): Promise<string> {
  const newestBefore = await newestMailTo(request, email);
  await page.goto('/login');
  await page.getByLabel(MSG.emailLabel).fill(email);
  await page.getByLabel(MSG.passwordLabel).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: MSG.loginButton }).click();
  await expect(page.getByText(MSG.verificationTitle)).toBeVisible();
  return codeMailedAfter(request, email, newestBefore);
}

/** The two steps through the login page's form, landing on the user's start page. */
export async function loginByForm(page: Page, request: APIRequestContext, email: string): Promise<void> {
  const code = await loginUntilCode(page, request, email);
  await page.getByLabel(MSG.codeLabel).fill(code);
  await page.getByRole('button', { name: MSG.verifyButton }).click();
  // The console's first load after the code (the shell, the first page's chunks) can be slow on a busy machine.
  await expect(page.getByTestId('drawer-toggle')).toBeVisible({ timeout: 30_000 });
}

let sessions = 0;

/**
 * Signs in through the API (the same two calls as the form, whose own spec is shell.spec.ts) and opens the
 * console with that session stored, as a console reopened by its user would: on the user's start page, or
 * straight on `path` (one page load instead of two).
 */
export async function login(
  page: Page,
  request: APIRequestContext,
  email: string,
  path = '/',
  { keepPreferences = false }: { keepPreferences?: boolean } = {},
): Promise<void> {
  const body = { username: email, password: DEMO_PASSWORD, provider: 'users', remember_me: false };
  const newestBefore = await newestMailTo(request, email);
  expect((await request.post('/api/admin_send_code', { data: body })).ok()).toBeTruthy();
  const code = await codeMailedAfter(request, email, newestBefore);
  const answer = await request.post('/api/admin_login', { data: { ...body, code } });
  expect(answer.ok()).toBeTruthy();
  const data = ((await answer.json()) as { data: { accessToken: string } }).data;
  // The preferences are kept on the account (per worker's server): each sign-in starts from English, the system's
  // scheme, the comfortable board and a hidden AI panel, so one spec's choice is never the next spec's (the specs of
  // those preferences set them themselves, after signing in).
  // `keepPreferences`: a spec of what the account keeps across sign-ins signs in again without the reset.
  if (!keepPreferences) {
    const reset = await request.put('/api/preferences', {
      headers: { Authorization: `Bearer ${data.accessToken}` },
      data: { language: 'en', theme: 'system', board_density: 'comfortable', ai_panel: 'hidden' },
    });
    expect(reset.ok()).toBeTruthy();
  }
  const session = JSON.stringify(data);
  // Stored once by the next document of this tab (a flag in its sessionStorage): a later logout stays a logout.
  const flag = `e2e.session.${++sessions}`;
  await page.addInitScript(
    ({ flag, session }) => {
      if (sessionStorage.getItem(flag)) return;
      sessionStorage.setItem(flag, '1');
      localStorage.setItem('taxi.session', session);
    },
    { flag, session },
  );
  await page.goto(path);
  await expect(page.getByTestId('drawer-toggle')).toBeVisible({ timeout: 30_000 });
}

/** check_auth with the token the page stored. */
export async function checkAuth(
  page: Page,
): Promise<{ id: number; permissions: string[]; roles: { id: number; name: string }[] }> {
  return page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('taxi.session') ?? 'null') as { accessToken: string } | null;
    const response = await fetch('/api/check_auth', { headers: { Authorization: `Bearer ${session?.accessToken}` } });
    return (await response.json()).data;
  });
}

/** Calls the API with the token the page stored (as the console itself does). */
export async function api<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const session = JSON.parse(localStorage.getItem('taxi.session') ?? 'null') as { accessToken: string } | null;
      const response = await fetch(`/api/${path}`, {
        method,
        // A JSON content type only with a body: the server refuses an empty JSON body (a DELETE has none).
        headers: {
          Authorization: `Bearer ${session?.accessToken}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: await response.json() };
    },
    { method, path, body },
  );
}

/**
 * Records Content-Security-Policy violations of the page (the `securitypolicyviolation` event, and the
 * console's "Refused to …" lines); call before the first navigation, read with the returned function.
 */
export async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) logged.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  return async () => [
    ...logged,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])),
  ];
}

/** A now-booking the AI has offered and a captain accepted: its dispatch popup is open (dev-only accept). */
export async function liveSuggestion(
  page: Page,
  firstName: string,
  lastName: string,
  /** Where the accepting captain (the ranking's first) reports from; else the AI's own offer is accepted. */
  from?: [number, number],
): Promise<{ id: number; popup: AiDispatchPopupPayload }> {
  const created = await api<{ data: { id: number } }>(page, 'POST', 'bookings', {
    new_passenger: { first_name: firstName, last_name: lastName, phone_number: `+377 6${Date.now() % 10_000_000}` },
    service_id: 2,
    pickup: { name: 'Gare de Monaco', details: 'Main entrance', lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
    dropoff: {
      name: 'Port Hercule',
      details: 'Quai Albert Ier',
      lon: MAP_CENTER[0] + 0.008,
      lat: MAP_CENTER[1] + 0.004,
    },
    now: true,
  });
  expect(created.status).toBe(201);
  const id = created.json.data.id;
  let as = {};
  if (from) {
    const ranking = await api<{ data: { candidates: { captain_id: number }[] } }>(
      page,
      'GET',
      `dispatch/booking/${id}/ranking`,
    );
    expect(ranking.json.data.candidates.length).toBeGreaterThan(0);
    as = { captain_id: ranking.json.data.candidates[0].captain_id, lon: from[0], lat: from[1] };
  }
  // Plays the captain app accepting the AI's offer (development-only call; the simulator does it in the demo).
  const accepted = await api<{ data: AiDispatchPopupPayload }>(page, 'POST', `ai/dev/accept/${id}`, as);
  expect(accepted.status).toBe(200);
  return { id, popup: accepted.json.data };
}

/** Cancels a booking with the first of the staff's cancellation reasons. */
export async function cancelBooking(page: Page, id: number): Promise<void> {
  const { json: reasons } = await api<{ data: { id: number }[] }>(page, 'GET', 'user_cancellation_reason');
  const cancelled = await api(page, 'DELETE', `bookings/${id}?user_cancellation_reason_id=${reasons.data[0].id}`);
  expect(cancelled.status).toBe(200);
}

/** A dashboard order for `minutesAhead` from now (the city's wall clock, as the phone booking form sends it). */
export async function createOrder(page: Page, firstName: string, minutesAhead = 60): Promise<number> {
  const res = await api<{ data: { id: number } }>(page, 'POST', 'bookings', {
    new_passenger: { first_name: firstName, last_name: 'E2e', phone_number: `+377 6${Date.now() % 10_000_000}` },
    service_id: 2,
    pickup: { name: 'E2E pickup', lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
    dropoff: { name: 'E2E dropoff', lon: MAP_CENTER[0] + 0.01, lat: MAP_CENTER[1] + 0.005 },
    now: false,
    datetime: dateToCityLocal(new Date(Date.now() + minutesAhead * 60_000)),
    seats: 1,
    origin: 'dashboard',
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.data.id;
}

/** Dispatches a booking to the first captain of its ranking, as another operator would. */
export async function dispatchBooking(page: Page, id: number): Promise<void> {
  const ranking = await api<{ data: { candidates: { captain_id: number }[] } }>(
    page,
    'GET',
    `dispatch/booking/${id}/ranking`,
  );
  expect(ranking.json.data.candidates.length).toBeGreaterThan(0);
  const dispatched = await api(page, 'PUT', `dispatch/${id}/${ranking.json.data.candidates[0].captain_id}`);
  expect(dispatched.status, JSON.stringify(dispatched.json)).toBe(200);
}

/**
 * Opens the AI popups' panel from the toolbar's tray (it never opens by itself) and moves through the queue to the
 * popup titled `title`; returns the panel.
 */
export async function showAiPopup(page: Page, title: string): Promise<Locator> {
  const panel = page.locator('[data-ai-panel]');
  const toggle = page.getByTestId('ai-popup-toggle');
  await expect(toggle).toBeVisible();
  if ((await panel.count()) === 0) await toggle.click();
  await expect(panel).toBeVisible();
  for (let i = 0; i < 30 && !(await panel.getByText(title).isVisible()); i++)
    await panel.getByRole('button', { name: AI_LABELS.next }).click();
  await expect(panel.getByText(title)).toBeVisible();
  return panel;
}

/**
 * A scheduled booking whose accepting captain is far too late for its time: its time-suggestion popup is open
 * (dev-only accept, from 13 km away).
 */
export async function lateTimeSuggestion(
  page: Page,
  firstName: string,
  lastName: string,
): Promise<{ id: number; popup: SuggestionPopupPayload }> {
  const phone = () => `+377 6${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  const pickup = { name: 'Casino de Monte-Carlo', details: 'Place du Casino', lon: MAP_CENTER[0], lat: MAP_CENTER[1] };
  // The ranking of a full-car order near the pickup names a captain who drives it.
  const probe = await api<{ data: { id: number } }>(page, 'POST', 'bookings', {
    new_passenger: { first_name: 'Probe', last_name: 'Ranking', phone_number: phone() },
    service_id: 2,
    pickup,
    now: true,
  });
  expect(probe.status).toBe(201);
  const ranking = await api<{ data: { candidates: { captain_id: number }[] } }>(
    page,
    'GET',
    `dispatch/booking/${probe.json.data.id}/ranking`,
  );
  expect(ranking.json.data.candidates.length).toBeGreaterThan(0);
  await cancelBooking(page, probe.json.data.id);
  const created = await api<{ data: { id: number } }>(page, 'POST', 'bookings', {
    new_passenger: { first_name: firstName, last_name: lastName, phone_number: phone() },
    service_id: 2,
    pickup,
    now: false,
    datetime: dateToCityLocal(new Date(Date.now() + 3 * 60_000)),
  });
  expect(created.status).toBe(201);
  const id = created.json.data.id;
  const accepted = await api<{ data: SuggestionPopupPayload }>(page, 'POST', `ai/dev/accept/${id}`, {
    captain_id: ranking.json.data.candidates[0].captain_id,
    lon: MAP_CENTER[0] - 0.15,
    lat: MAP_CENTER[1] - 0.05,
  });
  expect(accepted.status).toBe(200);
  expect(accepted.json.data.type).toBe('time_change');
  return { id, popup: accepted.json.data };
}
