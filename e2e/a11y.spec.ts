import type { Page } from '@playwright/test';
import { MAP_CENTER, PROTECTED_ROUTES, PUBLIC_PATHS } from '@taxi/shared';
import {
  animationsDone,
  axeBlocking,
  axeBothSchemes,
  COLOUR_RULES,
  EXPERIMENTAL_RULES,
  type Scheme,
  useScheme,
} from './axe';
import { expect, test } from './fixtures';
import { api, cancelBooking, checkAuth, liveSuggestion, login, USERS, watchCsp } from './helpers';

/**
 * axe-core on every page the console draws, in light and in dark: no critical, serious or moderate
 * violation (WCAG 2.1 A/AA and axe's best practices: contrast, landmarks, headings, names). Pages still
 * "planned" share one template, checked once.
 */
async function usePreferences(page: Page, theme: Scheme | 'system'): Promise<void> {
  await page.addInitScript((choice) => {
    localStorage.setItem('taxi.prefs', JSON.stringify({ language: 'en', theme: choice }));
  }, theme);
}

/**
 * The rules a colour scheme can change: switching to dark swaps colours over the same DOM, so the dark pass
 * runs these (the light pass, over the same content, runs every rule).
 */

async function violations(
  page: Page,
  { rules, mainOnly = false }: { rules?: string[]; mainOnly?: boolean } = {},
): Promise<string[]> {
  // Let lazy chunks, queries and transitions settle: axe reads the page as the user sees it.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect(page.getByRole('progressbar'))
    .toHaveCount(0, { timeout: 4_000 })
    .catch(() => undefined);
  await animationsDone(page);
  // The shell (app bar, drawer) is the same on every page: checked whole on a part's first page, then the pages'
  // own content (<main>) only. Every rule of the tags, and the experimental ones the console keeps to as well.
  return axeBlocking(page, { rules, include: mainOnly ? 'main' : undefined, experimental: EXPERIMENTAL_RULES });
}

/** Fills the routes' parameters with rows the demo has. */
async function pathsToVisit(page: Page): Promise<{ name: string; path: string; title: string }[]> {
  const me = await checkAuth(page);
  const first = async (path: string) => {
    const { json } = await api<{ data: { id: number }[] | { data: { id: number }[] } }>(
      page,
      'GET',
      `${path}?perPage=1`,
    );
    const rows = Array.isArray(json.data) ? json.data : json.data.data;
    expect(rows.length, `${path} has a row`).toBeGreaterThan(0);
    return rows[0].id;
  };
  const ids: Record<string, number | undefined> = {
    booking: await first('booking'),
    passenger: await first('passenger'),
    captain: await first('captain'),
  };
  const idFor = (name: string): number | undefined => {
    if (/^(Details|BookingLog|BookingChat)$/.test(name)) return ids.booking;
    if (/^Passenger/.test(name)) return ids.passenger;
    if (/^(Captain|Drivers)/.test(name)) return ids.captain;
    if (/^User/.test(name)) return me.id;
    return 1;
  };
  return PROTECTED_ROUTES.map((route) => ({
    name: route.name,
    title: route.title,
    path: route.path.replace(/:(\w+)/g, () => String(idFor(route.name))),
  }));
}

for (const theme of ['light', 'dark'] as const) {
  test(`public pages pass axe (${theme})`, async ({ page }) => {
    await usePreferences(page, theme);
    const problems: string[] = [];
    for (const path of [PUBLIC_PATHS.login, PUBLIC_PATHS.resetPasswordEmail, PUBLIC_PATHS.notFound]) {
      await page.goto(path);
      for (const v of await violations(page)) problems.push(`${path} ${v}`);
    }
    expect(problems).toEqual([]);
  });
}

