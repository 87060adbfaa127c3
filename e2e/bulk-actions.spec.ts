import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { CATALOGUES } from '@taxi/shared/i18n/catalogues';
import { MSG, PEOPLE_MSG, RESOURCE_MSG } from '../packages/shared/src/index';
import { axeBlocking, axeBothSchemes, EXPERIMENTAL_RULES } from './axe';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

/** Rows of a generic catalogue made through its API, named `${prefix} n`; their ids in creation order. */
async function makeRows(page: Page, url: string, prefix: string, count: number, extra: object = {}) {
  const ids: number[] = [];
  for (let n = 1; n <= count; n++) {
    const res = await api<{ data: { id: number } }>(page, 'POST', url, { name: `${prefix} ${n}`, ...extra });
    expect(res.status).toBe(200);
    ids.push(res.json.data.id);
  }
  return ids;
}

async function searchFor(table: Locator, text: string) {
  const search = table.getByRole('textbox', { name: RESOURCE_MSG.search });
  await search.fill(text);
  await search.press('Enter');
}

const rowBox = (table: Locator, id: number) => table.getByRole('checkbox', { name: RESOURCE_MSG.selectRow(id) });

test('colours: select rows across pages, export exactly them, delete them after a confirmation', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.admin, '/colors');
  const prefix = `Bulk ${Date.now().toString(36)}`;
  const ids = await makeRows(page, 'colors', prefix, 7, { hex: '#224466' });
  const table = page.getByTestId('table-colors');
  await searchFor(table, prefix);
  await expect(rowBox(table, ids[0])).toBeVisible();
  const bar = table.getByRole('toolbar', { name: RESOURCE_MSG.bulkActions });
  await expect(bar).toBeHidden();

  // Five rows a page: the header's checkbox selects this page's rows.
  await table.getByRole('combobox', { name: new RegExp(RESOURCE_MSG.rowsPerPage) }).click();
  await page.getByRole('option', { name: '5', exact: true }).click();
  await expect(rowBox(table, ids[5])).toBeHidden();
  await table.getByRole('checkbox', { name: RESOURCE_MSG.selectPage }).check();
  await expect(bar.getByText(RESOURCE_MSG.selected(5))).toBeVisible();
  // Colours have no active flag: no Activate or Deactivate.
  await expect(bar.getByRole('button', { name: RESOURCE_MSG.activate, exact: true })).toHaveCount(0);
  await expect(bar.getByRole('button', { name: RESOURCE_MSG.deactivate })).toHaveCount(0);

  // From the keyboard: Space on a row's checkbox takes it out.
  await rowBox(table, ids[1]).focus();
  await page.keyboard.press('Space');
  await expect(rowBox(table, ids[1])).not.toBeChecked();
  await expect(table.getByRole('checkbox', { name: RESOURCE_MSG.selectPage })).toHaveAttribute(
    'data-indeterminate',
    'true',
  );

  // The next page: the selection stays, and grows.
  await table.getByRole('button', { name: 'Go to next page' }).click();
  await rowBox(table, ids[6]).check();
  await expect(bar.getByText(RESOURCE_MSG.selected(5))).toBeVisible();
  await table.getByRole('button', { name: 'Go to previous page' }).click();
  await expect(rowBox(table, ids[0])).toBeChecked();
  await expect(rowBox(table, ids[1])).not.toBeChecked();
  const chosen = [ids[0], ids[2], ids[3], ids[4], ids[6]];
  await page.screenshot({ path: 'e2e/artifacts/bulk-selection.png', fullPage: true });

  // Export the selection: the file holds exactly those rows.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    bar.getByRole('button', { name: RESOURCE_MSG.exportSelection }).click(),
  ]);
  const lines = readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r\n/);
  expect(lines[0].split(',')[0]).toBe('id');
  expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(chosen);
  expect(lines.slice(1).every((l) => l.includes(prefix))).toBe(true);

  // Delete: a confirmation that states the count, then the rows are gone and the selection with them.
  await bar.getByRole('button', { name: RESOURCE_MSG.delete }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(RESOURCE_MSG.confirmBulkDelete(5))).toBeVisible();
  await dialog.getByRole('button', { name: RESOURCE_MSG.delete }).click();
  await expect(page.getByText(MSG.deleted, { exact: true })).toBeVisible();
  await expect(bar).toBeHidden();
  await expect(rowBox(table, ids[1])).toBeVisible();
  await expect(rowBox(table, ids[5])).toBeVisible();
  for (const id of chosen) await expect(rowBox(table, id)).toHaveCount(0);
  const left = await api<{ data: { data: { id: number }[] } }>(
    page,
    'GET',
    `colors?search=${encodeURIComponent(prefix)}&perPage=25`,
  );
  expect(left.json.data.data.map((r) => r.id).sort((a, b) => a - b)).toEqual([ids[1], ids[5]]);

  // A new search clears the selection.
  await rowBox(table, ids[1]).check();
  await expect(bar).toBeVisible();
  await searchFor(table, `${prefix} 6`);
  await expect(bar).toBeHidden();
  await expect(rowBox(table, ids[5])).not.toBeChecked();
});

