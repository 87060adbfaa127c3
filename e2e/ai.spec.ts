import { expect, test } from '@playwright/test';
import { AI_LABELS, type AiDispatchPopupPayload, BOOKING_MSG, MAP_CENTER } from '@taxi/shared';
import { api, login, USERS } from './helpers';

const ARTIFACTS = 'e2e/artifacts';

test('the AI dispatch popup opens, counts down, and lets the AI dispatch', async ({ page, request }) => {
  await login(page, request, USERS.dispatcher);
  const created = await api<{ data: { id: number } }>(page, 'POST', 'bookings', {
    new_passenger: { first_name: 'Aida', last_name: 'Popup', phone_number: `+377 6${Date.now() % 10_000_000}` },
    service_id: 2,
    pickup: { name: 'Gare de Monaco', details: 'Main entrance', lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
    dropoff: {
      name: 'Port Hercule',
      details: 'Quai Albert Ier',
      lon: MAP_CENTER[0] + 0.008,
      lat: MAP_CENTER[1] + 0.004,
    },
    now: true,
  });
  expect(created.status).toBe(201);
  const id = created.json.data.id;
  // Plays the captain app accepting the AI's offer (development-only call; the simulator does it in the demo).
  const accepted = await api<{ data: AiDispatchPopupPayload }>(page, 'POST', `ai/dev/accept/${id}`, {});
  expect(accepted.status).toBe(200);

  const popup = page.getByTestId('ai-dispatch-popup');
  await expect(popup).toBeVisible();
  await expect(popup.getByText(AI_LABELS.dispatchTitle(id))).toBeVisible();
  await expect(popup.getByText('Gare de Monaco')).toBeVisible();
  await expect(popup.getByText('Port Hercule')).toBeVisible();
  await expect(popup.getByText('Aida Popup')).toBeVisible();
  await expect(popup.getByText(accepted.json.data.captain.first_name, { exact: false })).toBeVisible();
  await expect(page.locator('[data-map="ai-popup"][data-map-ready="1"]')).toBeVisible();

  const countdown = popup.getByTestId('ai-countdown');
  const first = await countdown.textContent();
  expect(first).toMatch(/^02:(2|3)\d$/);
  await page.waitForTimeout(2200);
  const second = await countdown.textContent();
  expect(second).not.toBe(first);
  await page.screenshot({ path: `${ARTIFACTS}/ai-dispatch-popup.png` });

  await popup.getByRole('button', { name: BOOKING_MSG.letAiDispatch }).click();
  await expect(page.getByText(BOOKING_MSG.dispatched(id))).toBeVisible();
  // The panel moves on to the next queued popup, if any: this booking's is gone.
  await expect(page.getByText(AI_LABELS.dispatchTitle(id))).toBeHidden();
  const booking = await api<{ data: { status: string } }>(page, 'GET', `bookings/${id}`);
  expect(booking.json.data.status).toBe('APPROVED');
});
