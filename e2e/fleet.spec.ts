import { axeBothSchemes } from './axe';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

test('vehicle types and zones of a service, constraints and vouchers on the phone booking', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.admin);
  expect((await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system' })).status).toBe(200);

  // /services/{id}/cars: tick the vans for Eco, save, and the page says so.
  await page.goto('/services/3/cars');
  await expect(page.locator('header h1')).toHaveText('Service cars');
  const types = page.getByTestId('service-vehicle-types');
  await expect(types.getByRole('checkbox', { name: /^sedan/ })).toBeChecked();
  await types.getByRole('checkbox', { name: /^van/ }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Vehicle types saved')).toBeVisible();
  expect(await axeBothSchemes(page)).toEqual([]);
  const { json: cars } = await api<{ data: { vehicle_type_ids: number[] } }>(page, 'GET', 'services/3/cars');
  expect(cars.data.vehicle_type_ids).toHaveLength(2);
  await api(page, 'PUT', 'services/3/cars', { vehicle_type_ids: [cars.data.vehicle_type_ids[0]] });

  // /services/{id}/locations: the zones as a list to tick.
  await page.goto('/services/5/locations');
  await expect(page.locator('header h1')).toHaveText('Service locations');
  await expect(page.getByTestId('service-zones').getByRole('checkbox').first()).toBeVisible();
  expect(await axeBothSchemes(page)).toEqual([]);

  // /VehicleTypesManagement and /constraints are catalogue pages.
  await page.goto('/VehicleTypesManagement');
  await expect(page.getByText('luxury')).toBeVisible();
  await page.goto('/constraints');
  await expect(page.getByRole('cell', { name: 'CS', exact: true })).toBeVisible();
  expect(await axeBothSchemes(page)).toEqual([]);

  // The phone booking: constraints to tick, and the voucher as the estimate's last line.
  await page.goto('/phone-bookings');
  await expect(page.getByRole('checkbox', { name: 'Child seat (CS)' })).toBeVisible();
  await expect(async () => {
    await page.getByTestId('phone-booking-map').click({ position: { x: 150, y: 150 } });
    await expect(page.getByTestId('pickup-input')).toHaveValue(/Map point/, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await page.getByTestId('phone-booking-map').click({ position: { x: 330, y: 420 } });
  await expect(page.getByTestId('fare-estimate-amount')).toBeVisible();
  const before = await page.getByTestId('fare-estimate-amount').textContent();
  await page.getByLabel('Voucher code').fill('WELCOME10');
  await expect.poll(() => page.getByTestId('fare-estimate-amount').textContent()).not.toBe(before);
  await page.getByRole('button', { name: 'Why this price' }).click();
  await expect(page.getByText('Voucher WELCOME10')).toBeVisible();
  expect(await axeBothSchemes(page)).toEqual([]);
});
