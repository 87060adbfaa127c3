import { MSG, RESOURCE_MSG } from '../packages/shared/src/index';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

interface Paged<T> {
  data: { data: T[] };
}

// The two nested lists of the bonuses (shell.md §2.2 Commercial) read their parent from the page's `:id`:
// with a real package, a bonus is added and listed, and its time slices are reached and validated.
test('a package’s bonuses and a bonus’s time slices list and add rows under their real parent', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.admin);
  const tag = Date.now().toString(36);
  const pkg = await api<{ data: { id: number } }>(page, 'POST', 'bonus_package', {
    name: `Package ${tag}`,
    active: true,
    valid_from: '2026-01-01',
  });
  expect(pkg.status).toBe(200);
  const packageId = pkg.json.data.id;

  // The list asks for this package's bonuses, not `bonus_package//bonuses`.
  const listCall = page.waitForRequest((r) => r.url().includes(`/api/bonus_package/${packageId}/bonuses`));
  await page.goto(`/bonus_package/${packageId}/bonuses`);
  await listCall;
  const bonuses = page.getByTestId('table-bonuses');
  await expect(bonuses.getByText(MSG.noData)).toBeVisible();
  await expect(page.getByText('This item does not exist.')).toHaveCount(0);

  await bonuses.getByRole('button', { name: RESOURCE_MSG.newButton }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(`Ten rides ${tag}`);
  await dialog.getByLabel('Threshold').fill('10');
  await dialog.getByLabel(/Amount/).fill('15');
  await dialog.getByRole('button', { name: RESOURCE_MSG.save }).click();
  await expect(page.getByText(MSG.saved)).toBeVisible();
  await expect(bonuses.getByRole('cell', { name: `Ten rides ${tag}` })).toBeVisible();
  const stored = await api<Paged<{ id: number; bonus_package_id: number }>>(
    page,
    'GET',
    `bonus_package/${packageId}/bonuses`,
  );
  expect(stored.json.data.data).toHaveLength(1);
  expect(stored.json.data.data[0].bonus_package_id).toBe(packageId);
  const bonusId = stored.json.data.data[0].id;

  // The row's action opens the bonus's time slices, which ask for this bonus's.
  const slicesCall = page.waitForRequest((r) => r.url().includes(`/api/bonus/${bonusId}/time_slices`));
  await bonuses.getByRole('link', { name: 'Time slices' }).click();
  await expect(page).toHaveURL(new RegExp(`/bonus/${bonusId}/time_slices$`));
  await slicesCall;
  const slices = page.getByTestId('table-bonus_time_slices');
  await expect(slices.getByText(MSG.noData)).toBeVisible();

  // The length rule of the times is reachable now: 'Invalid character length, required 5'.
  await slices.getByRole('button', { name: RESOURCE_MSG.newButton }).click();
  await dialog.getByLabel('From').fill('9:00');
  await dialog.getByLabel('To').fill('12:00');
  await dialog.getByRole('button', { name: RESOURCE_MSG.save }).click();
  await expect(dialog.getByText(MSG.invalidLength(5))).toBeVisible();
  await dialog.getByLabel('From').fill('09:00');
  await dialog.getByRole('button', { name: RESOURCE_MSG.save }).click();
  await expect(page.getByText(MSG.saved)).toBeVisible();
  await expect(slices.getByRole('cell', { name: '09:00' })).toBeVisible();
  const slice = await api<Paged<{ bonus_id: number; from_time: string }>>(page, 'GET', `bonus/${bonusId}/time_slices`);
  expect(slice.json.data.data.map((s) => [s.bonus_id, s.from_time])).toEqual([[bonusId, '09:00']]);
  await page.screenshot({ path: 'e2e/artifacts/bonus-time-slices.png' });
});