test('contract templates: deactivate and activate the selection', async ({ page, request }) => {
  await login(page, request, USERS.admin, '/contract_template');
  const prefix = `Bulk terms ${Date.now().toString(36)}`;
  const ids = await makeRows(page, 'contract_template', prefix, 2, { body: 'Terms.', active: true });
  const table = page.getByTestId('table-contract-templates');
  await searchFor(table, prefix);
  await table.getByRole('checkbox', { name: RESOURCE_MSG.selectPage }).check();
  const bar = table.getByRole('toolbar', { name: RESOURCE_MSG.bulkActions });
  await expect(bar.getByText(RESOURCE_MSG.selected(2))).toBeVisible();

  const activeOf = async () => {
    const rows = await Promise.all(
      ids.map((id) => api<{ data: { active: boolean } }>(page, 'GET', `contract_template/${id}`)),
    );
    return rows.map((r) => r.json.data.active);
  };
  await bar.getByRole('button', { name: RESOURCE_MSG.deactivate }).click();
  await expect(page.getByText(MSG.saved, { exact: true })).toBeVisible();
  await expect(bar).toBeHidden();
  await expect(table.getByRole('cell', { name: RESOURCE_MSG.no, exact: true })).toHaveCount(2);
  expect(await activeOf()).toEqual([false, false]);

  await table.getByRole('checkbox', { name: RESOURCE_MSG.selectPage }).check();
  await bar.getByRole('button', { name: RESOURCE_MSG.activate, exact: true }).click();
  await expect(table.getByRole('cell', { name: RESOURCE_MSG.yes, exact: true })).toHaveCount(2);
  expect(await activeOf()).toEqual([true, true]);
});

test("the table's failure texts: the server's message, else the spec's fallbacks", async ({ page, request }) => {
  await login(page, request, USERS.admin, '/colors');
  const prefix = `Fallback ${Date.now().toString(36)}`;
  const [id] = await makeRows(page, 'colors', prefix, 1, { hex: '#112233' });
  const table = page.getByTestId('table-colors');
  await searchFor(table, prefix);
  await expect(rowBox(table, id)).toBeVisible();
  const itemUrl = `**/api/colors/${id}`;
  const toast = (text: string) => page.getByText(text, { exact: true });

  // Delete (POST with _method DELETE) answered by a 500 with an empty body, then by no answer at all.
  const deleteOnce = async () => {
    await table.getByRole('button', { name: RESOURCE_MSG.delete }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: RESOURCE_MSG.delete }).click();
  };
  await page.route(itemUrl, (route) => route.fulfill({ status: 500, body: '' }));
  await deleteOnce();
  await expect(toast(MSG.deleteFailed)).toBeVisible();
  await expect(toast('Internal Server Error')).toHaveCount(0);
  await page.unroute(itemUrl);
  // The toast goes by itself; the next failure brings its own.
  await expect(toast(MSG.deleteFailed)).toBeHidden();
  await page.route(itemUrl, (route) => route.abort('connectionrefused'));
  await deleteOnce();
  await expect(toast(MSG.deleteFailed)).toBeVisible();
  await expect(toast(MSG.networkError)).toHaveCount(0);
  await page.unroute(itemUrl);

  // Save (POST with _method PUT): the same two, then a message of the server's, shown as it is.
  const saveOnce = async () => {
    await table.getByRole('button', { name: RESOURCE_MSG.edit }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(`${prefix} renamed`);
    await dialog.getByRole('button', { name: RESOURCE_MSG.save }).click();
  };
  await page.route(itemUrl, (route) => route.fulfill({ status: 500, body: '' }));
  await saveOnce();
  await expect(toast(MSG.saveFailed)).toBeVisible();
  await expect(toast('Internal Server Error')).toHaveCount(0);
  await page.unroute(itemUrl);
  await page.route(itemUrl, (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Locked by the night shift' }),
    }),
  );
  await page.getByRole('dialog').getByRole('button', { name: RESOURCE_MSG.save }).click();
  await expect(toast('Locked by the night shift')).toBeVisible();
  await page.unroute(itemUrl);

  // Nothing changed on the server.
  const row = await api<{ data: { name: string } }>(page, 'GET', `colors/${id}`);
  expect(row.json.data.name).toBe(`${prefix} 1`);
});

