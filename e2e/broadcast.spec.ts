import type { Page } from '@playwright/test';
import { axeBlocking } from './axe';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

async function onlineCaptains(page: Page): Promise<number> {
  const { json } = await api<{ data: { captains: number } }>(page, 'GET', 'broadcast/preview?target=online');
  return json.data.captains;
}

test('the admin sends a message to every online captain and sees how far it went', async ({ page, request }) => {
  await login(page, request, USERS.admin, '/broadcast');
  await expect(page.locator('header h1')).toHaveText('Broadcast');
  const online = await onlineCaptains(page);
  // The target defaults to every online captain: the page says how many before sending.
  await expect(page.getByTestId('broadcast-preview')).toHaveText(`This message reaches ${online} captains now`);

  // Sending with no text says what is missing, and sends nothing.
  await page.getByTestId('broadcast-send').click();
  await expect(page.getByText('This field is required')).toBeVisible();

  const text = `Road works on Boulevard Albert Ier (${Date.now()})`;
  await page.getByTestId('broadcast-body').fill(text);
  await page.getByTestId('broadcast-send').click();
  await expect(page.getByText(`Message sent to ${online} captains`)).toBeVisible();
  const sent = page.getByTestId('broadcast-sent');
  await expect(sent).toContainText(text);
  await expect(sent.getByTestId('count-targeted')).toHaveText(String(online));
  // Online captains' apps are connected: they receive it at once.
  await expect(sent.getByTestId('count-delivered')).toHaveText(String(online));
  await expect(sent.getByTestId('count-read')).toHaveText('0');
  const first = page.getByTestId('broadcast-history').locator('tbody tr').first();
  await expect(first).toContainText(text);
  await expect(first).toContainText('All online captains');
  await expect(page.getByTestId('broadcast-body')).toHaveValue('');
});

test('the messages pages pass axe in Arabic, dark and right to left', async ({ page, request }) => {
  await login(page, request, USERS.admin);
  expect((await api(page, 'PUT', 'preferences', { language: 'ar', theme: 'dark' })).status).toBe(200);
  try {
    for (const path of ['/broadcast', '/announcements/', '/scheduled_messages', '/scheduled_messages/store']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 10_000 });
      expect((await axeBlocking(page)).map((v) => `${path} ${v}`)).toEqual([]);
    }
  } finally {
    await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system' });
  }
});

test('the supervisor schedules a daily message on the city’s clock, sees it listed, and stops it', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.supervisor, '/scheduled_messages');
  await page.getByRole('link', { name: 'New scheduled message' }).click();
  await expect(page.locator('header h1')).toHaveText('New scheduled message');
  const text = `Daily briefing ${Date.now()}`;
  await page.getByTestId('broadcast-body').fill(text);
  // A time in the past is refused by the server, on its field.
  await page.getByTestId('scheduled-send-at').fill('01/01/2020 08:00');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('main').getByText('Choose a time in the future')).toBeVisible();
  await page.getByTestId('scheduled-send-at').fill('01/01/2099 08:00');
  await page.getByLabel('Repeats').click();
  await page.getByRole('option', { name: 'Every day' }).click();
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/scheduled_messages$/);
  const row = page.getByTestId('scheduled-messages').locator('tbody tr', { hasText: text });
  await expect(row).toContainText('01/01/2099 08:00');
  await expect(row).toContainText('Every day');
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: 'History' }).click();
  await expect(page.getByRole('dialog')).toContainText('No data available');
  expect(await axeBlocking(page)).toEqual([]);
  await page.getByRole('button', { name: 'Close' }).click();
  await row.getByRole('button', { name: 'Stop' }).click();
  await expect(row).toContainText('Stopped');
  await expect(row.getByRole('button', { name: 'Stop' })).toHaveCount(0);
});
