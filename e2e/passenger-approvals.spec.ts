import type { Page } from '@playwright/test';
import { APPROVAL_MSG, PEOPLE_MSG } from '@taxi/shared';
import { axeBothSchemes } from './axe';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

const ARTIFACTS = 'e2e/artifacts';

const badge = (page: Page) => page.getByTestId('toolbar-approvals');
const count = async (page: Page) => Number(await badge(page).getAttribute('data-count'));

test('a new passenger opens no dialog: it joins the queue and the badge; claimed on console A, it shows taken on console B at once', async ({
  page,
  request,
  browser,
}) => {
  // Console A: a dispatcher mid phone booking. Console B: a call-centre operator on the queue.
  await login(page, request, USERS.dispatcher, '/phone-bookings');
  const other = await browser.newContext();
  const pageB = await other.newPage();
  try {
    await login(pageB, request, USERS.callcenter, '/passenger_approvals');
    await expect(pageB.getByTestId('approvals-table')).toBeVisible();
    await expect(badge(page)).toBeVisible();
    const before = await count(page);

    // The operator is typing in the phone booking's form when the passenger signs up in the app.
    await page.getByTestId('mode-new').click();
    const field = page.getByTestId('new-first-name');
    await field.fill('Typing');
    const created = await api<{ data: { id: number; full_name: string } }>(page, 'POST', 'passengers/dev/register', {
      first_name: 'Quentin',
      last_name: 'Queue',
    });
    expect(created.status).toBe(200);
    const { id, full_name: name } = created.json.data;

    // A small notice and the badge; no dialog, and the field keeps the focus and what was typed.
    const notice = page.getByText(APPROVAL_MSG.newPassengerNotice(name, PEOPLE_MSG.withDocs));
    await expect(notice).toBeVisible();
    await expect(page.getByRole('link', { name: APPROVAL_MSG.openQueue })).toHaveAttribute(
      'href',
      '/passenger_approvals',
    );
    await expect.poll(() => count(page)).toBe(before + 1);
    await expect(page.getByTestId('passenger-wizard')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(field).toBeFocused();
    await page.keyboard.type('!');
    await expect(field).toHaveValue('Typing!');
    await page.screenshot({ path: `${ARTIFACTS}/approvals-notice.png` });
    // Console B: the passenger joined the list, free to take.
    const rowB = pageB.getByTestId(`approval-row-${id}`);
    await expect(rowB).toHaveAttribute('data-claim', 'free');
    await expect(pageB.getByRole('dialog')).toHaveCount(0);

    // A opens the queue from the badge and claims the passenger: the wizard opens on A, B shows it taken at once.
    await badge(page).click();
    await expect(page).toHaveURL(/\/passenger_approvals$/);
    await page.getByTestId(`approval-claim-${id}`).click();
    const wizard = page.getByTestId('passenger-wizard');
    await expect(wizard.getByText(PEOPLE_MSG.personalInfo)).toBeVisible();
    await expect(wizard.getByText(PEOPLE_MSG.withDocs)).toBeVisible();
    await expect(rowB).toHaveAttribute('data-claim', 'other');
    await expect(rowB).toContainText(APPROVAL_MSG.takenBy('Dario Dispatcher'));
    await expect(pageB.getByTestId(`approval-claim-${id}`)).toBeDisabled();
    await expect(pageB.getByRole('dialog')).toHaveCount(0);
    await pageB.screenshot({ path: `${ARTIFACTS}/approvals-taken.png` });
    // B's own claim through the API: 409, A was first.
    const late = await api<{ message: string }>(pageB, 'POST', `passengers/${id}/claim`);
    expect(late.status).toBe(409);
    expect(late.json.message).toBe(APPROVAL_MSG.alreadyTaken('Dario Dispatcher'));

    // A closes the wizard without a decision: the passenger is free again, everywhere.
    await wizard.getByRole('button', { name: 'Close' }).click();
    await expect(wizard).toBeHidden();
    await expect(rowB).toHaveAttribute('data-claim', 'free');
    await expect(page.getByTestId(`approval-row-${id}`)).toHaveAttribute('data-claim', 'free');

    // B takes it and approves: the passenger leaves the queue and both badges.
    await pageB.getByTestId(`approval-claim-${id}`).click();
    const wizardB = pageB.getByTestId('passenger-wizard');
    await expect(wizardB.getByText(PEOPLE_MSG.personalInfo)).toBeVisible();
    await expect(page.getByTestId(`approval-row-${id}`)).toHaveAttribute('data-claim', 'other');
    await wizardB.getByTestId('wizard-whatsapp_number').fill('+37761000222');
    await wizardB.getByRole('button', { name: 'Save and continue' }).click();
    await expect(wizardB.getByTestId('wizard-summary')).toBeVisible();
    await wizardB.getByRole('button', { name: PEOPLE_MSG.approvePassenger }).click();
    await expect(pageB.getByText(PEOPLE_MSG.activationCompleted)).toBeVisible();
    await wizardB.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId(`approval-row-${id}`)).toHaveCount(0);
    await expect(rowB).toHaveCount(0);
    await expect.poll(() => count(page)).toBe(before);
    const after = await api<{ data: { approved_at: string | null } }>(page, 'GET', `passenger/${id}`);
    expect(after.json.data.approved_at).not.toBeNull();
  } finally {
    await other.close();
  }
});

test('the queue page passes axe in light and dark, and reads right to left in Arabic', async ({ page, request }) => {
  await login(page, request, USERS.admin);
  expect((await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system' })).status).toBe(200);
  const created = await api<{ data: { id: number } }>(page, 'POST', 'passengers/dev/register', {
    first_name: 'Axel',
    last_name: 'Axe',
  });
  const id = created.json.data.id;
  expect((await api(page, 'POST', `passengers/${id}/claim`)).status).toBe(200);
  try {
    await page.goto('/passenger_approvals');
    await expect(page.getByTestId(`approval-row-${id}`)).toHaveAttribute('data-claim', 'mine');
    await expect(page.locator('header h1')).toHaveText(APPROVAL_MSG.title);
    expect(await axeBothSchemes(page)).toEqual([]);

    expect((await api(page, 'PUT', 'preferences', { language: 'ar', theme: 'dark' })).status).toBe(200);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId(`approval-row-${id}`)).toBeVisible();
    // Right to left, nothing sticks out sideways (the page never scrolls horizontally).
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    await page.screenshot({ path: `e2e/artifacts/approvals-ar-dark.png` });
  } finally {
    await api(page, 'DELETE', `passengers/${id}/claim`);
    await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system' });
  }
});
