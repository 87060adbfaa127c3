import { axeBothSchemes } from './axe';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

/** A restricted area over the whole city (pickups only), removed after the test. */
const CITY = {
  type: 'Polygon',
  coordinates: [
    [
      [7.38, 43.7],
      [7.48, 43.7],
      [7.48, 43.78],
      [7.38, 43.78],
      [7.38, 43.7],
    ],
  ],
};

test('map layers: their pages, /testMaps, and a phone booking refused in a restricted area before it is sent', async ({
  page,
  request,
}) => {
  // Twelve pages, each checked by axe in both schemes.
  test.setTimeout(360_000);
  await login(page, request, USERS.admin);
  expect((await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system' })).status).toBe(200);

  // The layers' lists with their GeoJSON buttons.
  for (const [path, title, row] of [
    ['/restricted-areas', 'Restricted areas', 'Palace square'],
    ['/blacklist_locations', 'Blacklist locations', 'Stadium car park'],
    ['/landmarks', 'Landmarks', 'Casino de Monte Carlo'],
    ['/sectors', 'Sectors', 'Larvotto'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('header h1')).toHaveText(title);
    await expect(page.getByRole('cell', { name: row, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export GeoJSON' })).toBeVisible();
    await page.screenshot({ path: `test-results/geo${path.replace(/\W+/g, '-')}.png` });
  }

  // The other layers' generic pages: lists, an item with its outline, a new one.
  for (const [path, title] of [
    ['/locations', 'Sectors'],
    ['/location_containers', 'Location containers'],
    ['/SeasonalDestinations/update', 'Seasonal destinations'],
    ['/restricted-areas/1', 'Restricted area'],
    ['/restricted-areas/add', 'New restricted area'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('header h1')).toHaveText(title);
    await expect(page.getByTestId('planned-page')).toHaveCount(0);
  }

  // A station's page: its form and its queue.
  await page.goto('/stations/1');
  await expect(page.getByRole('heading', { name: 'Queue' })).toBeVisible();
  await page.screenshot({ path: 'test-results/geo-station.png', fullPage: true });

  // /testMaps: a typed point shows its sector and the rest.
  await page.goto('/testMaps');
  await page.getByLabel('Longitude').fill('7.428023');
  await page.getByLabel('Latitude').fill('43.73916');
  await page.getByRole('button', { name: 'Look up' }).click();
  const result = page.getByTestId('lookup-result');
  await expect(result).toContainText('Monte-Carlo');
  await expect(result).toContainText('Place du Casino');
  expect(await axeBothSchemes(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/geo-test-maps.png' });

  // The phone booking: a pickup chosen on the map inside the area says it is refused at once.
  const created = await api<{ data: { id: number } }>(page, 'POST', 'restricted_areas', {
    name: 'E2E whole city',
    applies_to: 'pickup',
    geometry: JSON.stringify(CITY),
  });
  expect(created.status).toBe(200);
  try {
    await page.goto('/phone-bookings');
    await expect(async () => {
      await page.getByTestId('phone-booking-map').click({ position: { x: 150, y: 150 } });
      await expect(page.getByTestId('pickup-input')).toHaveValue(/Map point/, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId('pickup-restriction')).toContainText('Refused here: restricted area E2E whole city');
    expect(await axeBothSchemes(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/geo-phone-booking.png' });
  } finally {
    // The other specs book in this city: the area must be gone.
    const removed = await api(page, 'DELETE', `restricted_areas/${created.json.data.id}`);
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
  }
});
