import { expect, test } from './fixtures';
import { login, USERS } from './helpers';

/** The Requests board's dense view: rows, keyboard selection, order, and a page that fits the window. */
test('dense rows: toggle, arrow keys, Enter opens details, the page fits 1366×768', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page, request, USERS.dispatcher, '/requests');
  const board = page.getByTestId('requests-board');
  await expect(board).toHaveAttribute('data-view', 'cards');
  await expect(page.locator('[data-testid^="booking-card-"]').first()).toBeVisible();

  await page.getByTestId('view-rows').click();
  await expect(board).toHaveAttribute('data-view', 'rows');
  const rows = page.locator('[data-testid^="booking-row-"]');
  await expect(rows.nth(1)).toBeVisible();
  // Dense: far more bookings on one screen than the 4.5 cards.
  expect(await rows.count()).toBeGreaterThan(8);

  // Pending orders first: no PENDING row after a row of another status.
  const statuses = await rows.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-status')));
  const firstOther = statuses.findIndex((s) => s !== 'PENDING');
  if (firstOther >= 0) expect(statuses.slice(firstOther)).not.toContain('PENDING');

  // Arrow keys (and j/k) move one visible selection.
  const selected = page.locator('[data-testid^="booking-row-"][aria-selected="true"]');
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'false');
  await page.keyboard.press('j');
  await expect(rows.nth(2)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('k');
  await page.keyboard.press('ArrowUp');
  await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(selected).toHaveCount(1);

  // `/` focuses the board's search; keys typed there are text, not shortcuts.
  await page.keyboard.press('/');
  await expect(page.getByTestId('board-search')).toBeFocused();
  await page.keyboard.type('jk');
  await expect(page.getByTestId('board-search')).toHaveValue('jk');
  await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('board-search').press('Escape');
  await expect(page.getByTestId('board-search')).toHaveValue('');

  // No page scrollbar: the board scrolls inside, and the floating button stays below the board.
  const fits = await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight);
  expect(fits).toBe(true);
  const fab = await page.getByTestId('fab-phone-booking').boundingBox();
  const list = await board.boundingBox();
  expect(fab && list && fab.y >= list.y + list.height).toBe(true);

  // Enter opens the selected booking's details.
  const id = Number((await selected.getAttribute('data-testid'))?.replace('booking-row-', ''));
  await board.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/rides/${id}$`));

  // The view is remembered.
  await page.goto('/requests');
  await expect(page.getByTestId('requests-board')).toHaveAttribute('data-view', 'rows');
});
