import { AI_LABELS, BOOKING_MSG } from '@taxi/shared';
import { expect, test } from './fixtures';
import { api, liveSuggestion, login, showAiPopup, USERS } from './helpers';

const ARTIFACTS = 'e2e/artifacts';

test('the AI dispatch popup opens, counts down, and lets the AI dispatch', async ({ page, request }) => {
  await login(page, request, USERS.dispatcher);
  const { id, popup: accepted } = await liveSuggestion(page, 'Aida', 'Popup');

  // It waits in the tray; the operator opens it.
  await expect(page.getByTestId('ai-dispatch-popup')).toHaveCount(0);
  const popup = await showAiPopup(page, AI_LABELS.dispatchTitle(id));
  await expect(popup).toHaveAttribute('data-testid', 'ai-dispatch-popup');
  await expect(popup.getByText('Gare de Monaco')).toBeVisible();
  await expect(popup.getByText('Port Hercule')).toBeVisible();
  await expect(popup.getByText('Aida Popup')).toBeVisible();
  await expect(popup.getByText(accepted.captain.first_name, { exact: false })).toBeVisible();
  await expect(page.locator('[data-map="ai-popup"][data-map-ready="1"]')).toBeVisible();
  // Why this captain: the score the AI offered them the booking on, with its parts.
  expect(accepted.score).not.toBeNull();
  const score = popup.getByTestId('ai-popup-score');
  await expect(score).toContainText(String(accepted.score?.total));
  await expect(score.getByTestId('part-eta')).toContainText(String(accepted.score?.parts.eta));

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
