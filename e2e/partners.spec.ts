import type { Page } from '@playwright/test';
import {
  AIRPORT_MSG,
  BOOKING_MSG,
  BOOKING_UI,
  PARTNER_MSG,
  PARTNER_UI,
  type PartnerOptionDto,
  RESOURCE_MSG,
} from '@taxi/shared';
import { axeBlocking, useScheme } from './axe';
import { expect, test } from './fixtures';
import { api, DEMO_PASSWORD, login, USERS } from './helpers';

const ARTIFACTS = 'e2e/artifacts';

/** Types in a place field and picks the first matching place of the city. */
async function pickPlace(page: Page, testId: string, search: string, option: RegExp) {
  await page.getByTestId(testId).fill(search);
  await page.getByRole('option', { name: option }).first().click();
  await expect(page.getByTestId(testId)).toHaveValue(option);
}

test('an airport agent lands on airport/create, files a request the dispatchers receive, and sees it received', async ({
  page,
  request,
  browser,
}) => {
  await login(page, request, USERS.airport);
  await expect(page).toHaveURL(/\/airport\/create$/);
  const form = page.getByTestId('airport-request-form');
  await expect(form).toBeVisible();

  // The form refuses an incomplete request, field by field.
  await page.getByTestId('airport-request-submit').click();
  await expect(form.getByText(AIRPORT_MSG.airportCode).first()).toBeVisible();

  const pnr = `E2E${Date.now() % 100_000}`;
  await page.getByTestId('airport-first_name').fill('Grace');
  await page.getByLabel('Last name').fill('Kelly');
  await page.getByTestId('airport-phone_number').fill(`+377 6${Date.now() % 10_000_000}`);
  await page.getByTestId('airport-pnr').fill(pnr);
  await page.getByTestId('airport-country').fill('NCE');
  // Not the heliport: its apron refuses pickups from 21:00 to 07:00 (a restricted area of the demo city).
  await pickPlace(page, 'airport-pickup', 'Casino', /Casino de Monte/);
  await pickPlace(page, 'airport-dropoff', 'Hermitage', /Hermitage/);
  await expect(page.getByTestId('fare-estimate')).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/airport-create.png` });
  await page.getByTestId('airport-request-submit').click();

  // The request is in the agent's list, waiting for dispatch and not yet received.
  const list = page.getByTestId('airport-requests');
  const row = list.locator('tr', { hasText: pnr });
  await expect(row).toBeVisible();
  const id = Number((await row.getAttribute('data-testid'))?.replace('airport-request-', ''));
  expect(id).toBeGreaterThan(0);
  await expect(page.getByText(AIRPORT_MSG.created(id))).toBeVisible();
  await expect(row.getByTestId('airport-request-status')).toHaveText('Waiting for dispatching');
  await expect(row).toContainText('Not received yet');

  // A dispatcher sees it on the board with the airport badge and says 'Ok we received'.
  const other = await browser.newContext();
  const desk = await other.newPage();
  await login(desk, request, USERS.dispatcher);
  await desk.goto('/requests');
  await desk.getByTestId('board-search').fill(String(id));
  const card = desk.getByTestId(`booking-card-${id}`);
  await expect(card).toBeVisible();
  await expect(card.getByText(BOOKING_UI.airportDetails)).toBeVisible();
  await desk.screenshot({ path: `${ARTIFACTS}/airport-request-on-board.png` });
  await card.getByRole('button', { name: BOOKING_MSG.okWeReceived }).click();
  await expect(card.getByRole('button', { name: BOOKING_MSG.okWeReceived })).toHaveCount(0);
  await other.close();

  // The agent's list (polled; a reload asks at once) shows it received.
  await page.reload();
  await expect(page.getByTestId(`airport-request-${id}`)).toContainText('Received');
  await expect(page.getByTestId(`airport-request-${id}`)).not.toContainText('Not received yet');
  await page.screenshot({ path: `${ARTIFACTS}/airport-requests-received.png` });
});

test('a hotel user lands on its own bookings, books for a guest with a room number, and sees only its hotel', async ({
  page,
  request,
  browser,
}) => {
  await login(page, request, 'hotel@example.com');
  await expect(page).toHaveURL(/\/partner\/bookings$/);
  const form = page.getByTestId('partner-booking-form');
  await expect(form).toBeVisible();
  const phone = `+377 6${Date.now() % 10_000_000}`;
  await page.getByTestId('partner-first_name').fill('Rainier');
  await page.getByTestId('partner-last_name').fill('Guest');
  await page.getByTestId('partner-phone_number').fill(phone);
  await page.getByTestId('partner-room_number').fill('207');
  await pickPlace(page, 'partner-dropoff', 'Casino', /Casino de Monte/);
  await page.getByTestId('partner-booking-submit').click();
  const list = page.getByTestId('partner-bookings');
  const row = list.locator('tr', { hasText: '207' }).first();
  await expect(row).toBeVisible();
  const id = Number((await row.getAttribute('data-testid'))?.replace('partner-booking-', ''));
  await expect(page.getByText(PARTNER_MSG.created(id))).toBeVisible();
  await expect(row).toContainText('Rainier Guest');
  await expect(row).toContainText('Waiting for dispatching');
  // The guest is now one of the hotel's guests.
  await expect(page.getByTestId('partner-guests')).toContainText('Rainier Guest');
  // Its invoices as its billing groups them (the API's, shown: one row per invoice).
  const { json: billed } = await api<{ data: { invoices: unknown[] } }>(page, 'GET', 'partner/invoices');
  const invoices = page.getByTestId('partner-invoices');
  await expect(invoices).toBeVisible();
  await expect(invoices.getByTestId('partner-invoice')).toHaveCount(billed.data.invoices.length);
  await page.screenshot({ path: `${ARTIFACTS}/partner-desk-hotel.png`, fullPage: true });

  // Every booking on the page is this hotel's (the API says the same), and none of it is the staff's board.
  const own = await api<{ data: { data: { id: number; room_number: string | null }[] } }>(
    page,
    'GET',
    'partner/bookings?perPage=100',
  );
  const ownIds = own.json.data.data.map((b) => b.id);
  expect(ownIds).toContain(id);
  await expect(list.locator('tbody tr')).toHaveCount(Math.min(ownIds.length, 15));
  expect((await api(page, 'GET', 'booking')).status).toBe(403);
  expect((await api(page, 'GET', `bookings/${id}`)).status).toBe(403);

  // Another hotel's staff does not see it, in the list or by id.
  const other = await browser.newContext();
  const second = await other.newPage();
  await login(second, request, 'hotel2@example.com');
  await expect(second).toHaveURL(/\/partner\/bookings$/);
  await expect(second.getByTestId('partner-booking-form')).toBeVisible();
  await expect(second.getByTestId(`partner-booking-${id}`)).toHaveCount(0);
  await expect(second.getByTestId('partner-guests')).toBeVisible();
  await expect(second.getByTestId('partner-guests')).not.toContainText(phone.replace('+', ''));
  expect((await api(second, 'GET', `partner/bookings/${id}`)).status).toBe(403);
  await other.close();
});

test('the airport desk and a partner see their pages clean under axe, in light and in dark', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  const check = async (p: Page, path: string) => {
    await p.goto(path);
    await expect(p.getByTestId('navigation-progress')).toHaveCount(0);
    await p.waitForLoadState('networkidle').catch(() => undefined);
    await p.screenshot({ path: `${ARTIFACTS}/partners${path.replace(/\W+/g, '-')}.png` });
    const problems: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await useScheme(p, scheme);
      for (const v of await axeBlocking(p)) problems.push(`${path} ${scheme} ${v}`);
    }
    return problems;
  };
  const problems: string[] = [];
  await login(page, request, USERS.airport);
  problems.push(...(await check(page, '/airport/create')));
  // The staff pages (hotels, restaurants, companies, requests) are in e2e/a11y.spec.ts's every-page pass; here
  // the pages as the desks themselves see them.
  const hotelContext = await browser.newContext();
  const hotel = await hotelContext.newPage();
  await login(hotel, request, 'hotel@example.com');
  problems.push(...(await check(hotel, '/partner/bookings')));
  await hotelContext.close();
  expect(problems).toEqual([]);
});

test("staff see a hotel's invoices on its page, as the API counts them", async ({ page, request }) => {
  await login(page, request, USERS.admin);
  const { json: hotels } = await api<{ data: { id: number }[] | { data: { id: number }[] } }>(
    page,
    'GET',
    'hotels?perPage=5',
  );
  const id = (Array.isArray(hotels.data) ? hotels.data : hotels.data.data)[0].id;
  const { status, json } = await api<{ data: { invoices: unknown[] } }>(page, 'GET', `partners/${id}/invoices`);
  expect(status).toBe(200);
  await page.goto(`/hotels/edit/${id}`);
  const invoices = page.getByTestId('partner-invoices');
  await expect(invoices.getByRole('heading', { name: 'Invoices' })).toBeVisible();
  await expect(invoices.getByTestId('partner-invoice')).toHaveCount(json.data.invoices.length);
  if (json.data.invoices.length === 0)
    await expect(invoices).toContainText("No paid ride on this partner's account yet");
  else await expect(invoices.getByTestId('export-csv').first()).toBeVisible();

  // The form's map: a click sets both fields (six decimals at most), the marker shows them; saved, the API has them.
  const lat = page.getByRole('textbox', { name: 'Latitude', exact: true });
  const lon = page.getByRole('textbox', { name: 'Longitude', exact: true });
  const before = { lat: await lat.inputValue(), lon: await lon.inputValue() };
  const map = page.locator('[data-map="point-picker"]');
  await expect(map).toHaveAttribute('data-map-ready', '1');
  await page.getByTestId('point-picker-map').click({ position: { x: 70, y: 70 } });
  await expect(lat).not.toHaveValue(before.lat);
  await expect(lon).not.toHaveValue(before.lon);
  const picked = { lat: await lat.inputValue(), lon: await lon.inputValue() };
  expect(picked.lat).toMatch(/^-?\d+(\.\d{1,6})?$/);
  expect(picked.lon).toMatch(/^-?\d+(\.\d{1,6})?$/);
  await expect(map).toHaveAttribute('data-source-point-picker', '1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/hotels$/);
  const { json: saved } = await api<{ data: { lat: number; lon: number } }>(page, 'GET', `hotels/${id}`);
  expect(saved.data).toMatchObject({ lat: Number(picked.lat), lon: Number(picked.lon) });
});

test('a dispatcher books a phone order for a hotel: its address is offered as the pickup, the order names the hotel', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.dispatcher);
  const { json } = await api<{ data: { data: PartnerOptionDto[] } }>(page, 'GET', 'partners?kind=hotel&perPage=50');
  const hotel = json.data.data.find(
    (p) => p.active && p.lon !== null && (p.max_active_bookings === 0 || p.active_bookings < p.max_active_bookings),
  );
  expect(hotel, 'a demo hotel with room for a booking').toBeTruthy();
  const name = hotel?.name ?? '';
  await page.goto('/phone-bookings');
  await page.getByTestId('mode-new').click();
  await page.getByTestId('new-first-name').fill('Grace');
  await page.getByTestId('new-last-name').fill('Guest');
  await page.getByTestId('new-phone').fill(`+377 6${Date.now() % 10_000_000}`);
  await page.getByRole('combobox', { name: PARTNER_UI.partner }).fill(name.slice(0, 12));
  await page.getByRole('option', { name }).first().click();
  await page.getByTestId('use-partner-pickup').click();
  await expect(page.getByTestId('pickup-input')).toHaveValue(name);
  await expect(page.getByTestId('partner-pickup-offer')).toHaveCount(0);
  await page.getByTestId('phone-room-number').fill('314');
  await pickPlace(page, 'dropoff-input', 'Casino', /Casino de Monte/);
  await page.getByTestId('phone-booking-submit').click();
  const toast = page.getByText(/Order #\d+ has been created/);
  await expect(toast).toBeVisible();
  const id = Number((await toast.textContent())?.match(/#(\d+)/)?.[1]);
  const { json: booked } = await api<{ data: { partner: unknown; room_number: string } }>(
    page,
    'GET',
    `bookings/${id}`,
  );
  expect(booked.data).toMatchObject({ partner: { id: hotel?.id, kind: 'hotel', name }, room_number: '314' });
  await page.goto('/requests');
  await page.getByTestId('board-search').fill(String(id));
  await expect(page.getByTestId(`booking-card-${id}`).getByTestId('booking-partner')).toHaveText(
    `${name} (Hotel) · room 314`,
  );
});

test('an administrator opens an airport agency and gives it a sign-in, which lands on airport/create', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.admin);
  const stamp = Date.now() % 1_000_000;
  const name = `E2E Air Desk ${stamp}`;
  await page.goto('/airport_agencies');
  const agencies = page.getByTestId('table-airport_agencies');
  await agencies.getByRole('button', { name: RESOURCE_MSG.newButton }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: RESOURCE_MSG.save }).click();
  await expect(agencies.getByRole('cell', { name })).toBeVisible();

  await page.goto('/airport_agency_users');
  const desks = page.getByTestId('table-airport_agency_users');
  await desks.getByRole('button', { name: RESOURCE_MSG.newButton }).click();
  const email = `desk${stamp}@e2e.example.com`;
  await dialog.getByLabel('First name').fill('Eva');
  await dialog.getByLabel('Last name').fill('Desk');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
  await dialog.getByRole('combobox', { name: /Agency/ }).click();
  await page.getByRole('option', { name }).click();
  await dialog.getByRole('combobox', { name: /Role/ }).click();
  await page.getByRole('option', { name: 'Supervisor' }).click();
  await dialog.getByRole('button', { name: RESOURCE_MSG.save }).click();
  await expect(desks.getByRole('row', { name: new RegExp(email) })).toContainText(name);

  // The new sign-in, in the same tab: the desk's start page.
  await login(page, request, email);
  await expect(page).toHaveURL(/\/airport\/create$/);
});

test("company users have their page beside the hotels' and restaurants' users, in the drawer", async ({
  page,
  request,
}) => {
  await login(page, request, USERS.admin, '/company_users');
  await expect(page.locator('header h1')).toHaveText('Company users');
  const table = page.getByTestId('table-company_users');
  // The seeded company's sign-in, named with its company; no hotel's user among them.
  await expect(table.getByRole('row', { name: /company@example\.com/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /hotel@example\.com/ })).toHaveCount(0);
  await expect(page.getByTestId('drawer-entry-CompanyUsers')).toHaveAttribute('aria-current', 'page');
});
