import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

/** Leaves any text field, so single-key shortcuts are not typed into it. */
async function blur(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

async function openPalette(page: Page) {
  await page.keyboard.press('Control+k');
  const input = page.getByTestId('palette-input');
  await expect(input).toBeFocused();
  return input;
}

test('Ctrl+K finds a booking by id and a page by name, with the keyboard only', async ({ page, request }) => {
  await login(page, request, USERS.admin);
  const { json } = await api<{ data: { data: { id: number; passenger: { full_name: string } }[] } }>(
    page,
    'GET',
    'booking?perPage=1&group=all',
  );
  const booking = json.data.data[0];

  // Ctrl+K works from inside a text field too (the board's search).
  await page.getByTestId('board-search').focus();
  const input = await openPalette(page);
  await expect(input).toHaveAttribute('role', 'combobox');
  await input.fill(String(booking.id));
  const option = page.getByTestId(`palette-option-booking-${booking.id}`);
  await expect(option).toContainText(booking.passenger.full_name);
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '');
  await input.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/rides/${booking.id}$`));
  await expect(page.getByTestId('command-palette')).toBeHidden();

  // A page by name; the arrows move through the results, Enter opens the active one.
  await blur(page);
  await openPalette(page);
  await page.keyboard.type('Drivers');
  const drivers = page.getByTestId('palette-option-page-Captains');
  await expect(drivers).toBeVisible();
  await expect(drivers).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(drivers).toHaveAttribute('aria-selected', 'false');
  await page.keyboard.press('ArrowUp');
  await expect(drivers).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/captains$/);

  // Escape closes it; a query nothing matches says so.
  await openPalette(page);
  await page.keyboard.type('qqzzxxq');
  await expect(page.getByTestId('palette-empty')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('command-palette')).toBeHidden();
});

test('? opens the shortcuts sheet, and so does the palette', async ({ page, request }) => {
  await login(page, request, USERS.dispatcher);
  await blur(page);
  await page.keyboard.press('?');
  const sheet = page.getByTestId('shortcuts-sheet');
  await expect(sheet).toBeVisible();
  for (const id of ['palette', 'help', 'booking.new', 'board.search', 'board.next', 'board.dispatch', 'board.cancel'])
    await expect(sheet.getByTestId(`shortcut-${id}`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  await openPalette(page);
  await page.keyboard.type('keyboard');
  await page.getByTestId('palette-option-action-shortcuts').click();
  await expect(sheet).toBeVisible();
});

test('the palette offers only the pages the drawer shows the user', async ({ page, request }) => {
  await login(page, request, USERS.callcenter); // no USERS permission: no Staff page
  await blur(page);
  const input = await openPalette(page);
  await input.fill('Staff');
  await expect(page.getByTestId('palette-option-page-Staff')).toHaveCount(0);
  await input.fill('Phone');
  await expect(page.getByTestId('palette-option-page-PhoneBooking')).toBeVisible();
  await page.keyboard.press('Escape');

  // `n` starts a phone booking for a user who may take one.
  await blur(page);
  await page.keyboard.press('n');
  await expect(page).toHaveURL(/\/phone-bookings$/);
});

test('an admin sees the Staff page in the palette', async ({ page, request }) => {
  await login(page, request, USERS.admin);
  await blur(page);
  const input = await openPalette(page);
  await input.fill('Staff');
  await expect(page.getByTestId('palette-option-page-Staff')).toBeVisible();
});
