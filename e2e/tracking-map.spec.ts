import type { Page } from '@playwright/test';
import { type BookingStatus, historyLabel, RIDE_UI, TRACKING_UI } from '@taxi/shared';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

const ARTIFACTS = 'e2e/artifacts';

/** A number the map writes on its container (`data-…`), 0 while not yet written. */
async function mapNumber(page: Page, name: string): Promise<number> {
  return Number((await page.locator('[data-map="tracking"]').getAttribute(`data-${name}`)) ?? 0);
}

test('tracking map: individual captains at city zoom, labels at street zoom and on hover', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.dispatcher);
  const captains = await api<{ data: { name: string; car_number: string | null }[] }>(page, 'GET', 'tracking/captains');
  const count = captains.json.data.length;
  expect(count, 'the seed has online captains with positions').toBeGreaterThan(0);

  await page.goto('/rides_tracker');
  const map = page.locator('[data-map="tracking"]');
  await expect(map).toHaveAttribute('data-map-ready', '1');
  await expect(map).toHaveAttribute('data-source-captains', String(count));

  // The first picture frames the fleet at city zoom: every captain is its own marker (clusters only group
  // overlapping markers on region views). What is rendered is counted on the container.
  await expect.poll(() => mapNumber(page, 'rendered-captains')).toBeGreaterThan(0);
  const single = await mapNumber(page, 'rendered-captains');
  const clusters = await mapNumber(page, 'rendered-clusters');
  expect(single, `${single} single markers, ${clusters} clusters for ${count} captains`).toBeGreaterThan(clusters);
  expect(single).toBeGreaterThanOrEqual(Math.min(count, 10));
  await page.screenshot({ path: `${ARTIFACTS}/tracking-map-city.png` });

  // Selecting a captain in the list flies to it at street zoom: names and plates are written on the map,
  // and hovering the captain shows "name · plate".
  const row = page.getByTestId('tracked-captain').first();
  const name = (await row.locator('.MuiListItemText-primary').textContent()) ?? '';
  await row.click();
  await expect.poll(() => mapNumber(page, 'zoom'), { timeout: 15_000 }).toBeGreaterThanOrEqual(15);
  await expect.poll(() => mapNumber(page, 'rendered-labels'), { timeout: 15_000 }).toBeGreaterThan(0);

  // An AI popup waits in the toolbar's tray: nothing lies over the map.
  await expect(page.locator('[data-ai-panel]')).toHaveCount(0);
  const box = await map.boundingBox();
  if (!box) throw new Error('no map box');
  const hover = page.getByTestId('captain-hover');
  // The selected captain is at the centre once the flight ends; the pointer searches a few pixels around.
  await expect
    .poll(
      async () => {
        for (const [dx, dy] of [
          [0, 0],
          [3, 0],
          [-3, 0],
          [0, 3],
          [0, -3],
        ]) {
          await page.mouse.move(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy);
          if (await hover.isVisible()) return (await hover.textContent()) ?? '';
        }
        return '';
      },
      { timeout: 15_000 },
    )
    .toContain(name);
  await page.screenshot({ path: `${ARTIFACTS}/tracking-map-street.png` });
  await expect(page.getByTestId('online-count')).toHaveText(TRACKING_UI.online(count));
});

test('ride page: every status row of the history has a label, never a raw code', async ({ page, request }) => {
  await login(page, request, USERS.dispatcher);
  const list = await api<{ data: { data: { id: number; status: string }[] } }>(
    page,
    'GET',
    'booking?group=ongoing&perPage=100',
  );
  const booking = list.json.data.data.find((b) => b.status === 'PICKED_UP') ?? list.json.data.data[0];
  expect(booking, 'a seeded ongoing booking').toBeTruthy();
  await page.goto(`/rides/${booking.id}`);
  const rows = page.getByTestId('ride-history').getByTestId('history-status');
  await expect(rows.first()).toBeVisible();
  const n = await rows.count();
  for (let i = 0; i < n; i++) {
    const code = (await rows.nth(i).getAttribute('data-status')) as BookingStatus;
    const text = (await rows.nth(i).textContent()) ?? '';
    expect(text, `history row ${code}`).toBe(historyLabel(code));
    expect(text).not.toBe(code);
  }
  // The map opens at the ride page's zoom (16) and frames pickup, dropoff and route on Fit route; the legend lists
  // only what is drawn.
  const map = page.locator('[data-map="ride"]');
  await expect(map).toHaveAttribute('data-zoom', '16.00');
  await page.getByRole('button', { name: RIDE_UI.fitRoute }).click();
  await expect(map).toHaveAttribute('data-fitted', '1');
  const legend = page.getByTestId('ride-legend-item');
  const drawnCaptain = (await map.getAttribute('data-source-ride-captain')) === '1';
  await expect(legend.filter({ hasText: 'Captain (live)' })).toHaveCount(drawnCaptain ? 1 : 0);
});
