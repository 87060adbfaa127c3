import type { Page } from '@playwright/test';
import {
  AI_LABELS,
  AI_MSG,
  BOOKING_MSG,
  type CandidateRankingDto,
  dateToCityLocal,
  MAP_CENTER,
  type SuggestionPopupPayload,
} from '@taxi/shared';
import { expect, test } from './fixtures';
import { api, login, showAiPopup, USERS } from './helpers';

const ARTIFACTS = 'e2e/artifacts';
const PICKUP = { name: 'Casino de Monte-Carlo', details: 'Place du Casino', lon: MAP_CENTER[0], lat: MAP_CENTER[1] };
const DROPOFF = {
  name: 'Port Hercule',
  details: 'Quai Albert Ier',
  lon: MAP_CENTER[0] + 0.008,
  lat: MAP_CENTER[1] + 0.004,
};

async function createBooking(page: Page, body: Record<string, unknown>): Promise<number> {
  const phone = `+377 6${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  const created = await api<{ data: { id: number } }>(page, 'POST', 'bookings', {
    pickup: PICKUP,
    dropoff: DROPOFF,
    ...body,
    new_passenger: { phone_number: phone, ...(body.new_passenger as object) },
  });
  expect(created.status).toBe(201);
  return created.json.data.id;
}

/** A free captain who drives the full-car service near the pickup (the ranking of a full-car order). */
async function fullCarCaptain(page: Page): Promise<number> {
  const probe = await createBooking(page, {
    new_passenger: { first_name: 'Probe', last_name: 'Ranking' },
    service_id: 2,
    now: true,
  });
  const ranking = await api<{ data: CandidateRankingDto }>(page, 'GET', `dispatch/booking/${probe}/ranking`);
  expect(ranking.json.data.candidates.length).toBeGreaterThan(0);
  return ranking.json.data.candidates[0].captain_id;
}

test('time-suggestion popup: a late captain proposes a new time; "The passenger said ok" applies it and dispatches', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.dispatcher);
  const captainId = await fullCarCaptain(page);
  const id = await createBooking(page, {
    new_passenger: { first_name: 'Tina', last_name: 'Timing' },
    service_id: 2,
    now: false,
    datetime: dateToCityLocal(new Date(Date.now() + 3 * 60_000)),
  });
  // The captain's app reports from 13 km away and accepts: far too late for the booked time.
  const accepted = await api<{ data: SuggestionPopupPayload }>(page, 'POST', `ai/dev/accept/${id}`, {
    captain_id: captainId,
    lon: MAP_CENTER[0] - 0.15,
    lat: MAP_CENTER[1] - 0.05,
  });
  expect(accepted.status).toBe(200);
  expect(accepted.json.data.type).toBe('time_change');

  const popup = await showAiPopup(page, AI_LABELS.timeTitle(id));
  await expect(popup.getByText('Tina Timing')).toBeVisible();
  await expect(popup.getByText(accepted.json.data.original_time)).toBeVisible();
  await expect(popup.getByText(accepted.json.data.new_time)).toBeVisible();
  await expect(popup.getByRole('button', { name: BOOKING_MSG.noResponseYet })).toBeVisible();
  await expect(popup.getByRole('button', { name: BOOKING_MSG.passengerSaidNo })).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/ai-time-suggestion-popup.png` });

  await popup.getByRole('button', { name: BOOKING_MSG.passengerSaidOk }).click();
  await expect(page.getByText(AI_MSG.confirmed)).toBeVisible();
  await expect(popup).toBeHidden();
  const booking = await api<{ data: { status: string; datetime: string } }>(page, 'GET', `bookings/${id}`);
  expect(booking.json.data.status).toBe('APPROVED');
  expect(dateToCityLocal(booking.json.data.datetime)).toBe(accepted.json.data.new_time);
});

test('service-change popup: no VIP captain free, a full-car one is proposed; "The passenger said NO" keeps VIP', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.dispatcher);
  const captainId = await fullCarCaptain(page);
  const id = await createBooking(page, {
    new_passenger: { first_name: 'Victor', last_name: 'Vip' },
    service_id: 7,
    now: true,
  });
  const accepted = await api<{ data: SuggestionPopupPayload }>(page, 'POST', `ai/dev/accept/${id}`, {
    captain_id: captainId,
  });
  expect(accepted.status).toBe(200);
  expect(accepted.json.data).toMatchObject({ type: 'service_change', new_service: 'Full car' });

  const popup = await showAiPopup(page, AI_LABELS.serviceTitle(id));
  await expect(popup.getByText('Victor Vip')).toBeVisible();
  await expect(popup.getByText('Full car')).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/ai-service-change-popup.png` });

  await popup.getByRole('button', { name: BOOKING_MSG.passengerSaidNo }).click();
  await expect(page.getByText(AI_MSG.serviceRefused)).toBeVisible();
  await expect(popup).toBeHidden();
  const booking = await api<{ data: { status: string; service_id: number } }>(page, 'GET', `bookings/${id}`);
  expect(booking.json.data).toMatchObject({ status: 'PENDING', service_id: 7 });
});

test('AI status in the toolbar: stop and restart the popups, save the intervals', async ({ page, request }) => {
  await login(page, request, USERS.admin);
  const button = page.getByTestId('ai-status-button');
  await expect(button).toHaveAttribute('data-state', 'on');
  await button.click();
  const form = page.getByTestId('ai-status-form');
  await expect(form.getByText(AI_LABELS.stateOn)).toBeVisible();

  await form.getByRole('switch', { name: AI_LABELS.receivePopups }).click();
  await expect(page.getByText(AI_MSG.aiStatusSaved).first()).toBeVisible();
  await expect(button).toHaveAttribute('data-state', 'stopped');
  await expect(form.getByText(AI_LABELS.stateStopped)).toBeVisible();
  expect((await api<{ data: { ai_stopped: string } }>(page, 'GET', 'ai_status')).json.data.ai_stopped).toBe('1');

  await form.getByTestId('ai-snooze_interval').fill('7');
  await form.getByTestId('ai-dispatch_interval').fill('12');
  await form.getByRole('button', { name: AI_LABELS.save }).click();
  await expect
    .poll(async () => (await api<{ data: Record<string, unknown> }>(page, 'GET', 'ai_status')).json.data)
    .toMatchObject({ snooze_interval: 7, dispatch_interval: 12 });
  await page.screenshot({ path: `${ARTIFACTS}/ai-status-popover.png` });

  await form.getByRole('switch', { name: AI_LABELS.receivePopups }).click();
  await expect(button).toHaveAttribute('data-state', 'on');
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
});
