import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { PROTECTED_ROUTES, PUBLIC_PATHS } from '@taxi/shared';
import { api, checkAuth, login, USERS } from './helpers';

/**
 * axe-core on every page the console draws, in light and in dark: no critical, serious or moderate
 * violation (WCAG 2.1 A/AA and axe's best practices: contrast, landmarks, headings, names). Pages still
 * "planned" share one template, checked once.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BLOCKING = new Set(['critical', 'serious', 'moderate']);

type Theme = 'light' | 'dark';

async function usePreferences(page: Page, theme: Theme | 'system'): Promise<void> {
  await page.addInitScript((choice) => {
    localStorage.setItem('taxi.prefs', JSON.stringify({ language: 'en', theme: choice }));
  }, theme);
}

async function violations(page: Page, { settled = false } = {}): Promise<string[]> {
  if (!settled) {
    // Let lazy chunks, queries and transitions settle: axe reads the page as the user sees it.
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await expect(page.getByRole('progressbar'))
      .toHaveCount(0, { timeout: 10_000 })
      .catch(() => undefined);
    await page.waitForTimeout(300);
  }
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join(' | ')}`,
    );
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

const found: Record<Theme, Record<string, string[]>> = { light: {}, dark: {} };

/** The body's darkest channel: under 60 in dark, over 200 in light. */
async function bodyLevel(page: Page): Promise<number> {
  const body = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  return Math.max(...(body.match(/\d+/g) ?? []).slice(0, 3).map(Number));
}

/** The console follows the system's colour scheme (theme 'system'): switching it needs no reload. */
async function useScheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await expect
    .poll(async () => {
      const level = await bodyLevel(page);
      return theme === 'dark' ? level < 60 : level > 200;
    }, `${theme} body`)
    .toBe(true);
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

test('every page of the console passes axe, in light and in dark', async ({ page, request }) => {
  test.setTimeout(900_000);
  await usePreferences(page, 'system');
  await login(page, request, USERS.admin);
  // The account's saved choice wins over the browser's at sign-in: 'system', so the emulated scheme rules.
  expect((await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system' })).status).toBe(200);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await expect(page.getByTestId('drawer-toggle')).toBeVisible();
  let plannedChecked = false;
  for (const { name, path, title } of await pathsToVisit(page)) {
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
    // One visit, both themes: light first (the page settles), then dark over the same content.
    await useScheme(page, 'light');
    const light = await violations(page);
    if (light.length) found.light[`${name} ${path}`] = light;
    await useScheme(page, 'dark');
    await page.waitForTimeout(200);
    const dark = await violations(page, { settled: true });
    if (dark.length) found.dark[`${name} ${path}`] = dark;
  }
  expect(found).toEqual({ light: {}, dark: {} });
});
