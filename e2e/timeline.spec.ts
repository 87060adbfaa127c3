import { TIMELINE_UI } from '@taxi/shared';
import { axeBothSchemes, screenshots } from './axe';
import { expect, test } from './fixtures';
import { api, cancelBooking, login, USERS } from './helpers';

test('the timeline streams a cancellation live, filters by kind, and replays the booking story', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await login(page, request, USERS.admin, '/timeline');
  await expect(page.locator('header h1')).toHaveText('Timeline');
  await expect(page.getByTestId('timeline-row').first()).toBeVisible();

  // A booking cancelled now appears at the top without a reload (the live poll).
  const { json: list } = await api<{ data: { data: { id: number; status: string }[] } }>(
    page,
    'GET',
    'booking?perPage=50',
  );
  const booking = list.data.data.find((b) => b.status === 'PENDING') ?? list.data.data[0];
  await cancelBooking(page, booking.id);
  const row = page
    .getByTestId('timeline-row')
    .filter({ hasText: TIMELINE_UI.bookingRef(booking.id) })
    .filter({ hasText: TIMELINE_UI.kinds.cancellation });
  await expect(row.first()).toBeVisible({ timeout: 15_000 });
  // Said in words: the cancellation's label, and no row shows an audit code (passenger_cancel…).
  await expect(row.first()).toContainText('cancelled');
  for (const text of await page.getByTestId('timeline-row').allTextContents()) expect(text).not.toMatch(/\w_\w/);

  // Only cancellations: every row shown is one.
  for (const kind of ['booking', 'dispatch', 'complaint', 'ticket', 'staff'] as const)
    await page.getByTestId(`timeline-kind-${kind}`).click();
  await expect(page.getByTestId('timeline-kind-cancellation')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-testid="timeline-row"]:not([data-kind="cancellation"])')).toHaveCount(0);
  await expect(row.first()).toBeVisible();

  // The story: every moment shown, then Play replays it from the start.
  await row
    .first()
    .getByRole('button', { name: new RegExp(TIMELINE_UI.replay) })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(TIMELINE_UI.story(booking.id));
  const items = dialog.getByTestId('story-item');
  await expect(items.first()).toBeVisible();
  await expect(items.filter({ hasText: 'cancel' }).first()).toBeVisible();
  await dialog.getByTestId('story-play').click();
  await expect(dialog.locator('[data-shown="false"]').first()).toBeVisible();
  await expect(dialog.locator('[data-shown="false"]')).toHaveCount(0, { timeout: 15_000 });
  expect(await axeBothSchemes(page)).toEqual([]);
  await page.keyboard.press('Escape');

  // Filters are remembered.
  await page.reload();
  await expect(page.getByTestId('timeline-kind-booking')).toHaveAttribute('aria-pressed', 'false');
  expect(await axeBothSchemes(page)).toEqual([]);
  await screenshots(page, 'timeline', async () => {
    await expect(page.getByTestId('timeline-row').first()).toBeVisible();
  });
});
