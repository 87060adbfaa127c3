import { LEDGER_MSG } from '@taxi/shared';
import { axeBlocking } from './axe';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

const ARTIFACTS = 'e2e/artifacts';

test('a captain account: balance and entries, a manual entry adds to both', async ({ page, request }) => {
  await login(page, request, USERS.admin);
  const list = await api<{ data: { data: { id: number }[] } }>(page, 'GET', 'captain?active=1&perPage=1');
  const id = list.json.data.data[0].id;
  const before = await api<{ data: { balance: number } }>(page, 'GET', `captain/${id}/account`);

  await page.goto(`/captains/${id}`);
  await page.getByRole('tab', { name: 'Account entries' }).click();
  const account = page.getByTestId('captain-account');
  await expect(account.getByRole('heading', { name: 'Balance', level: 2 })).toBeVisible();
  await expect(account.getByTestId('account-balance')).not.toHaveText('—');

  await account.getByTestId('add-account-entry').click();
  const dialog = page.getByTestId('account-entry-dialog');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText(LEDGER_MSG.noteRequired)).toBeVisible();
  await dialog.getByLabel(/^Amount/).fill('12.5');
  await dialog.getByLabel(/^Note/).fill('Airport bonus');
  await page.screenshot({ path: `${ARTIFACTS}/ledger-entry-dialog.png` });
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText(LEDGER_MSG.entryAdded)).toBeVisible();
  await expect(account.getByTestId('account-entries')).toContainText('Airport bonus');

  const after = await api<{ data: { balance: number } }>(page, 'GET', `captain/${id}/account`);
  // the first manual type of a captain is a penalty: it takes 12.50 € off
  expect(after.json.data.balance).toBe(before.json.data.balance - 1250);
  await page.screenshot({ path: `${ARTIFACTS}/ledger-captain-account.png` });
});

test('a captain is paid out by transfer to the bank account recorded with a bank of /banks', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.admin);
  const list = await api<{ data: { data: { id: number }[] } }>(page, 'GET', 'captain?active=1&perPage=3');
  const id = list.json.data.data[2].id;
  // A balance in the captain's favour to pay out.
  const start = await api<{ data: { balance: number } }>(page, 'GET', `captain/${id}/account`);
  const credit = await api(page, 'POST', `captain/${id}/account/entries`, {
    type: 'payment_approval',
    amount: 40 + Math.max(0, -start.json.data.balance) / 100,
    note: 'Transfer test',
  });
  expect(credit.status, JSON.stringify(credit.json)).toBe(200);

  await page.goto(`/captains/${id}`);
  await page.getByRole('tab', { name: 'Account entries' }).click();
  const account = page.getByTestId('captain-account');
  await account.getByTestId('edit-bank-account').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('bank-account-bank').getByRole('combobox').click();
  await page.getByRole('option').first().click();
  await dialog.getByTestId('bank-account-iban').fill('FR15 2004 1010 0505 0001 3M02 606');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(LEDGER_MSG.invalidIban)).toBeVisible();
  await dialog.getByTestId('bank-account-iban').fill('FR14 2004 1010 0505 0001 3M02 606');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(account.getByTestId('bank-account')).toContainText('FR ···· 2606');

  await account.getByTestId('pay-out').click();
  await page.getByTestId('pay-out-transfer').click();
  await page.getByRole('dialog').getByRole('button', { name: LEDGER_MSG.payOut }).click();
  await expect(page.getByText(LEDGER_MSG.paidOut)).toBeVisible();
  await expect(account.getByTestId('account-entries')).toContainText('Paid by transfer to');
  await expect(account.getByTestId('account-balance')).toContainText('0.00');
});

test('the account tab and the bonus pages pass axe in dark and right to left', async ({ page, request }) => {
  await login(page, request, USERS.admin);
  // the account's saved choice rules after sign-in
  expect((await api(page, 'PUT', 'preferences', { language: 'ar', theme: 'dark' })).status).toBe(200);
  await page.evaluate(() => localStorage.setItem('taxi.prefs', JSON.stringify({ language: 'ar', theme: 'dark' })));
  const problems: string[] = [];
  const check = async (label: string) => {
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 10_000 });
    for (const v of await axeBlocking(page)) problems.push(`${label} ${v}`);
  };
  // The admin's saved language and theme are put back whatever happens: the next tests read English.
  try {
    await page.goto('/captains/1');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // 'Account entries' in Arabic
    await page.getByRole('tab', { name: 'قيود الحساب' }).click();
    await expect(page.getByTestId('account-balance')).toBeVisible();
    await check('account');
    await page.screenshot({ path: `${ARTIFACTS}/ledger-account-rtl-dark.png` });
    for (const path of ['/bonus_package', '/bonus_package/1/bonuses', '/bonus/1/time_slices', '/conditional_bonus']) {
      await page.goto(path);
      await expect(page.getByRole('table')).toBeVisible();
      await check(path);
    }
    await page.screenshot({ path: `${ARTIFACTS}/ledger-conditional-bonus-rtl-dark.png` });
  } finally {
    await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system' });
  }
  expect(problems).toEqual([]);
});
