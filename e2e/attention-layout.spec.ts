import type { Page } from '@playwright/test';
import { AI_LABELS, BOOKING_MSG } from '@taxi/shared';
import { animationsDone, axeBlocking } from './axe';
import { expect, test } from './fixtures';
import { api, cancelBooking, liveSuggestion, login, showAiPopup, USERS } from './helpers';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of every field and button of the page's content (what an overlay must never cover). */
async function controls(page: Page): Promise<Box[]> {
  return page
    .locator('main')
    .locator('input:not([type=hidden]), textarea, [role=combobox], button')
    .evaluateAll((els) =>
      els
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.width > 0 && r.height > 0)
        .map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height })),
    );
}

async function setLook(page: Page, language: 'en' | 'ar', theme: 'light' | 'dark') {
  expect((await api(page, 'PUT', 'preferences', { language, theme })).status).toBe(200);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
  await expect(page.getByTestId('ai-popup-toggle')).toBeVisible();
  // The drawer and the app bar settle (their width transitions) before a picture is taken.
  await page.waitForTimeout(600);
}

for (const [width, height] of [
  [1440, 900],
  [1280, 720],
] as const) {
  test(`at ${width}×${height} the AI tray sits in the toolbar and covers no field of the phone booking; the panel opens over the page only when asked`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    await login(page, request, USERS.dispatcher, '/phone-bookings');
    await api(page, 'PUT', 'preferences', { ai_panel: 'hidden' });
    const ids: number[] = [];
    try {
      for (const name of ['Layout', 'Second']) ids.push((await liveSuggestion(page, 'Tray', name)).id);
      for (const [language, theme] of [
        ['en', 'light'],
        ['ar', 'dark'],
      ] as const) {
        await setLook(page, language, theme);
        const tray = page.getByTestId('ai-popup-tray');
        const box = await tray.boundingBox();
        if (!box) throw new Error('no tray');
        // In the app bar, inside the window, over no field or button of the page.
        const bar = await page.locator('header').boundingBox();
        expect(bar && box.y >= bar.y && box.y + box.height <= bar.y + bar.height).toBe(true);
        expect(box.x >= 0 && box.x + box.width <= width).toBe(true);
        const fields = await controls(page);
        expect(fields.length).toBeGreaterThan(5);
        expect(fields.filter((f) => overlaps(f, box))).toEqual([]);
        // The toolbar keeps every control of its own in view (nothing pushed out by the tray).
        for (const id of ['drawer-toggle', 'toolbar-approvals', 'profile-menu-button']) {
          const b = await page.getByTestId(id).boundingBox();
          expect(b && b.x >= 0 && b.x + b.width <= width, id).toBe(true);
        }
        await expect(page.locator('[data-ai-panel]')).toHaveCount(0);
        // The toolbar with the tray and the badge is clean under axe in this language and scheme.
        await animationsDone(page);
        expect(await axeBlocking(page, { include: 'header' })).toEqual([]);
        await page.screenshot({ path: `e2e/artifacts/attention-tray-${width}x${height}-${language}-${theme}.png` });

        // The panel opens on the tray's click, on the most urgent popup.
        await page.getByTestId('ai-popup-toggle').click();
        const panel = page.locator('[data-ai-panel]');
        await expect(panel).toBeVisible();
        await animationsDone(page);
        expect(await axeBlocking(page, { include: '[data-ai-panel]' })).toEqual([]);
        await page.screenshot({ path: `e2e/artifacts/attention-panel-${width}x${height}-${language}-${theme}.png` });
        await panel.press('Escape');
        await expect(panel).toHaveCount(0);
      }
      // A snooze shows in the tray with its end and Resume.
      await setLook(page, 'en', 'light');
      const panel = await showAiPopup(page, AI_LABELS.dispatchTitle(ids[0]));
      await panel.getByRole('button', { name: BOOKING_MSG.snooze }).click();
      const snooze = page.getByTestId('ai-popup-snooze');
      await expect(snooze).toBeVisible();
      await page.screenshot({ path: `e2e/artifacts/attention-snoozed-${width}x${height}-en-light.png` });
      await snooze.getByRole('button', { name: AI_LABELS.resumePopups }).click();
      await expect(snooze).toHaveCount(0);

      await page.goto('/passenger_approvals');
      const firstRow = page.locator('[data-testid^="approval-row-"]').first();
      await expect(firstRow).toBeVisible();
      await page.screenshot({ path: `e2e/artifacts/attention-approvals-${width}x${height}-en-light.png` });
      await setLook(page, 'ar', 'dark');
      await expect(firstRow).toBeVisible();
      await page.waitForTimeout(600);
      await page.screenshot({ path: `e2e/artifacts/attention-approvals-${width}x${height}-ar-dark.png` });
    } finally {
      for (const id of ids) await cancelBooking(page, id);
      await api(page, 'PUT', 'ai_status', { snoozed_at: null });
      await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system', ai_panel: 'hidden' });
    }
  });
}
