import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

const ARTIFACTS = 'e2e/artifacts';

async function chooseSeason(page: Page, season: string) {
  await page.locator('header [role="combobox"]').click();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/setting/season') && r.request().method() === 'PUT');
  await page.getByRole('option', { name: season, exact: true }).click();
  expect((await answer).status()).toBe(200);
}

/** Pickup then destination from two clicks on the order form's map; the estimate follows. */
async function fillTrip(page: Page) {
  await page.goto('/phone-bookings');
  await expect(page.getByTestId('fare-estimate')).toContainText(/Pick the pickup/);
  // The map takes clicks once it has loaded: click until the pickup is set, then set the destination.
  await expect(async () => {
    await page.getByTestId('phone-booking-map').click({ position: { x: 150, y: 150 } });
    await expect(page.getByTestId('pickup-input')).toHaveValue(/Map point/, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await page.getByTestId('phone-booking-map').click({ position: { x: 330, y: 420 } });
  await expect(page.getByTestId('dropoff-input')).toHaveValue(/Map point/);
}

const amount = async (page: Page) => (await page.getByTestId('fare-estimate-amount').textContent()) ?? '';

test('the phone booking shows a live estimate that follows the season and a new price rule', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.admin);
  // The demo's season (night) whatever an earlier try left: choosing 'day' below is a change the toolbar sends.
  expect((await api(page, 'PUT', 'setting/season', { season: 'night' })).status).toBe(200);
  try {
    await page.goto('/phone-bookings');
    await chooseSeason(page, 'day');
    await fillTrip(page);
    await expect(page.getByTestId('fare-estimate-amount')).toBeVisible();
    const day = await amount(page);
    expect(day).toMatch(/€/);

    // The season's prices: the selector in the toolbar re-asks every estimate on screen.
    await chooseSeason(page, 'hot');
    await expect.poll(() => amount(page)).not.toBe(day);
    const hot = await amount(page);
    await page.getByRole('button', { name: 'Why this price' }).click();
    await expect(page.getByText('Base fare (hot)')).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS}/fares-phone-estimate.png` });

    // A price rule added on its page applies to the next estimate, and says so in the breakdown.
    await page.goto('/priceRules/create');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText('String must contain at least 1 character').or(page.locator('.Mui-error').first()),
    ).toBeVisible();
    await page.getByLabel('Name').fill('E2E event surcharge');
    await page.getByTestId('rule-value').fill('10');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/priceRules$/);
    await expect(page.getByTestId('price-rules')).toContainText('E2E event surcharge');
    await page.screenshot({ path: `${ARTIFACTS}/fares-price-rules.png` });

    await fillTrip(page);
    await expect.poll(() => amount(page)).not.toBe(hot);
    await page.getByRole('button', { name: 'Why this price' }).click();
    await expect(page.getByText('Rule: E2E event surcharge')).toBeVisible();
  } finally {
    // Clean up, also after a failure: the rule and the season as the demo had them (the next tests read them).
    const { json } = await api<{ data: { id: number; name: string }[] }>(page, 'GET', 'priceRules');
    for (const rule of json.data.filter((r) => r.name === 'E2E event surcharge'))
      expect((await api(page, 'DELETE', `priceRules/${rule.id}`)).status).toBe(200);
    expect((await api(page, 'PUT', 'setting/season', { season: 'night' })).status).toBe(200);
  }
});
