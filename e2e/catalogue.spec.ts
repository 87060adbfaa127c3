import { MSG, RESOURCE_MSG } from '../packages/shared/src/index';
import { expect, test } from './fixtures';
import { login, USERS } from './helpers';

test('car brands: create, edit, search, delete through the generic table; empty state and Reset', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.admin);
  // a name of its own per try, so a retry does not meet the first try's rows
  const brand = `Alpine ${Date.now().toString(36)}`;
  await page.goto('/car_brands');
  const table = page.getByTestId('table-car_brands');
  await expect(table.getByRole('cell', { name: 'Mercedes-Benz' })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/catalogue-car-brands.png', fullPage: true });

  // create
  await table.getByRole('button', { name: RESOURCE_MSG.newButton }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: RESOURCE_MSG.newTitle })).toBeVisible();
  await dialog.getByRole('button', { name: RESOURCE_MSG.save }).click();
  await expect(page.getByText(MSG.fillAllFields)).toBeVisible();
  await dialog.getByLabel('Name').fill(brand);
  await dialog.getByLabel('Name').press('Enter');
  await expect(page.getByText(MSG.saved)).toBeVisible();
  await expect(dialog).toBeHidden();

  // search (Enter runs it)
  const search = table.getByRole('textbox', { name: RESOURCE_MSG.search });
  await search.fill(brand.toLowerCase());
  await search.press('Enter');
  await expect(table.getByRole('cell', { name: brand, exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Mercedes-Benz' })).toBeHidden();

  // edit
  await table.getByRole('button', { name: RESOURCE_MSG.edit }).first().click();
  await expect(dialog.getByRole('heading', { name: RESOURCE_MSG.editTitle })).toBeVisible();
  await expect(dialog.getByLabel('Name')).toHaveValue(brand);
  await page.screenshot({ path: 'e2e/artifacts/catalogue-edit-dialog.png' });
  await dialog.getByLabel('Name').fill(`${brand} Renamed`);
  await dialog.getByRole('button', { name: RESOURCE_MSG.save }).click();
  await expect(table.getByRole('cell', { name: `${brand} Renamed` })).toBeVisible();

  // a duplicate name: the server's 422 lands on the field
  await table.getByRole('button', { name: RESOURCE_MSG.newButton }).click();
  await dialog.getByLabel('Name').fill('Tesla');
  await dialog.getByRole('button', { name: RESOURCE_MSG.save }).click();
  await expect(dialog.getByText(RESOURCE_MSG.taken('Name'))).toBeVisible();
  // Escape from the field: a click on Save leaves focus wherever the browser put it
  await dialog.getByLabel('Name').press('Escape');
  await expect(dialog).toBeHidden();

  // delete
  await table.getByRole('button', { name: RESOURCE_MSG.delete }).first().click();
  await expect(page.getByText(MSG.confirmDelete)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: RESOURCE_MSG.delete }).click();
  await expect(page.getByText(MSG.deleted, { exact: true })).toBeVisible();

  // empty state and Reset
  await expect(table.getByText(MSG.noData)).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/catalogue-empty.png' });
  await table.getByRole('button', { name: RESOURCE_MSG.reset }).click();
  await expect(search).toHaveValue('');
  await expect(table.getByRole('cell', { name: 'Mercedes-Benz' })).toBeVisible();
});
