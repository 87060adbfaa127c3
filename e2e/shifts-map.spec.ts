import type { Page } from '@playwright/test';
import {
  cityLocalToDate,
  dateToCityLocal,
  SHIFTS_MAP_MSG,
  type ShiftsMapDto,
  SUPPLY_DEMAND_MSG,
  type SupplyDemandDto,
  type TrackedCaptainDto,
} from '@taxi/shared';
import { axeBlocking, useScheme } from './axe';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

const ARTIFACTS = 'e2e/artifacts';

/** axe's blocking violations of the page as it stands. */
async function violations(page: Page): Promise<string[]> {
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  return axeBlocking(page);
}

/** The page right-to-left in Arabic (a picture of it), then back to English for the next specs. */
async function inArabic(page: Page, map: string, source: string, picture: string): Promise<void> {
  expect((await api(page, 'PUT', 'preferences', { language: 'ar', theme: 'system' })).status).toBe(200);
  await page.evaluate(() => localStorage.setItem('taxi.prefs', JSON.stringify({ language: 'ar', theme: 'system' })));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  const box = page.locator(`[data-map="${map}"]`);
  await expect(box).toHaveAttribute('data-map-ready', '1', { timeout: 30_000 });
  await expect
    .poll(async () => Number(await box.getAttribute(`data-source-${source}`)), { timeout: 30_000 })
    .toBeGreaterThan(0);
  await page.waitForTimeout(1000);
  await page.screenshot({ path: picture });
  expect((await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system' })).status).toBe(200);
}

/** Shifts over now for a few online captains, each in a sector away from the first one (some stand outside). */
async function planShiftsNow(page: Page): Promise<void> {
  const captains = (await api<{ data: TrackedCaptainDto[] }>(page, 'GET', 'tracking/captains')).json.data;
  const sectors = (await api<{ data: { id: number }[] }>(page, 'GET', 'sectors')).json.data;
  expect(captains.length, 'the seed has online captains').toBeGreaterThan(0);
  const local = (ms: number) => dateToCityLocal(new Date(ms)).slice(0, 16);
  let planned = 0;
  for (const [i, c] of captains.slice(0, 8).entries()) {
    const res = await api(page, 'POST', 'shifts', {
      captain_id: c.captain_id,
      sector_ids: [sectors[i % sectors.length].id],
      starts_at: local(Date.now() - 30 * 60_000),
      ends_at: local(Date.now() + 3 * 3600_000),
    });
    // A captain may already have a shift over the window (the seed's): then another one is planned.
    if (res.status === 200) planned++;
  }
  expect(planned).toBeGreaterThan(0);
}

test('shifts map: the side panel and the map show what GET shifts/map counts; axe in light and dark', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await page.addInitScript(() => {
    if (!localStorage.getItem('taxi.prefs'))
      localStorage.setItem('taxi.prefs', JSON.stringify({ language: 'en', theme: 'system' }));
  });
  await login(page, request, USERS.admin);
  expect((await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system' })).status).toBe(200);
  await planShiftsNow(page);

  await page.goto('/shifts/map');
  const map = page.locator('[data-map="shifts-map"]');
  await expect(map).toHaveAttribute('data-map-ready', '1', { timeout: 30_000 });
  const data = (await api<{ data: ShiftsMapDto }>(page, 'GET', 'shifts/map')).json.data;
  expect(data.sectors.length).toBeGreaterThan(0);

  // Every planned sector is listed with the API's counts.
  const rows = page.getByTestId('shift-sector');
  await expect(rows).toHaveCount(data.sectors.length);
  for (const s of data.sectors) {
    const row = page.locator(`[data-testid="shift-sector"][data-sector-id="${s.id}"]`);
    await expect(row).toHaveAttribute('data-planned', String(s.planned));
    await expect(row).toHaveAttribute('data-present', String(s.present));
    await expect(row).toContainText(SHIFTS_MAP_MSG.plannedPresent(s.planned, s.present));
  }
  // The captains standing outside their zone are listed, and every online captain on shift is a dot.
  const outside = data.captains.filter((c) => c.online && !c.in_zone);
  await expect(page.getByTestId('captain-outside')).toHaveCount(outside.length);
  await expect(map).toHaveAttribute('data-source-shift-captains', String(data.captains.filter((c) => c.online).length));
  await expect(page.getByTestId('shifts-on-shift')).toHaveText(
    SHIFTS_MAP_MSG.onShift(data.captains.filter((c) => c.online).length),
  );

  // A sector's captains: those whose zone holds it.
  const first = data.sectors[0];
  await page.locator(`[data-testid="shift-sector"][data-sector-id="${first.id}"]`).getByRole('button').click();
  await expect(page.getByTestId('sector-captain')).toHaveCount(
    data.captains.filter((c) => c.sector_ids.includes(first.id)).length,
  );
  await page.screenshot({ path: `${ARTIFACTS}/shifts-map-light.png` });

  for (const scheme of ['light', 'dark'] as const) {
    await useScheme(page, scheme);
    expect(await violations(page), scheme).toEqual([]);
  }
  await page.screenshot({ path: `${ARTIFACTS}/shifts-map-dark.png` });

  // Another hour of today: the panel follows the API's answer at that instant.
  await useScheme(page, 'light');
  await page.getByTestId('shifts-map-hour').getByRole('combobox').click();
  await page.getByRole('option', { name: '03:00' }).click();
  const at = cityLocalToDate(`${dateToCityLocal(new Date()).slice(0, 10)} 03:00`)?.toISOString() ?? '';
  const then = (await api<{ data: ShiftsMapDto }>(page, 'GET', `shifts/map?at=${encodeURIComponent(at)}`)).json.data;
  await expect(rows).toHaveCount(then.sectors.length);
  for (const s of then.sectors)
    await expect(page.locator(`[data-testid="shift-sector"][data-sector-id="${s.id}"]`)).toHaveAttribute(
      'data-planned',
      String(s.planned),
    );

  await inArabic(page, 'shifts-map', 'shift-sectors', `${ARTIFACTS}/shifts-map-ar.png`);
});

test('tracking map: the supply and demand layer, off by default, shows the API counts and is remembered', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await page.addInitScript(() => {
    if (!localStorage.getItem('taxi.prefs'))
      localStorage.setItem('taxi.prefs', JSON.stringify({ language: 'en', theme: 'system' }));
  });
  await login(page, request, USERS.dispatcher, '/rides_tracker');
  const map = page.locator('[data-map="tracking"]');
  await expect(map).toHaveAttribute('data-map-ready', '1', { timeout: 30_000 });
  await expect(page.getByTestId('supply-demand-legend')).toHaveCount(0);

  await page.getByTestId('supply-demand-toggle').getByRole('switch').check();
  const legend = page.getByTestId('supply-demand-legend');
  await expect(legend).toBeVisible();
  // The counts are live (captains come free, bookings wait): the page and a fresh API read must agree.
  let data = (await api<{ data: SupplyDemandDto }>(page, 'GET', 'geo/supply-demand')).json.data;
  await expect
    .poll(
      async () => {
        data = (await api<{ data: SupplyDemandDto }>(page, 'GET', 'geo/supply-demand')).json.data;
        return (
          (await page.getByTestId('supply-demand-totals').textContent()) ===
          SUPPLY_DEMAND_MSG.totals(data.waiting, data.free)
        );
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await expect(map).toHaveAttribute(
    'data-source-supply-demand',
    String(data.sectors.filter((s) => s.level !== 'none').length),
  );
  for (const level of ['balanced', 'low', 'medium', 'high'] as const)
    await expect(legend).toContainText(SUPPLY_DEMAND_MSG.levels[level]);
  await page.screenshot({ path: `${ARTIFACTS}/supply-demand-light.png` });

  for (const scheme of ['light', 'dark'] as const) {
    await useScheme(page, scheme);
    expect(await violations(page), scheme).toEqual([]);
  }
  await page.screenshot({ path: `${ARTIFACTS}/supply-demand-dark.png` });

  // Remembered on this browser: still on after a reload, off once switched off.
  await page.reload();
  await expect(page.getByTestId('supply-demand-legend')).toBeVisible();
  await page.getByTestId('supply-demand-toggle').getByRole('switch').uncheck();
  await expect(page.getByTestId('supply-demand-legend')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('supply-demand-toggle').getByRole('switch')).not.toBeChecked();
  await expect(page.getByTestId('supply-demand-legend')).toHaveCount(0);

  await page.getByTestId('supply-demand-toggle').getByRole('switch').check();
  await inArabic(page, 'tracking', 'supply-demand', `${ARTIFACTS}/supply-demand-ar.png`);
});
