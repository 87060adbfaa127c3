import { routeByName } from '@taxi/shared';
import { expect, test } from './fixtures';
import { login, USERS } from './helpers';

/** The drawer's entries as shown (open beside the page at 1366 px): route name and text. */
async function drawerEntries(page: import('@playwright/test').Page): Promise<[string, string][]> {
  const drawer = page.getByTestId('drawer');
  await expect(drawer).toBeVisible();
  return drawer
    .locator('[data-testid^="drawer-entry-"]')
    .evaluateAll((nodes) =>
      nodes.map((node) => [
        node.getAttribute('data-testid')!.replace('drawer-entry-', ''),
        (node.textContent ?? '').trim(),
      ]),
    );
}

test('the partner desk’s drawer leads to its own bookings', async ({ page, request }) => {
  await login(page, request, 'hotel@example.com');
  await expect(page).toHaveURL(/\/partner\/bookings$/);
  const entries = await drawerEntries(page);
  expect(entries).toEqual([
    ['PartnerBookings', routeByName('PartnerBookings').title],
    ['Vacations', routeByName('Vacations').title],
  ]);
  expect(entries[0][1]).toBe('Our bookings');
  await page.getByTestId('drawer-entry-Vacations').click();
  await expect(page).toHaveURL(/\/vacations$/);
  await page.getByTestId('drawer-entry-PartnerBookings').click();
  await expect(page).toHaveURL(/\/partner\/bookings$/);
});

test('the airport desk’s drawer leads to its airport request', async ({ page, request }) => {
  await login(page, request, USERS.airport);
  await expect(page).toHaveURL(/\/airport\/create$/);
  const entries = await drawerEntries(page);
  expect(entries).toEqual([
    ['AirportCreate', 'Airport request'],
    ['Vacations', routeByName('Vacations').title],
  ]);
});

test('the staff’s drawer has neither desk’s home', async ({ page, request }) => {
  await login(page, request, USERS.dispatcher);
  const routes = (await drawerEntries(page)).map(([route]) => route);
  expect(routes).toContain('Requests');
  expect(routes).not.toContain('PartnerBookings');
  expect(routes).not.toContain('AirportCreate');
});
