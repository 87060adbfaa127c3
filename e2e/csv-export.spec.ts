import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { login, USERS } from './helpers';

test('the Requests board exports its filter as a CSV file with the header row', async ({ page, request }) => {
  await login(page, request, USERS.dispatcher, '/requests');
  await page.getByTestId('group-finished').click();
  const button = page.getByTestId('export-csv');
  await expect(button).toBeVisible();
  const [download, response] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForResponse((r) => r.url().includes('/api/booking/export.csv')),
    button.click(),
  ]);
  expect(new URL(response.url()).searchParams.get('group')).toBe('finished');
  expect(download.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const records = text.slice(1).split('\r\n');
  expect(records[0]).toBe(
    'Order,Date and time,Status,Passenger,Passenger phone,Pick-up,Drop-off,Captain,Car,Service,Origin',
  );
  // Every row the server counted up front is in the file (no quoted line breaks in the demo data).
  const total = Number(response.headers()['x-total-count']);
  expect(records.filter((r) => r !== '').length - 1).toBe(total);
  // The button is back once the file is saved.
  await expect(button).toBeVisible();
});
