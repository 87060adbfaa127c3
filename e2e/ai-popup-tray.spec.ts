import type { Page } from '@playwright/test';
import { AI_LABELS, type AiStatus, BOOKING_MSG, isDrawerGroup, visibleDrawer } from '@taxi/shared';
import { expect, test } from './fixtures';
import { api, cancelBooking, checkAuth, liveSuggestion, login, USERS } from './helpers';

const ARTIFACTS = 'e2e/artifacts';

/** A drawer entry of the signed-in user other than Requests. */
async function otherDrawerEntry(page: Page): Promise<string> {
  const me = await checkAuth(page);
  const routes = visibleDrawer(me.permissions).flatMap((item) => (isDrawerGroup(item) ? [] : [item.route]));
  const other = routes.find((r) => r !== 'Requests');
  expect(other).toBeTruthy();
  return other as string;
}

test('the AI popup does not block the console, and Escape snoozes it', async ({ page, request }) => {
  await login(page, request, USERS.dispatcher);
  let id: number | undefined;
  try {
    id = (await liveSuggestion(page, 'Esme', 'Tray')).id;
    const popup = page.getByTestId('ai-dispatch-popup');
    await expect(popup.getByText(AI_LABELS.dispatchTitle(id))).toBeVisible();
    const tray = page.getByTestId('ai-popup-tray');
    await expect(tray).toBeVisible();
    await expect(tray.getByTestId('ai-popup-next')).toHaveText(/\d\d:\d\d/);

    // The drawer stays usable with the popup open, and the popup stays.
    const other = await otherDrawerEntry(page);
    await page.getByTestId(`drawer-entry-${other}`).click();
    await expect(page).not.toHaveURL(/\/requests$/);
    await page.getByTestId('drawer-entry-Requests').click();
    await expect(page).toHaveURL(/\/requests$/);
    await expect(popup.getByText(AI_LABELS.dispatchTitle(id))).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS}/ai-popup-tray.png` });

    // Hide and show from the tray.
    await tray.getByRole('button', { name: AI_LABELS.hidePopup }).click();
    await expect(popup).toBeHidden();
    await tray.getByRole('button', { name: AI_LABELS.showPopup }).click();
    await expect(popup).toBeVisible();
    if (!(await popup.getByText(AI_LABELS.dispatchTitle(id)).isVisible())) {
      // Older popups wait in the same queue: move to ours.
      for (let i = 0; i < 20 && !(await popup.getByText(AI_LABELS.dispatchTitle(id)).isVisible()); i++)
        await popup.getByRole('button', { name: AI_LABELS.next }).click();
    }
    await expect(popup.getByText(AI_LABELS.dispatchTitle(id))).toBeVisible();

    await popup.press('Escape');
    await expect(page.getByText(AI_LABELS.dispatchTitle(id))).toBeHidden();
    // The server recorded the snooze: the suggestion is no longer open for another one, the user is snoozed.
    expect((await api(page, 'POST', `booking/${id}/snooze`, {})).status).toBe(409);
    const status = await api<{ data: AiStatus }>(page, 'GET', 'ai_status');
    expect(status.json.data.snoozed_at).not.toBeNull();
    const booking = await api<{ data: { status: string } }>(page, 'GET', `bookings/${id}`);
    expect(booking.json.data.status).toBe('PENDING');
  } finally {
    // Other specs sign in as the same dispatcher: end the snooze, and cancel the booking, whose popup would come
    // back over their pages once the snooze is over.
    await api(page, 'PUT', 'ai_status', { snoozed_at: null });
    if (id !== undefined) await cancelBooking(page, id);
  }
});

test('a Goverment user reaches the board and the drawer without any AI popup', async ({ page, request, browser }) => {
  // A dispatcher's console has a live AI popup meanwhile.
  const desk = await browser.newContext();
  const deskPage = await desk.newPage();
  try {
    await login(deskPage, request, USERS.dispatcher);
    const id = (await liveSuggestion(deskPage, 'Gwen', 'Tray')).id;
    await expect(deskPage.getByTestId('ai-dispatch-popup')).toBeVisible();

    await login(page, request, USERS.gov);
    await expect(page).toHaveURL(/\/requests$/);
    await expect(page.getByTestId('ai-dispatch-popup')).toHaveCount(0);
    await expect(page.getByTestId('ai-popup-tray')).toHaveCount(0);
    await expect(page.getByRole('button', { name: BOOKING_MSG.letAiDispatch })).toHaveCount(0);
    const other = await otherDrawerEntry(page);
    await page.getByTestId(`drawer-entry-${other}`).click();
    await expect(page).not.toHaveURL(/\/requests$/);
    await page.getByTestId('drawer-entry-Requests').click();
    await expect(page).toHaveURL(/\/requests$/);
    await expect(page.getByTestId('ai-dispatch-popup')).toHaveCount(0);
    // Nor may it let the AI dispatch through the API.
    expect((await api(page, 'POST', `booking/${id}/let_ai_dispatch_it`)).status).toBe(403);
  } finally {
    await desk.close();
  }
});
