import type { Page } from '@playwright/test';
import { BOOKING_MSG, BOOKING_UI, type BookingDto, dateToCityLocal, MAP_CENTER } from '@taxi/shared';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

/** A scheduled booking (the AI offers it within its lead) from a pickup only this test uses. */
async function book(page: Page, place: string): Promise<number> {
  const res = await api<{ data: { id: number } }>(page, 'POST', 'bookings', {
    new_passenger: { first_name: 'Bess', last_name: 'Oin', phone_number: `+377 6${Date.now() % 10_000_000}` },
    service_id: 2,
    pickup: { name: place, lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
    dropoff: { name: 'Port Hercule', lon: MAP_CENTER[0] + 0.008, lat: MAP_CENTER[1] + 0.004 },
    now: false,
    datetime: dateToCityLocal(new Date(Date.now() + 25 * 60_000)),
    seats: 1,
    origin: 'dashboard',
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.data.id;
}

const bookingOf = async (page: Page, id: number) =>
  (await api<{ data: BookingDto }>(page, 'GET', `bookings/${id}`)).json.data;
/** HH:mm on the city's clock, as the card shows a time. */
const cityTime = (iso: string) => dateToCityLocal(new Date(iso)).split(' ')[1];

test('a booking the cascade finds no captain for becomes a driver search the card extends', async ({
  page,
  request,
}) => {
  // The admin both dispatches and reads the dispatching settings (the extension's length).
  await login(page, request, USERS.admin);
  const settings = await api<{ data: { values: { BESOIN_RENEWAL_MINUTES: number } } }>(
    page,
    'GET',
    'settings/dispatching',
  );
  const renewalMs = settings.json.data.values.BESOIN_RENEWAL_MINUTES * 60_000;
  const place = `Besoin pickup ${Date.now()}`;
  const id = await book(page, place);
  await page.goto('/requests');
  await page.getByTestId('board-search').fill(place);
  const card = page.getByTestId(`booking-card-${id}`);
  await expect(card).toBeVisible();

  // The captain apps refuse every offer (development-only call) until the cascade has nobody left.
  await expect
    .poll(
      async () => {
        expect((await api(page, 'POST', `ai/dev/refuse/${id}`, {})).status).toBe(200);
        return (await bookingOf(page, id)).besoin;
      },
      { intervals: [100], timeout: 30_000 },
    )
    .toBe(true);
  const searching = await bookingOf(page, id);
  const end = Date.parse(searching.besoin_date ?? '');

  // The open board learns it live: the card shows until when, and its menu offers the extension.
  const chip = card.getByTestId('besoin');
  await expect(chip).toHaveText(`Driver search until ${cityTime(searching.besoin_date ?? '')}`);
  await page.getByTestId(`actions-${id}`).click();
  const extend = page.getByTestId('action-extend');
  await expect(extend).toHaveText(BOOKING_UI.extend);
  await extend.click();
  await expect(page.getByText(BOOKING_MSG.extended(id))).toBeVisible();

  const extended = await bookingOf(page, id);
  expect(extended.besoin).toBe(true);
  expect(Date.parse(extended.besoin_date ?? '')).toBe(end + renewalMs);
  await expect(chip).toHaveText(`Driver search until ${cityTime(extended.besoin_date ?? '')}`);
});
