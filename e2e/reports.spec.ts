import { readFileSync } from 'node:fs';
import type { DashboardDto, StatisticsDto } from '@taxi/shared';
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
