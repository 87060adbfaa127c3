import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

interface Row {
  recipient: { name: string | null };
  status: string;
  code_masked: string;
}

test('the admin opens /sms_codes, sees the codes sent (masked) and filters them', async ({ page, request }) => {
  await login(page, request, USERS.admin, '/sms_codes');
  await expect(page.locator('header h1')).toHaveText('SMS codes');
  await expect(page.getByTestId('planned-page')).toHaveCount(0);
  const table = page.getByTestId('sms-codes-table');
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  // The seeded history: newest first, each code masked to its last two digits at most.
  await expect(rows.first().getByText(/^•{4}\d{2}$/)).toBeVisible();
  await expect(table).not.toContainText(/\b\d{6}\b/);

  // Status filter: only verified codes.
  await page.getByRole('combobox', { name: 'Status', exact: true }).click();
  await page.getByRole('option', { name: 'Verified' }).click();
  await expect(rows.first()).toContainText('Verified');
  await expect(rows.filter({ hasText: 'Expired' })).toHaveCount(0);

  // Search by the recipient's name (what the API lists first among the verified).
  const { json } = await api<{ data: { data: Row[] } }>(page, 'GET', 'sms_codes?perPage=1&status=verified');
  const name = json.data.data[0].recipient.name ?? '';
  await page.getByTestId('sms-search').fill(name);
  await expect(rows.first()).toContainText(name);
});
