import type { Page } from '@playwright/test';
import { AI_LABELS, BOOKING_MSG, isDrawerGroup, visibleDrawer } from '@taxi/shared';
import { expect, test } from './fixtures';
import {
  api,
  cancelBooking,
  checkAuth,
  lateTimeSuggestion,
  liveSuggestion,
  login,
  showAiPopup,
  USERS,
} from './helpers';

const ARTIFACTS = 'e2e/artifacts';

/** A drawer entry of the signed-in user other than Requests. */
async function otherDrawerEntry(page: Page): Promise<string> {
  const me = await checkAuth(page);
  const routes = visibleDrawer(me).flatMap((item) => (isDrawerGroup(item) ? [] : [item.route]));
  const other = routes.find((r) => r !== 'Requests');
  expect(other).toBeTruthy();
  return other as string;
}

const panelOf = (page: Page) => page.locator('[data-ai-panel]');

test('the AI panel never opens by itself: five popups arrive while it stays hidden; it opens on the tray or Alt+Shift+P only', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.dispatcher);
  const ids: number[] = [];
  try {
    const panel = panelOf(page);
    const tray = page.getByTestId('ai-popup-tray');
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) {
      ids.push((await liveSuggestion(page, 'Hidden', name)).id);
      // The popup reached the tray (its count), and nothing opened over the page.
      await expect.poll(async () => Number(await tray.getAttribute('data-count'))).toBeGreaterThanOrEqual(ids.length);
      await expect(panel).toHaveCount(0);
    }
    await page.waitForTimeout(1500);
    await expect(panel).toHaveCount(0);
    await expect(tray.getByTestId('ai-popup-next')).toHaveText(/^\d\d:\d\d$/);
    await page.screenshot({ path: `${ARTIFACTS}/ai-popup-tray.png` });

    // The operator opens it from the tray: all five are queued in it; the drawer stays usable meanwhile.
    for (const id of ids) await showAiPopup(page, AI_LABELS.dispatchTitle(id));
    await expect(panel).toBeFocused();
    const other = await otherDrawerEntry(page);
    await page.getByTestId(`drawer-entry-${other}`).click();
    await expect(page).not.toHaveURL(/\/requests$/);
    await page.getByTestId('drawer-entry-Requests').click();
    await expect(page).toHaveURL(/\/requests$/);
    await expect(panel).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS}/ai-popup-panel.png` });

    // Escape hides it (nothing is decided: the popups stay in the tray, the booking pending, the user not snoozed).
    await panel.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(page.getByTestId('ai-popup-toggle')).toBeVisible();
    expect((await api<{ data: { snoozed_at: string | null } }>(page, 'GET', 'ai_status')).json.data.snoozed_at).toBe(
      null,
    );
    expect((await api<{ data: { status: string } }>(page, 'GET', `bookings/${ids[0]}`)).json.data.status).toBe(
      'PENDING',
    );

    // Hidden it stays, whatever arrives and after a reload (the user's preference, kept on the server).
    ids.push((await liveSuggestion(page, 'Hidden', 'Six')).id);
    await page.waitForTimeout(1000);
    await expect(panel).toHaveCount(0);
    const me = await api<{ data: { preferences: { ai_panel?: string } } }>(page, 'GET', 'check_auth');
    expect(me.json.data.preferences.ai_panel).toBe('hidden');
    await page.reload();
    await expect(page.getByTestId('ai-popup-toggle')).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(panel).toHaveCount(0);

    // The keyboard: Alt+Shift+P shows it, even from a text field, and hides it again; the `?` sheet lists the key.
    await page.getByTestId('board-search').focus();
    await page.keyboard.press('Alt+Shift+KeyP');
    await expect(panel).toBeVisible();
    // A modal dialog (the command palette) comes first: the panel yields while it is open.
    await page.keyboard.press('Control+KeyK');
    await expect(page.getByTestId('palette-input')).toBeVisible();
    await expect(panel).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(panel).toBeVisible();
    await page.keyboard.press('Alt+Shift+KeyP');
    await expect(panel).toHaveCount(0);
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('?');
    await expect(page.getByTestId('shortcut-ai.popups')).toContainText('Alt');
    await page.keyboard.press('Escape');
  } finally {
    // Other specs sign in as the same dispatcher: their popups must not wait in its tray.
    for (const id of ids) await cancelBooking(page, id);
    await api(page, 'PUT', 'preferences', { ai_panel: 'hidden' });
  }
});

test('a time suggestion that reaches zero unseen snoozes the popups: the tray says until when, and Resume ends it', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.admin);
  let id: number | undefined;
  // A short countdown (the dispatching setting) so the suggestion reaches zero within the test.
  expect((await api(page, 'PUT', 'settings/dispatching', { AI_POPUP_SECONDS: 10 })).status).toBe(200);
  try {
    id = (await lateTimeSuggestion(page, 'Zora', 'Zero')).id;
    const tray = page.getByTestId('ai-popup-tray');
    // Under 30 s it is urgent: the tray says how many, in red; the panel stays closed.
    await expect(tray.getByTestId('ai-popup-urgent')).toHaveText(AI_LABELS.trayUrgent(1));
    await expect(panelOf(page)).toHaveCount(0);
    await page.screenshot({ path: `${ARTIFACTS}/ai-popup-tray-urgent.png` });

    const snooze = tray.getByTestId('ai-popup-snooze');
    await expect(snooze).toBeVisible({ timeout: 20_000 });
    await expect(snooze).toHaveAttribute('data-auto', '1');
    await expect(snooze).toContainText(/\d\d:\d\d/);
    const status = await api<{ data: { snoozed_at: string | null } }>(page, 'GET', 'ai_status');
    expect(status.json.data.snoozed_at).not.toBeNull();
    await expect(page.getByTestId('ai-status-button')).toHaveAttribute('data-state', 'snoozed');
    await page.screenshot({ path: `${ARTIFACTS}/ai-popup-tray-snoozed.png` });

    await snooze.getByRole('button', { name: AI_LABELS.resumePopups }).click();
    await expect(snooze).toHaveCount(0);
    await expect(page.getByTestId('ai-status-button')).toHaveAttribute('data-state', 'on');
    expect((await api<{ data: { snoozed_at: string | null } }>(page, 'GET', 'ai_status')).json.data.snoozed_at).toBe(
      null,
    );
  } finally {
    await api(page, 'PUT', 'settings/dispatching', { AI_POPUP_SECONDS: 150 });
    await api(page, 'PUT', 'ai_status', { snoozed_at: null });
    if (id !== undefined) await cancelBooking(page, id);
  }
});

test('a Goverment user reaches the board and the drawer without any AI popup', async ({ page, request, browser }) => {
  // A dispatcher's console has a live AI popup meanwhile.
  const desk = await browser.newContext();
  const deskPage = await desk.newPage();
  let id: number | undefined;
  try {
    await login(deskPage, request, USERS.dispatcher);
    id = (await liveSuggestion(deskPage, 'Gwen', 'Tray')).id;
    await showAiPopup(deskPage, AI_LABELS.dispatchTitle(id));

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
    if (id !== undefined) await cancelBooking(deskPage, id);
    await api(deskPage, 'PUT', 'preferences', { ai_panel: 'hidden' });
    await desk.close();
  }
});