// The pages in three parts (each its own test and time budget): a part is a few minutes of axe.
const PARTS = 3;
for (let part = 0; part < PARTS; part++)
  test(`every page of the console passes axe, in light and in dark (part ${part + 1} of ${PARTS})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(600_000);
    const found: Record<Scheme, Record<string, string[]>> = { light: {}, dark: {} };
    // Every page also runs under the Content-Security-Policy without a violation (no eval, no inline code).
    const csp = await watchCsp(page);
    await usePreferences(page, 'system');
    await login(page, request, USERS.admin);
    // The account's saved choice wins over the browser's at sign-in: 'system', so the emulated scheme rules.
    expect((await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system' })).status).toBe(200);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await expect(page.getByTestId('drawer-toggle')).toBeVisible();
    const all = await pathsToVisit(page);
    const size = Math.ceil(all.length / PARTS);
    const pages = all.slice(part * size, (part + 1) * size);
    // Every page in light with every rule, then every page again in dark with the rules a colour scheme can change:
    // one scheme switch per part. An in-app navigation costs less than a switch (a restyle of the whole page that
    // must settle before axe reads it).
    for (const theme of ['light', 'dark'] as const) {
      if (theme === 'dark') await useScheme(page, 'dark');
      let plannedChecked = false;
      let shellChecked = false;
      for (const { name, path, title } of pages) {
        // In-app navigation (what a click in the drawer does): no reload per page, so 130 pages take seconds.
        await page.evaluate((to) => {
          window.history.pushState(null, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, path);
        await expect(page.locator('header h1')).toHaveText(title);
        await expect(page.getByTestId('navigation-progress')).toHaveCount(0);
        const planned = (await page.getByTestId('planned-page').count()) > 0;
        if (planned && plannedChecked) continue;
        plannedChecked ||= planned;
        const problems = await violations(page, {
          rules: theme === 'dark' ? COLOUR_RULES : undefined,
          mainOnly: shellChecked,
        });
        if (problems.length) found[theme][`${name} ${path}`] = problems;
        shellChecked = true;
      }
    }
    expect(found).toEqual({ light: {}, dark: {} });
    expect(await csp()).toEqual([]);
  });

test('the exceptions board with its rows, the toolbar count and the late notices pass axe (light and dark)', async ({
  page,
  request,
}) => {
  await usePreferences(page, 'system');
  await login(page, request, USERS.dispatcher);
  expect((await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system' })).status).toBe(200);
  // Late bookings: rows on the board, and their notices on the page beside it (four: three and "+1 more").
  const ids: number[] = [];
  for (const name of ['Axel', 'Bruno', 'Carla', 'Dora']) {
    const created = await api<{ data: { id: number } }>(page, 'POST', 'bookings', {
      new_passenger: { first_name: name, last_name: 'Board', phone_number: `+377 6${Date.now() % 10_000_000}` },
      service_id: 2,
      pickup: { name: 'Axe pickup', lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
      now: true,
      seats: 1,
      origin: 'phone',
    });
    expect(created.status).toBe(201);
    ids.push(created.json.data.id);
  }
  const late = async () => {
    for (const id of ids) expect((await api(page, 'POST', `bookings/dev/late/${id}`, {})).status).toBe(200);
  };
  const id = ids[0];
  try {
    await page.goto('/exceptions');
    await expect(page.getByTestId('socket-status')).toHaveAttribute('data-status', 'connected');
    await late();
    await expect(page.getByTestId(`exception-late_booking:${id}`)).toBeVisible();
    await expect(page.getByTestId('toolbar-exceptions-count')).toBeVisible();
    expect(await axeBothSchemes(page)).toEqual([]);
    // The toolbar's count is in its button's name (an experimental rule, asked for by name).
    const nameHoldsText = ['label-content-name-mismatch'];
    expect(await axeBlocking(page, { include: '[data-testid="toolbar-exceptions"]', rules: nameHoldsText })).toEqual(
      [],
    );
    // The notices live on the other pages: the phone booking's, with the four raised again.
    await page.goto('/phone-bookings');
    await expect(page.getByTestId('socket-status')).toHaveAttribute('data-status', 'connected');
    await late();
    await expect(page.getByTestId('late-notices-more')).toBeVisible();
    // Pointed at, the notice stays for axe's two passes.
    await page.getByTestId('late-notice').first().hover();
    expect(await axeBothSchemes(page, { include: '[data-testid="late-notices"]' })).toEqual([]);
    expect(await axeBothSchemes(page, { include: 'header' })).toEqual([]);
    // "+N more" and the notices' links hold what they show in their names.
    expect(await axeBlocking(page, { include: '[data-testid="late-notices"]', rules: nameHoldsText })).toEqual([]);
  } finally {
    for (const booking of ids) await cancelBooking(page, booking);
  }
});

const NAME_HOLDS_TEXT = ['label-content-name-mismatch'];

test("the vacations calendar's days are named by their date and the events they show (label-content-name-mismatch)", async ({
  page,
  request,
}) => {
  await login(page, request, USERS.admin, '/vacations');
  const calendar = page.getByTestId('vacations-calendar');
  await expect(calendar).toBeVisible();
  await expect(page.getByTestId('vacations-table').locator('tbody tr').first()).toBeVisible();
  // The seeded leaves are a few days ahead: in this month's grid, or the next one's.
  const events = calendar.locator('.fc-daygrid-event');
  await expect(events.first())
    .toBeVisible({ timeout: 3_000 })
    .catch(async () => {
      await calendar.locator('.fc-next-button').click();
      await expect(events.first()).toBeVisible();
    });
  // A day with a leave: its name holds its date and the leave's name, as shown.
  const day = calendar.locator('td[role="gridcell"]:has(.fc-daygrid-event)').first();
  await expect(day).not.toHaveAttribute('aria-labelledby', /./);
  const title = (await day.locator('.fc-event-title').first().textContent()) ?? '';
  expect(title).not.toBe('');
  await expect(day).toHaveAccessibleName(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  expect(await axeBlocking(page, { include: '[data-testid="vacations-calendar"]', rules: NAME_HOLDS_TEXT })).toEqual(
    [],
  );
  // Another month's cells are named the same way once drawn.
  await calendar.locator('.fc-next-button').click();
  await expect(calendar.locator('td[role="gridcell"][aria-labelledby]')).toHaveCount(0);
  expect(await axeBlocking(page, { include: '[data-testid="vacations-calendar"]', rules: NAME_HOLDS_TEXT })).toEqual(
    [],
  );
});

test("the app bar's buttons hold what they show in their names: the AI tray, the badges, the phone (label-content-name-mismatch)", async ({
  page,
  request,
}) => {
  await login(page, request, USERS.dispatcher);
  const ids: number[] = [];
  try {
    const tray = page.getByTestId('ai-popup-tray');
    for (const name of ['Tray', 'Name']) {
      ids.push((await liveSuggestion(page, 'Axe', name)).id);
      await expect.poll(async () => Number(await tray.getAttribute('data-count'))).toBeGreaterThanOrEqual(ids.length);
    }
    const toggle = page.getByTestId('ai-popup-toggle');
    await expect(toggle).toBeVisible();
    // Wide: the count in words; narrow: the number alone. Either way the name begins with what is shown.
    for (const width of [1366, 1000]) {
      await page.setViewportSize({ width, height: 768 });
      await expect(toggle).toBeVisible();
      // biome-ignore lint/performance/useDomNodeTextContent: what is drawn, without the width's hidden variant
      const shown = ((await toggle.innerText()) ?? '').replace(/\s+/g, ' ').trim();
      expect(shown).toMatch(/\d\d:\d\d/);
      const name = (await toggle.getAttribute('aria-label')) ?? '';
      const words = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
      expect(words(name)).toContain(words(shown));
      expect(await axeBlocking(page, { include: 'header', rules: NAME_HOLDS_TEXT })).toEqual([]);
    }
  } finally {
    await page.setViewportSize({ width: 1366, height: 768 });
    for (const id of ids) await cancelBooking(page, id);
  }
});