test('the selection is clean under axe in both schemes, and reads right to left in Arabic', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.admin, '/colors');
  const prefix = `Axe ${Date.now().toString(36)}`;
  const ids = await makeRows(page, 'colors', prefix, 2, { hex: '#335577' });
  const table = page.getByTestId('table-colors');
  await searchFor(table, prefix);
  await rowBox(table, ids[0]).check();
  const bar = table.getByRole('toolbar', { name: RESOURCE_MSG.bulkActions });
  await expect(bar.getByText(RESOURCE_MSG.selected(1))).toBeVisible();
  expect(await axeBothSchemes(page, { include: 'main' })).toEqual([]);
  expect(await axeBlocking(page, { include: 'main', experimental: EXPERIMENTAL_RULES })).toEqual([]);

  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const ar = CATALOGUES.ar;
  // The page is drawn anew in the other language: select again.
  const arSearch = table.getByRole('textbox', { name: ar.Search });
  await arSearch.fill(prefix);
  await arSearch.press('Enter');
  await table.getByRole('checkbox', { name: ar['Select row {{id}}'].replace('{{id}}', String(ids[0])) }).check();
  const arBar = table.getByRole('toolbar', { name: ar['Bulk actions'] });
  await expect(arBar.getByText(ar['{{n}} selected'].replace('{{n}}', '1'))).toBeVisible();
  await expect(arBar.getByRole('button', { name: ar['Export selection'] })).toBeVisible();
  await expect(
    table.getByRole('checkbox', { name: ar['Select row {{id}}'].replace('{{id}}', String(ids[0])) }),
  ).toBeChecked();
  // Right to left: the count stands at the bar's right edge, the checkbox column at the table's right.
  const barBox = await arBar.boundingBox();
  const countBox = await arBar.getByText(ar['{{n}} selected'].replace('{{n}}', '1')).boundingBox();
  expect(barBox && countBox && countBox.x > barBox.x + barBox.width / 2).toBe(true);
  const tableBox = await table.boundingBox();
  const checkBox = await table
    .getByRole('checkbox', { name: ar['Select row {{id}}'].replace('{{id}}', String(ids[0])) })
    .boundingBox();
  expect(tableBox && checkBox && checkBox.x > tableBox.x + tableBox.width / 2).toBe(true);
  await page.screenshot({ path: 'e2e/artifacts/bulk-selection-rtl.png' });
  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('language-en').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('passengers: the selection survives paging and exports exactly its rows', async ({ page, request }) => {
  await login(page, request, USERS.admin, '/passengers');
  const table = page.getByTestId('passengers-table');
  const boxes = table.getByRole('checkbox', { name: /^Select row \d+$/ });
  await expect(boxes.first()).toBeVisible();
  const idOf = async (box: Locator) => Number((await box.getAttribute('aria-label'))?.replace(/\D+/g, ''));
  const first = await idOf(boxes.nth(0));
  const third = await idOf(boxes.nth(2));
  await boxes.nth(0).check();
  // A click on the checkbox selects the row; it does not open the passenger.
  await expect(page).toHaveURL(/\/passengers$/);
  await boxes.nth(2).check();
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(table.getByRole('checkbox', { name: RESOURCE_MSG.selectRow(first) })).toHaveCount(0);
  const onNext = await idOf(boxes.nth(0));
  await boxes.nth(0).check();
  const bar = page.getByRole('toolbar', { name: RESOURCE_MSG.bulkActions });
  await expect(bar.getByText(RESOURCE_MSG.selected(3))).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), bar.getByTestId('export-csv').click()]);
  const lines = readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r\n/);
  // The list's order (newest first) and its rows only.
  expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual([first, third, onNext].sort((a, b) => b - a));

  // A new filter clears the selection.
  await page.getByPlaceholder('Name, phone or e-mail').fill('zz-nobody');
  await expect(bar).toBeHidden();
});

test('drivers: the selection is activated with one cash register', async ({ page, request }) => {
  await login(page, request, USERS.admin, '/captains');
  const tag = Date.now().toString(36);
  const ids: number[] = [];
  for (const n of [1, 2]) {
    const phone = `+377 6${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const res = await api<{ data: { id: number; active: boolean } }>(page, 'POST', 'captain', {
      first_name: 'Bulk',
      last_name: `Driver${tag}${n}`,
      username: `bulk_${tag}_${n}`,
      phone_number: phone,
    });
    expect(res.status).toBe(200);
    expect(res.json.data.active).toBe(false);
    ids.push(res.json.data.id);
  }
  await page.getByPlaceholder('Name, username or phone').fill(`Driver${tag}`);
  const table = page.getByTestId('captains-table');
  await expect(rowBox(table, ids[0])).toBeVisible();
  await expect(rowBox(table, ids[1])).toBeVisible();
  await table.getByRole('checkbox', { name: RESOURCE_MSG.selectPage }).check();
  const bar = page.getByRole('toolbar', { name: RESOURCE_MSG.bulkActions });
  await expect(bar.getByText(RESOURCE_MSG.selected(2))).toBeVisible();
  await bar.getByRole('button', { name: RESOURCE_MSG.activate, exact: true }).click();
  const dialog = page.getByTestId('activate-captains-dialog');
  await dialog.getByRole('combobox').click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('button', { name: RESOURCE_MSG.activate, exact: true }).click();
  await expect(page.getByText(PEOPLE_MSG.activationCompleted)).toBeVisible();
  await expect(bar).toBeHidden();
  for (const id of ids) {
    const after = await api<{ data: { active: boolean; cash_register: { id: number } | null } }>(
      page,
      'GET',
      `captain/${id}`,
    );
    expect(after.json.data.active).toBe(true);
    expect(after.json.data.cash_register).not.toBeNull();
  }
});
