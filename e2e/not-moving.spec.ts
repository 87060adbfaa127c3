import type { Page } from '@playwright/test';
import { AI_LABELS, BOOKING_UI, type BookingDto, MAP_CENTER, NOT_MOVING, NOT_MOVING_UI } from '@taxi/shared';
import { interpolate } from '@taxi/shared/i18n';
import { CATALOGUES } from '@taxi/shared/i18n/catalogues';
import { axeBothSchemes, SHOTS } from './axe';
import { expect, test } from './fixtures';
import { api, liveSuggestion, login, USERS } from './helpers';

async function openCard(page: Page, id: number) {
  await page.goto('/requests');
  await page.getByTestId('board-search').fill(String(id));
  const card = page.getByTestId(`booking-card-${id}`);
  await expect(card).toBeVisible();
  return card;
}

async function choose(page: Page, item: string) {
  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId(item).click();
  await expect(page.getByTestId(item)).toBeHidden();
}

test('a dispatched captain who does not move raises a warning; Re-dispatch makes the order pending again', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.dispatcher);
  // The AI's offer accepted (development-only call) by a captain half a kilometre from the pickup (the check leaves
  // alone a captain already waiting there), then dispatched: the captain stays where they are (no simulator in the
  // e2e runs).
  const { id } = await liveSuggestion(page, 'Stella', 'Still', [MAP_CENTER[0] + 0.006, MAP_CENTER[1]]);
  expect((await api(page, 'POST', `booking/${id}/let_ai_dispatch_it`)).status).toBe(200);
  await expect(page.getByText(AI_LABELS.dispatchTitle(id))).toBeHidden();
  // Another spec's booking may still wait for the AI: its popup waits in the tray, the board's cards stay clear.
  await expect(page.locator('[data-ai-panel]')).toHaveCount(0);

  const card = await openCard(page, id);
  await expect(card).toHaveAttribute('data-status', 'APPROVED');
  await expect(card.getByTestId('not-moving')).toHaveCount(0);

  try {
    // The check's minute passes at once (development-only call); the warning reaches the open board live.
    const flagged = await api<{ data: BookingDto }>(page, 'POST', `bookings/dev/not-moving/${id}`);
    expect(flagged.status).toBe(200);
    expect(flagged.json.data.not_moving).not.toBeNull();
    const chip = card.getByTestId('not-moving');
    await expect(chip).toBeVisible();
    await expect(chip).toHaveText(NOT_MOVING_UI.chip);
    await chip.hover();
    await expect(page.getByRole('tooltip')).toHaveText(NOT_MOVING_UI.hint(NOT_MOVING.metres, NOT_MOVING.afterS));
    await card.screenshot({ path: `${SHOTS}/not-moving-en-light.png` });
    await page.screenshot({ path: `${SHOTS}/not-moving-en-light-page.png` });
    await page.mouse.move(0, 0);
    expect(await axeBothSchemes(page)).toEqual([]);

    await choose(page, 'language-ar');
    await choose(page, 'theme-dark');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await openCard(page, id);
    await expect(chip).toHaveText(CATALOGUES.ar[NOT_MOVING_UI.chip]);
    const button = card.getByTestId('redispatch');
    await expect(button).toHaveText(CATALOGUES.ar[BOOKING_UI.redispatch]);
    await page.mouse.move(0, 0);
    await card.screenshot({ path: `${SHOTS}/not-moving-ar-dark.png` });
    await page.screenshot({ path: `${SHOTS}/not-moving-ar-dark-page.png` });

    await button.click();
    const taken = interpolate(CATALOGUES.ar['Order #{{id}} taken back from the captain and offered again'], { id });
    await expect(page.getByText(taken)).toBeVisible();
    await expect(card).toHaveAttribute('data-status', 'PENDING');
    await expect(card.getByTestId('not-moving')).toHaveCount(0);
    await expect(card.getByTestId('captain-name')).toHaveCount(0);
    const booking = await api<{ data: BookingDto }>(page, 'GET', `bookings/${id}`);
    expect(booking.json.data).toMatchObject({ status: 'PENDING', ride_id: null, not_moving: null });
  } finally {
    // The language and the theme are kept on the account: back to what the other specs expect.
    expect((await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system' })).status).toBe(200);
  }
});
