import type { Page } from '@playwright/test';
import { BOOKING_MSG, BOOKING_UI, type BookingDto, dateToCityLocal, MAP_CENTER } from '@taxi/shared';
import { expect, test } from './fixtures';
import { api, dispatchBooking, login, USERS } from './helpers';

const phone = () => `+377 6${String(Date.now() % 10_000_000).padStart(7, '0')}`;
const errorToast = (page: Page) => page.locator('.notistack-MuiContent-error');

/** A dashboard order body (the phone booking form's), `minutesAhead` from now. */
const order = (firstName: string, extra: Record<string, unknown> = {}) => ({
  new_passenger: { first_name: firstName, last_name: 'E2e', phone_number: phone() },
  service_id: 2,
  pickup: { name: 'E2E pickup', lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
  dropoff: { name: 'E2E dropoff', lon: MAP_CENTER[0] + 0.01, lat: MAP_CENTER[1] + 0.005 },
  now: false,
  datetime: dateToCityLocal(new Date(Date.now() + 60 * 60_000)),
  seats: 1,
  origin: 'dashboard',
  ...extra,
});

async function openCard(page: Page, id: number) {
  await page.goto('/requests');
  await page.getByTestId('board-search').fill(String(id));
  const card = page.getByTestId(`booking-card-${id}`);
  await expect(card).toBeVisible();
  return card;
}

test('a reminder the server fails without a message says “Error Occurrd”', async ({ page, request }) => {
  await login(page, request, USERS.dispatcher);
  // A ride for now, dispatched: its captain may be reminded at once.
  const created = await api<{ data: { id: number } }>(page, 'POST', 'bookings', order('Remindme', { now: true }));
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const id = created.json.data.id;
  await dispatchBooking(page, id);

  // A crash behind the reminder: a 500 with an empty body.
  await page.route('**/api/send_dispatched_reminder', (route) => route.fulfill({ status: 500, body: '' }));
  await openCard(page, id);
  await page.getByTestId(`actions-${id}`).click();
  await page.getByTestId('action-dispatchedReminder').click();
  await expect(errorToast(page)).toHaveText(BOOKING_MSG.reminderFallbackError);

  // No answer at all: the same fallback (once the first toast has gone: the toaster shows no duplicate).
  await expect(errorToast(page)).toHaveCount(0);
  await page.unroute('**/api/send_dispatched_reminder');
  await page.route('**/api/send_dispatched_reminder', (route) => route.abort('internetdisconnected'));
  await page.getByTestId(`actions-${id}`).click();
  await page.getByTestId('action-dispatchedReminder').click();
  await expect(errorToast(page)).toHaveText(BOOKING_MSG.reminderFallbackError);
});

test('a failed airport details load is a red “no extra details” toast, at once', async ({ page, request, browser }) => {
  // The airport desk files a request: a booking with airport details.
  const deskContext = await browser.newContext();
  const desk = await deskContext.newPage();
  await login(desk, request, USERS.airport);
  const filed = await api<{ data: { id: number } }>(desk, 'POST', 'airport/requests', {
    agent: 'E2E agent',
    first_name: 'Grace',
    phone_number: phone(),
    riders: 2,
    bags: 1,
    country: 'NCE',
    service_id: 2,
    pickup: { name: 'Nice airport', lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
    dropoff: { name: 'Port Hercule', lon: MAP_CENTER[0] + 0.008, lat: MAP_CENTER[1] + 0.004 },
    now: true,
  });
  expect(filed.status, JSON.stringify(filed.json)).toBe(201);
  const id = filed.json.data.id;
  await deskContext.close();

  await login(page, request, USERS.dispatcher);
  let calls = 0;
  await page.route(`**/api/booking/${id}/airport_details`, (route) => {
    calls += 1;
    return route.fulfill({ status: 500, body: '' });
  });
  const card = await openCard(page, id);
  await card.getByText(BOOKING_UI.airportDetails).click();
  // Within the default expect time (10 s): the toast says it, the dialog is gone.
  await expect(errorToast(page)).toHaveText(BOOKING_MSG.noExtraDetails);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(calls).toBe(1);
});

test('each note of a card is solved on its own', async ({ page, request }) => {
  await login(page, request, USERS.dispatcher);
  const body = order('Twonotes', { notes: 'First note' });
  const created = await api<{ data: BookingDto }>(page, 'POST', 'bookings', body);
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const booking = created.json.data;
  // The order edited with a second note: the card holds two.
  const edited = await api<{ data: BookingDto }>(page, 'PUT', `bookings/${booking.id}/order`, {
    ...body,
    new_passenger: undefined,
    passenger_id: booking.passenger?.id,
    notes: 'Second note',
  });
  expect(edited.status, JSON.stringify(edited.json)).toBe(200);
  const [first, second] = edited.json.data.notes_list;
  expect([first?.note, second?.note]).toEqual(['First note', 'Second note']);

  const card = await openCard(page, booking.id);
  const firstNote = card.getByTestId(`note-${first.id}`);
  const secondNote = card.getByTestId(`note-${second.id}`);
  await expect(firstNote.getByRole('button', { name: BOOKING_UI.solve })).toBeVisible();
  await expect(secondNote.getByRole('button', { name: BOOKING_UI.solve })).toBeVisible();

  await firstNote.getByRole('button', { name: BOOKING_UI.solve }).click();
  await expect(page.getByText(BOOKING_MSG.solved)).toBeVisible();
  await expect(firstNote).toHaveCount(0);
  await expect(secondNote.getByRole('button', { name: BOOKING_UI.solve })).toBeVisible();

  // The server holds the same: the first solved, the second not.
  const reloaded = await openCard(page, booking.id);
  await expect(reloaded.getByTestId(`note-${first.id}`)).toHaveCount(0);
  await reloaded.getByTestId(`note-${second.id}`).getByRole('button', { name: BOOKING_UI.solve }).click();
  await expect(reloaded.getByTestId(`note-${second.id}`)).toHaveCount(0);
  const after = await api<{ data: BookingDto }>(page, 'GET', `bookings/${booking.id}`);
  expect(after.json.data.notes_list.map((n) => [n.note, n.solved])).toEqual([
    ['First note', true],
    ['Second note', true],
  ]);
});
