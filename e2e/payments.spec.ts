import { CODE_LABELS, PAYMENTS_MSG, RESOURCE_MSG } from '@taxi/shared';
import { expect, test } from './fixtures';
import { login, USERS } from './helpers';

const ARTIFACTS = 'e2e/artifacts';

test('the admin opens /payments, expands a ride and sees its bookings with payments', async ({ page, request }) => {
  await login(page, request, USERS.admin, '/payments');
  await expect(page.getByRole('main').getByRole('heading', { name: PAYMENTS_MSG.title, level: 1 })).toBeVisible();
  const table = page.getByTestId('table-payment_rides');
  // Read-only: no New button, no edit/delete.
  await expect(table.getByRole('button', { name: RESOURCE_MSG.newButton })).toHaveCount(0);
  await expect(table.getByRole('button', { name: RESOURCE_MSG.edit })).toHaveCount(0);
  // Sorted by total, descending: the first ride has DONE payments.
  await table.getByRole('button', { name: PAYMENTS_MSG.total }).click();
  // Wait for the descending page itself, or the row read below may still be the previous page's.
  const sorted = page.waitForResponse((r) => /payment\/rides\?.*sortBy=total.*descending=(1|true)/.test(r.url()));
  await table.getByRole('button', { name: PAYMENTS_MSG.total }).click();
  await sorted;
  await expect(table.getByRole('columnheader', { name: PAYMENTS_MSG.total })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(table.getByRole('progressbar')).toHaveCount(0);
  const firstRow = table.locator('tbody tr').first();
  await expect(firstRow).toContainText('€');
  // The ride's id from its expand button's name (the columns before it depend on the table's selection column).
  const expand = firstRow.getByRole('button', { name: /^Show the bookings of ride #\d+$/ });
  const rideId = Number(/#(\d+)$/.exec((await expand.getAttribute('aria-label')) ?? '')?.[1]);
  expect(rideId).toBeGreaterThan(0);
  await firstRow.getByRole('button', { name: PAYMENTS_MSG.expandRide(rideId) }).click();
  const bookings = page.getByTestId(`ride-bookings-${rideId}`);
  await expect(bookings).toBeVisible();
  await expect(bookings.locator('tbody tr').first()).toContainText('#');
  const paid = new RegExp(`${CODE_LABELS.paymentType.booking} · .*€.* · ${CODE_LABELS.paymentStatus.DONE}`);
  await expect(bookings.getByText(paid).first()).toBeVisible();
  // The artefact shows the panel once its opening animation has finished.
  await expect(page.locator('.MuiCollapse-entered')).toHaveCount(1);
  await page.screenshot({ path: `${ARTIFACTS}/payments-expanded.png`, fullPage: true });
  // Collapses again from the keyboard.
  await firstRow.getByRole('button', { name: PAYMENTS_MSG.collapseRide(rideId) }).press('Enter');
  await expect(bookings).toBeHidden();
});

test('the dispatcher (no CARLO_PAYMENT) cannot open /payments', async ({ page, request }) => {
  await login(page, request, USERS.dispatcher);
  const response = await page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('taxi.session') ?? 'null') as { accessToken: string } | null;
    return (await fetch('/api/payment/rides', { headers: { Authorization: `Bearer ${session?.accessToken}` } })).status;
  });
  expect(response).toBe(403);
});
