import type { Page } from '@playwright/test';
import { DOCUMENT_REMOVAL_REASONS, PEOPLE_MSG } from '@taxi/shared';
import { expect, test } from './fixtures';
import { login, USERS } from './helpers';

const ARTIFACTS = 'e2e/artifacts';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** GET /api/{path} with the token the page stored. */
async function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const session = JSON.parse(localStorage.getItem('taxi.session') ?? 'null') as { accessToken: string } | null;
    const response = await fetch(`/api/${url}`, { headers: { Authorization: `Bearer ${session?.accessToken}` } });
    return (await response.json()).data;
  }, path);
}

test('passengers list, passenger page and approval through the wizard', async ({ page, request }) => {
  await login(page, request, USERS.admin, '/passengers');
  await expect(page.getByTestId('passengers-table').locator('tbody tr').first()).toBeVisible();
  await expect(page.getByText(PEOPLE_MSG.noClass).first()).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/people-passengers.png` });

  // search with debounce
  const first = await api<{ data: { full_name: string }[] }>(page, 'passenger?perPage=1');
  await page.getByTestId('people-search').fill(first.data[0].full_name);
  await expect(page.getByTestId('passengers-table')).toContainText(first.data[0].full_name);

  const list = await api<{ data: { id: number; full_name: string }[] }>(
    page,
    'passenger?approved=0&has_documents=0&registered=1&perPage=1',
  );
  const p = list.data[0];
  await page.goto(`/passengers/${p.id}`);
  await expect(page.getByRole('heading', { name: new RegExp(p.full_name) })).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/people-passenger.png` });

  await page.getByTestId('approve-button').click();
  const wizard = page.getByTestId('passenger-wizard');
  await expect(wizard.getByText(PEOPLE_MSG.personalInfo)).toBeVisible();
  await expect(wizard.getByText(PEOPLE_MSG.withoutDocs)).toBeVisible();
  await wizard.getByTestId('wizard-first_name').fill('');
  await wizard.getByRole('button', { name: 'Save and continue' }).click();
  await expect(wizard.getByText(PEOPLE_MSG.fieldRequired)).toBeVisible();
  await expect(wizard.getByText(PEOPLE_MSG.fileRequired)).toHaveCount(2);
  await wizard.getByTestId('wizard-first_name').fill('Camille');
  await wizard.getByTestId('wizard-whatsapp_number').fill('+37761000111');
  await wizard.getByTestId('wizard-id-front').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
  await wizard.getByTestId('wizard-id-back').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: PNG });
  await page.screenshot({ path: `${ARTIFACTS}/people-wizard.png` });
  await wizard.getByRole('button', { name: 'Save and continue' }).click();
  await expect(wizard.getByTestId('wizard-summary')).toBeVisible();
  await wizard.getByRole('button', { name: PEOPLE_MSG.approvePassenger }).click();
  await expect(page.getByText(PEOPLE_MSG.activationCompleted)).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/people-wizard-finish.png` });
  await wizard.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText(PEOPLE_MSG.passengerApproved).first()).toBeVisible();

  const after = await api<{ approved_at: string | null; active: boolean; first_name: string; id_card_front: string }>(
    page,
    `passenger/${p.id}`,
  );
  expect(after.approved_at).not.toBeNull();
  expect(after.active).toBe(true);
  expect(after.first_name).toBe('Camille');
  // the stored ID image is shown (fetched with the token as a blob URL)
  await expect(page.locator('img[alt="ID card front"]')).toHaveAttribute('src', /^blob:/);

  // document removal: a reason is required; the Arabic reasons are offered
  await page.getByRole('button', { name: PEOPLE_MSG.removeDocuments }).click();
  const removal = page.getByTestId('remove-documents-dialog');
  await removal.getByRole('button', { name: PEOPLE_MSG.removeDocuments }).click();
  await expect(removal.getByText(PEOPLE_MSG.fieldRequired)).toBeVisible();
  await removal.getByText(DOCUMENT_REMOVAL_REASONS[1].message).click();
  await removal.getByRole('button', { name: PEOPLE_MSG.removeDocuments }).click();
  await expect(page.getByText(PEOPLE_MSG.documentsRemoved)).toBeVisible();
  const removed = await api<{ id_card_front: string | null; rejected_count: number }>(page, `passenger/${p.id}`);
  expect(removed).toMatchObject({ id_card_front: null, rejected_count: 1 });
});

test('activate a captain with a cash register', async ({ page, request }) => {
  await login(page, request, USERS.admin);
  const list = await api<{ data: { id: number; full_name: string }[] }>(
    page,
    'captain?active=0&registered=1&perPage=1',
  );
  const c = list.data[0];
  await page.goto(`/captains/${c.id}`);
  await expect(page.getByTestId('captain-cars')).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/people-captain.png` });
  await page.getByTestId('activate-captain').click();
  const dialog = page.getByTestId('activate-captain-dialog');
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(dialog.getByText(PEOPLE_MSG.chooseCashRegister)).toBeVisible();
  await dialog.getByRole('combobox').click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText(PEOPLE_MSG.activationCompleted)).toBeVisible();
  const after = await api<{ active: boolean; cash_register: { id: number } | null }>(page, `captain/${c.id}`);
  expect(after.active).toBe(true);
  expect(after.cash_register).not.toBeNull();
  await page.screenshot({ path: `${ARTIFACTS}/people-captain-active.png` });
});

