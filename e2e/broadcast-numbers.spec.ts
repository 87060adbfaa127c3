import type { Page } from '@playwright/test';
import { BROADCAST_LABELS, BROADCAST_MSG } from '@taxi/shared';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

/** Messages to the captains of listed phone numbers, one per line: sent now, and scheduled. */

async function twoCaptainNumbers(page: Page): Promise<string[]> {
  const { json } = await api<{ data: { data: { phone_number: string | null }[] } }>(page, 'GET', 'captain?perPage=10');
  const numbers = json.data.data.flatMap((c) => (c.phone_number ? [c.phone_number] : []));
  expect(numbers.length).toBeGreaterThanOrEqual(2);
  return numbers.slice(0, 2);
}

test('the admin sends a message to the captains of listed numbers; an unknown number is named back', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.admin, '/broadcast');
  const [first, second] = await twoCaptainNumbers(page);
  await page.getByLabel('Send to').click();
  await page.getByRole('option', { name: BROADCAST_LABELS.targets.numbers }).click();
  const numbers = page.getByTestId('broadcast-numbers');
  const unknown = '+377 6 99 99 99 01';
  await numbers.fill(`${first}\n\n${second}\n${unknown}`);
  await expect(page.getByTestId('broadcast-preview')).toHaveText(
    '3 numbers listed: their captains are found when the message is sent',
  );
  const text = `Badges ready at the office (${Date.now()})`;
  await page.getByTestId('broadcast-body').fill(text);
  await page.getByTestId('broadcast-send').click();
  // Refused whole, on the numbers field, naming the number nobody has.
  await expect(page.getByRole('main').getByText(BROADCAST_MSG.unknownNumbers(unknown))).toBeVisible();
  await expect(page.getByTestId('broadcast-sent')).toHaveCount(0);

  await numbers.fill(`${first}\n${second}`);
  await page.getByTestId('broadcast-send').click();
  await expect(page.getByText(BROADCAST_MSG.sent(2))).toBeVisible();
  const sent = page.getByTestId('broadcast-sent');
  await expect(sent).toContainText(text);
  await expect(sent).toContainText(BROADCAST_LABELS.targets.numbers);
  await expect(sent.getByTestId('count-targeted')).toHaveText('2');
  const row = page.getByTestId('broadcast-history').locator('tbody tr').first();
  await expect(row).toContainText(text);
  await expect(row).toContainText(BROADCAST_LABELS.targets.numbers);
});

test('the supervisor schedules a message to listed numbers', async ({ page, request }) => {
  await login(page, request, USERS.supervisor, '/scheduled_messages/store');
  const [first, second] = await twoCaptainNumbers(page);
  await page.getByLabel('Send to').click();
  await page.getByRole('option', { name: BROADCAST_LABELS.targets.numbers }).click();
  const text = `Listed briefing ${Date.now()}`;
  await page.getByTestId('broadcast-body').fill(text);
  await page.getByTestId('scheduled-send-at').fill('01/01/2099 08:00');
  // Without a number the form says what is missing.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('main').getByText(BROADCAST_MSG.noNumbers)).toBeVisible();
  await page.getByTestId('broadcast-numbers').fill(`${first}\n${second}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/scheduled_messages$/);
  const row = page.getByTestId('scheduled-messages').locator('tbody tr', { hasText: text });
  await expect(row).toContainText(BROADCAST_LABELS.targets.numbers);
  await expect(row).toContainText('Active');
});
