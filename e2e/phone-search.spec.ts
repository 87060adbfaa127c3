import type { Page } from '@playwright/test';
import { BOOKING_UI, type PassengerDto } from '@taxi/shared';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

/**
 * A caller gives their number the way people say it (06 00 00 93 51): the phone booking's passenger search and the
 * command palette find the passenger on file as +33600009351 (issue 38: every phone search reads a number in any
 * form). The passenger is a demo one, found through the API.
 */
async function demoPassenger(page: Page): Promise<{ passenger: PassengerDto; national: string }> {
  const { status, json } = await api<{ data: { data: PassengerDto[] } }>(page, 'GET', 'passenger?perPage=50');
  expect(status).toBe(200);
  for (const passenger of json.data.data) {
    const parsed = passenger.phone_number ? parsePhoneNumberFromString(passenger.phone_number) : undefined;
    // its national form, spaced as it is said (06 00 00 93 51), which differs from what is on file
    const national = parsed?.isValid() ? parsed.formatNational() : '';
    if (national.includes(' ') && !passenger.phone_number?.includes(national)) return { passenger, national };
  }
  throw new Error('no demo passenger with a national phone number');
}

test('the phone booking finds a passenger by the national spaced form of their number', async ({ page, request }) => {
  await login(page, request, USERS.callcenter, '/phone-bookings');
  const { passenger, national } = await demoPassenger(page);
  const search = page.getByRole('combobox', { name: BOOKING_UI.passengerSearch });
  await search.fill(national);
  const option = page.getByRole('option', {
    name: new RegExp(passenger.full_name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  });
  await expect(option.first()).toBeVisible();
  await option.first().click();
  await expect(search).toHaveValue(passenger.full_name);
  await expect(page.getByRole('link', { name: BOOKING_UI.showOrders })).toHaveAttribute(
    'href',
    new RegExp(`id=${passenger.id}$`),
  );
});

test('the palette finds a passenger by the national spaced form of their number', async ({ page, request }) => {
  await login(page, request, USERS.admin);
  const { passenger, national } = await demoPassenger(page);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Control+k');
  const input = page.getByTestId('palette-input');
  await expect(input).toBeFocused();
  await input.fill(national);
  const option = page.getByTestId(`palette-option-passenger-${passenger.id}`);
  await expect(option).toContainText(passenger.full_name);
  await option.click();
  await expect(page).toHaveURL(new RegExp(`/${passenger.id}$`));
});
