import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

interface BookingRow {
  id: number;
  passenger: { full_name: string };
  ride: { captain: { full_name: string } } | null;
}

/** An instant as the console's date fields take it: DD/MM/YYYY HH:mm on the city's clock. */
function cityText(ms: number): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Monaco',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(ms))
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

async function chooseOption(page: Page, picker: string, text: string, option: RegExp | string) {
  const input = page.getByTestId(picker).getByRole('combobox');
  await input.fill(text);
  await page.getByRole('option', { name: option }).first().click();
}

test('a lost item linked to a booking: created, searched and marked returned', async ({ page, request }) => {
  test.setTimeout(120_000);
  await login(page, request, USERS.supervisor);
  const { json } = await api<{ data: { data: BookingRow[] } }>(page, 'GET', 'booking?group=all&perPage=100');
  const booking = json.data.data.find((b) => b.ride !== null);
  expect(booking, 'a booking with a captain').toBeTruthy();
  if (!booking?.ride) return;
  const mark = `E2E umbrella ${Date.now()}`;

  await page.goto('/lost_and_found/store');
  await page.getByRole('textbox', { name: 'Description' }).fill(mark);
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Other' }).click();
  await page.getByRole('textbox', { name: 'Found on', exact: true }).fill(cityText(Date.now() - 3600_000));
  await page.getByRole('textbox', { name: 'Where it is kept' }).fill('Office safe');
  await chooseOption(page, 'lost-booking', String(booking.id), `Booking #${booking.id}`);
  // The booking fills its captain and passenger.
  await expect(page.getByTestId('lost-captain').getByRole('combobox')).toHaveValue(booking.ride.captain.full_name);
  await expect(page.getByTestId('lost-passenger').getByRole('combobox')).toHaveValue(booking.passenger.full_name);
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/lost_and_found$/);
  await page.getByTestId('lost-search').fill(mark);
  const rows = page.getByTestId('lost-table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(booking.ride.captain.full_name);
  await expect(rows.first()).toContainText('Found');

  await rows.first().getByRole('link', { name: mark }).click();
  await expect(page).toHaveURL(/\/lost_and_found\/edit\/\d+$/);
  await expect(page.getByRole('button', { name: 'Message the passenger' })).toBeEnabled();
  await page.getByTestId('lost-status').click();
  await page.getByRole('option', { name: 'Returned' }).click();
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/lost_and_found$/);
  await page.getByTestId('lost-search').fill(mark);
  await expect(rows.first()).toContainText('Returned');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Found', exact: true }).click();
  await expect(page.getByTestId('lost-table')).not.toContainText(mark);
});

test('an event created today shows in the report and on the live map layer', async ({ page, request }) => {
  // Three maps start up on the way (software WebGL on a busy machine).
  test.setTimeout(180_000);
  await login(page, request, USERS.supervisor);
  const name = `E2E gala ${Date.now()}`;
  await page.goto('/events/create');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Concert' }).click();
  await chooseOption(page, 'event-place', 'a', /./);
  await expect(page.getByRole('textbox', { name: 'Latitude' })).not.toHaveValue('');
  const hour = 3600_000;
  await page.getByRole('textbox', { name: 'Starts at', exact: true }).fill(cityText(Date.now() - hour));
  await page.getByRole('textbox', { name: 'Ends at', exact: true }).fill(cityText(Date.now() + hour));
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/events$/);
  await page.getByTestId('events-search').fill(name);
  const rows = page.getByTestId('events-table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('link', { name }).click();
  await expect(page.getByTestId('event-point-map')).toBeVisible();
  const toReport = page.getByRole('main').getByRole('link', { name: 'Events report' });
  await expect(toReport).toHaveAttribute('href', /event_id=\d+/);
  // The page's two maps start up meanwhile (software WebGL): click until the report opens.
  await expect(async () => {
    if (!/\/events\/report/.test(page.url())) await toReport.click();
    await expect(page).toHaveURL(/\/events\/report\?event_id=\d+/, { timeout: 5000 });
  }).toPass({ timeout: 30_000 });
  const report = page.getByTestId('event-report');
  await expect(report).toHaveCount(1);
  await expect(report).toContainText(name);
  await expect(report.locator('tbody tr')).toHaveCount(4);

  const today = await api<{ data: { name: string }[] }>(page, 'GET', 'events/today');
  expect(today.json.data.map((e) => e.name)).toContain(name);
  await page.goto('/rides_tracker');
  const map = page.locator('[data-map="tracking"]');
  // A disc and a centre per event running today.
  await expect(map).toHaveAttribute('data-source-events-today', String(today.json.data.length * 2), {
    timeout: 60_000,
  });
  await page.getByTestId('events-layer-toggle').click();
  await expect(map).not.toHaveAttribute('data-source-events-today', /.*/);
});
