import type { Page } from '@playwright/test';
import { dateToCityLocal, MAP_CENTER, UNASSIGNED_LABELS } from '@taxi/shared';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

/** A booking from a pickup only this test uses; `minutesAhead` 0 is a "now" booking. */
async function book(page: Page, place: string, minutesAhead: number): Promise<number> {
  // The city's wall clock, as the phone booking form sends it.
  const local = dateToCityLocal(new Date(Date.now() + minutesAhead * 60_000));
  const res = await api<{ data: { id: number } }>(page, 'POST', 'bookings', {
    new_passenger: {
      first_name: 'Una',
      last_name: 'Ssigned',
      phone_number: `+377 6${(Date.now() + minutesAhead) % 10_000_000}`,
    },
    service_id: 2,
    pickup: { name: place, lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
    dropoff: { name: 'Port Hercule', lon: MAP_CENTER[0] + 0.008, lat: MAP_CENTER[1] + 0.004 },
    ...(minutesAhead === 0 ? { now: true } : { now: false, datetime: local }),
    seats: 1,
    origin: 'dashboard',
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.data.id;
}

test('a booking that exhausts the dispatch cascade heads the board, with its reason', async ({ page, request }) => {
  await login(page, request, USERS.dispatcher);
  const place = `Unassigned pickup ${Date.now()}`;
  // A booking for now, and one for later whose automatic offers every captain refuses.
  const plain = await book(page, place, 0);
  const exhausted = await book(page, place, 25);
  // Plays the captain apps refusing each offer (development-only call): single offers, then the group offer.
  await expect
    .poll(
      async () => {
        const res = await api<{ data: { unassigned: boolean } }>(page, 'POST', `ai/dev/refuse/${exhausted}`, {});
        expect(res.status).toBe(200);
        return res.json.data.unassigned;
      },
      { intervals: [100], timeout: 30_000 },
    )
    .toBe(true);

  await page.goto('/requests');
  await page.getByTestId('board-search').fill(place);
  const board = page.getByTestId('requests-board');
  await expect(board.getByTestId(`booking-card-${plain}`)).toBeVisible();
  // The later booking comes first: the unassigned list leads, whatever the times.
  const first = board.locator('[data-index="0"]');
  await expect(first.getByTestId(`booking-card-${exhausted}`)).toBeVisible();
  const chip = first.getByTestId('unassigned');
  await expect(chip).toHaveText(UNASSIGNED_LABELS.title);
  await expect(chip).toHaveAttribute('title', UNASSIGNED_LABELS.no_acceptance);
  await expect(board.locator('[data-index="1"]').getByTestId(`booking-card-${plain}`)).toBeVisible();
  await expect(board.locator('[data-index="1"]').getByTestId('unassigned')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/unassigned-first.png' });
});