test('a seeded passenger waiting with documents shows the ID images', async ({ page, request }) => {
  await login(page, request, USERS.admin);
  // One of the approvals queue (documents sent, not approved) that no other operator holds: the seed's (the lowest
  // ids; passengers the other specs register have no files behind their documents' names).
  type Queue = { passengers: { passenger: { id: number }; claim: { user_id: number } | null }[] };
  const waiting = await api<Queue>(page, 'passengers/approvals');
  const id = waiting.passengers
    .filter((i) => i.claim === null)
    .map((i) => i.passenger.id)
    .sort((x, y) => x - y)[0];
  expect(id, 'a seeded passenger waiting with documents').toBeDefined();
  await page.goto(`/passengers/${id}`);
  await expect(page.locator('img[alt="ID card front"]')).toHaveAttribute('src', /^blob:/);
  await page.screenshot({ path: `${ARTIFACTS}/people-passenger-docs.png` });
  await page.getByTestId('approve-button').click();
  await expect(page.getByTestId('passenger-wizard').getByText(PEOPLE_MSG.withDocs)).toBeVisible();
  // A passenger of the approvals queue: opening its wizard here claimed it, as the queue page does.
  const after = await api<Queue>(page, 'passengers/approvals');
  expect(after.passengers.find((i) => i.passenger.id === id)?.claim).not.toBeNull();
  await expect(page.getByTestId('passenger-wizard').locator('img[alt="ID card front"]')).toHaveAttribute(
    'src',
    /^blob:/,
  );
  await page.screenshot({ path: `${ARTIFACTS}/people-wizard-docs.png` });
});

test('new car: no car model request and no error until a brand is chosen', async ({ page, request }) => {
  await login(page, request, USERS.admin);
  const list = await api<{ data: { id: number }[] }>(page, 'captain?perPage=1');
  const modelCalls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/car_brands\/\d+\/models/.test(r.url())) modelCalls.push(r.url());
  });
  await page.goto(`/drivers/${list.data[0].id}/createCar`);
  const modelField = page.getByRole('combobox', { name: 'Car model' });
  await expect(modelField).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Color' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(modelCalls).toEqual([]);
  await expect(page.locator('.MuiFormHelperText-root.Mui-error')).toHaveCount(0);
  await expect(page.locator('.MuiInputBase-root.Mui-error')).toHaveCount(0);
  // Choosing a brand asks for that brand's models only.
  const models = page.waitForResponse((r) => /\/api\/car_brands\/[1-9]\d*\/models/.test(r.url()));
  await page.getByRole('combobox', { name: 'Car brand' }).click();
  await page.getByRole('option').first().click();
  expect((await models).status()).toBe(200);
  await expect(modelField).toBeEnabled();
  expect(modelCalls.every((url) => !/car_brands\/0\//.test(url))).toBe(true);
});
