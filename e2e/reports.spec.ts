import { readFileSync } from 'node:fs';
import { CALL_SERVICE_LEVEL_S, type DashboardDto, REPORTS_UI, type StatisticsDto, VOICE_UI } from '@taxi/shared';
import { CATALOGUES } from '@taxi/shared/i18n/catalogues';
import { WANT_SHOTS } from './axe';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

const digits = (s: string | null) => (s ?? '').replace(/\D/g, '');

test("the dashboard shows today's figures as the API counts them", async ({ page, request }) => {
  await login(page, request, USERS.admin, '/dashboard');
  const value = page.getByTestId('figure-bookings-value');
  await expect(value).toBeVisible();
  const { status, json } = await api<{ data: DashboardDto }>(page, 'GET', 'reports/dashboard');
  expect(status).toBe(200);
  expect(digits(await value.textContent())).toBe(String(json.data.bookings.value));
  // The payments desk's figure is there for the admin, with the captains of the live map.
  await expect(page.getByTestId('figure-revenue')).toBeVisible();
  await expect(page.getByTestId('figure-captains_online')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cancellations by reason' })).toBeVisible();
});

test('the monitor shows the queue and the figures without interaction', async ({ page, request }) => {
  await login(page, request, USERS.admin, '/monitor');
  await expect(page.getByTestId('monitor-waiting')).toBeVisible();
  const { json } = await api<{ data: { waiting: { count: number } } }>(page, 'GET', 'reports/monitor');
  expect(digits(await page.getByTestId('monitor-waiting').textContent())).toBe(String(json.data.waiting.count));
  await expect(page.getByTestId('figure-bookings-value')).toBeVisible();
});

test('the statistics page groups the period as asked and draws the chart and the table', async ({ page, request }) => {
  await login(page, request, USERS.admin, '/BarStatistics');
  await page.getByRole('button', { name: '30 days' }).click();
  await expect(page.getByTestId('statistics-chart')).toBeVisible();
  const responded = page.waitForResponse(
    (r) => r.url().includes('reports/statistics') && r.url().includes('group=service'),
  );
  await page.getByTestId('statistics-group').click();
  await page.getByRole('option', { name: 'Service' }).click();
  const dto = ((await (await responded).json()) as { data: StatisticsDto }).data;
  expect(dto.group).toBe('service');
  await expect(page.getByRole('columnheader', { name: 'Service' })).toBeVisible();
  await expect(page.getByTestId('statistics-row')).toHaveCount(dto.rows.length);
  // The exports are files of the same numbers.
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await csv;
  expect(file.suggestedFilename()).toMatch(/^statistics-.*-service-\d{4}-\d{2}-\d{2}\.csv$/);
  // Written by the server: its header row, then a line per row of the table.
  const text = readFileSync((await file.path()) as string, 'utf8').replace(/^\uFEFF/, '');
  const lines = text.trim().split('\r\n');
  expect(lines[0].startsWith('Service,Bookings')).toBe(true);
  expect(lines).toHaveLength(dto.rows.length + 1);
  const png = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export PNG' }).click();
  expect((await png).suggestedFilename()).toMatch(/\.png$/);
});

test("the dashboard's call figures are never blank: the call log's shares, else 'No call yet', or 'Voice off'", async ({
  page,
  request,
}) => {
  await login(page, request, USERS.admin, '/dashboard');
  const card = page.getByTestId('dashboard-calls');
  await expect(card).toBeVisible();
  await expect(card.getByText(VOICE_UI.dashboard.answeredInTime(CALL_SERVICE_LEVEL_S))).toBeVisible();
  await expect(card.getByText(VOICE_UI.dashboard.abandoned)).toBeVisible();
  const { json } = await api<{ data: DashboardDto }>(page, 'GET', 'reports/dashboard');
  const calls = json.data.calls;
  const value = (id: string) => card.getByTestId(`calls-${id}`);
  for (const id of ['waiting', 'inbound', 'in-time', 'abandoned']) {
    await expect(value(id)).toBeVisible();
    await expect(value(id)).toHaveText(/\S/);
  }
  const share = (v: number | null) => (v === null ? VOICE_UI.noCalls : `${Math.round(v * 100)}%`);
  if (calls === null) {
    // This deployment has no SIP server (the browser suite runs without Kamailio unless CI provides it).
    await expect(card).toHaveAttribute('data-voice', 'off');
    await expect(card.getByTestId('calls-voice-off')).toHaveText(VOICE_UI.notConfigured);
    for (const id of ['waiting', 'inbound', 'in-time', 'abandoned'])
      await expect(value(id)).toHaveText(VOICE_UI.states.off);
  } else {
    await expect(card).toHaveAttribute('data-voice', 'on');
    await expect(value('in-time')).toHaveText(share(calls.answered_in_time));
    await expect(value('abandoned')).toHaveText(share(calls.abandoned_rate));
  }
  // In Arabic, the same figures in the console's language.
  expect((await api(page, 'PUT', 'preferences', { language: 'ar', theme: 'system' })).status).toBe(200);
  try {
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    const ar = CATALOGUES.ar;
    const expected = calls === null ? ar['Voice off'] : calls.answered_in_time === null ? ar['No call yet'] : null;
    if (expected) await expect(value('in-time')).toHaveText(expected);
    else await expect(value('in-time')).toHaveText(/\d/);
    await expect(card.getByText(ar['Abandoned by the caller'])).toBeVisible();
  } finally {
    expect((await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system' })).status).toBe(200);
  }
});

test("the statistics chart names its axes and labels each day in the console's language", async ({ page, request }) => {
  await login(page, request, USERS.admin);
  const responded = page.waitForResponse(
    (r) => r.url().includes('reports/statistics') && r.url().includes('group=day'),
  );
  await page.goto('/BarStatistics');
  const dto = ((await (await responded).json()) as { data: StatisticsDto }).data;
  expect(dto.rows.length).toBeGreaterThan(0);
  const chart = page.getByTestId('statistics-chart');
  await expect(chart).toBeVisible();
  const x = chart.locator('.MuiChartsAxis-directionX');
  const y = chart.locator('.MuiChartsAxis-directionY');
  const day = (locale: string, key: string) =>
    new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'Europe/Monaco',
    }).format(new Date(key));
  // A week's days fit: every one is labelled (none cut to nothing), in the order of the rows.
  await expect(x.locator('.MuiChartsAxis-tickLabel')).toHaveText(dto.rows.map((r) => day('en-GB', r.key)));
  await expect(x.locator('.MuiChartsAxis-label')).toHaveText(REPORTS_UI.group.day);
  await expect(y.locator('.MuiChartsAxis-label')).toHaveText(REPORTS_UI.chartYAxis);
  await expect(y.locator('.MuiChartsAxis-tickLabel').first()).toHaveText(/\d/);
  // By hour, the hours of the day.
  await page.getByRole('button', { name: REPORTS_UI.presetToday }).click();
  await page.getByTestId('statistics-group').click();
  await page.getByRole('option', { name: REPORTS_UI.group.hour }).click();
  await expect(x.locator('.MuiChartsAxis-label')).toHaveText(REPORTS_UI.group.hour);
  await expect(x.locator('.MuiChartsAxis-tickLabel').first()).toHaveText(/^\d\d:00$/);
  // In French, the days and the axes' names in French.
  expect((await api(page, 'PUT', 'preferences', { language: 'fr', theme: 'system' })).status).toBe(200);
  try {
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    const fr = CATALOGUES.fr;
    // The page opens on the last 7 days by day again.
    await expect(x.locator('.MuiChartsAxis-tickLabel')).toHaveText(dto.rows.map((r) => day('fr-FR', r.key)));
    await expect(x.locator('.MuiChartsAxis-label')).toHaveText(fr.Day);
    await expect(y.locator('.MuiChartsAxis-label')).toHaveText(fr['Number of bookings']);
  } finally {
    expect((await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system' })).status).toBe(200);
  }
});

const ARTIFACTS = 'e2e/artifacts';

test('screenshots of the three pages in light, dark and Arabic', async ({ page, request }) => {
  test.skip(!WANT_SHOTS, 'pictures only: E2E_SHOTS=1 takes them');
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 950 });
  await login(page, request, USERS.admin);
  for (const [language, theme] of [
    ['en', 'light'],
    ['en', 'dark'],
    ['ar', 'light'],
  ] as const) {
    expect((await api(page, 'PUT', 'preferences', { language, theme })).status).toBe(200);
    await page.evaluate((prefs) => localStorage.setItem('taxi.prefs', JSON.stringify(prefs)), { language, theme });
    for (const [path, name, ready] of [
      ['/dashboard', 'dashboard', 'figure-bookings-value'],
      ['/monitor', 'monitor', 'monitor-waiting'],
      ['/BarStatistics', 'statistics', 'statistics-chart'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(ready)).toBeVisible();
      await page.waitForTimeout(600);
      await page.screenshot({ path: `${ARTIFACTS}/reports-${name}-${language}-${theme}.png`, fullPage: true });
    }
  }
  expect((await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system' })).status).toBe(200);
});
