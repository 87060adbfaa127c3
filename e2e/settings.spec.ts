import { SETTING_LABELS, SETTING_VALUE_LABELS } from '@taxi/shared';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

test('the admin edits the dispatching settings: a bad value is refused under its field, a good one saved', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.admin, '/dispatching');
  await expect(page.locator('header h1')).toHaveText('Dispatching');
  await expect(page.getByRole('heading', { level: 2, name: 'Dispatching' })).toBeVisible();
  const radius = page.getByTestId('setting-DISPATCH_RADIUS_KM');
  await expect(radius).toHaveValue('15');

  await radius.fill('0');
  const offer = page.getByTestId('setting-OFFER_TIMEOUT_SECONDS');
  await offer.fill('45');
  await page.getByTestId('settings-save').click();
  await expect(page.getByText(/greater than or equal to 1|at least 1|>=\s*1/i)).toBeVisible();
  // what was typed stays
  await expect(offer).toHaveValue('45');

  await radius.fill('12');
  await page.getByTestId('settings-save').click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('setting-DISPATCH_RADIUS_KM')).toHaveValue('12');
  await expect(page.getByTestId('setting-OFFER_TIMEOUT_SECONDS')).toHaveValue('45');
  const { status } = await api(page, 'PUT', 'settings/dispatching', {
    DISPATCH_RADIUS_KM: 15,
    OFFER_TIMEOUT_SECONDS: 30,
  });
  expect(status).toBe(200);
});

test('the configuration pages open: settings, max bookings, reservation queue, seasonal reservations', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.admin, '/settings');
  await expect(page.getByTestId('setting-SEASON')).toBeAttached();
  await page.goto('/MaxBookingCount');
  await expect(page.locator('header h1')).toHaveText('Max Bookings Counts');
  await expect(page.getByTestId('setting-MAX_ACTIVE_BOOKINGS_PER_PASSENGER')).toHaveValue('0');
  await page.goto('/reservation_queue');
  await expect(page.getByTestId('planned-page')).toHaveCount(0);
  await expect(page.getByTestId('reservation-queue')).toBeVisible();
  await page.goto('/seasonal_reservations');
  await expect(page.getByTestId('planned-page')).toHaveCount(0);
  await expect(page.getByRole('cell', { name: 'Season default' }).first()).toBeVisible();
});

test('the dispatching page sets who is offered AI popups: every dispatcher, or one at a time in turn', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.admin, '/dispatching');
  const audience = page.getByRole('combobox', { name: SETTING_LABELS.AI_POPUP_AUDIENCE });
  await expect(audience).toHaveText(SETTING_VALUE_LABELS.AI_POPUP_AUDIENCE?.all ?? '');
  try {
    await audience.click();
    await page.getByRole('option', { name: SETTING_VALUE_LABELS.AI_POPUP_AUDIENCE?.round_robin }).click();
    await page.getByTestId('settings-save').click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await page.screenshot({ path: 'e2e/artifacts/settings-ai-popup-audience.png', fullPage: true });
    const saved = await api<{ data: { values: Record<string, unknown> } }>(page, 'GET', 'settings/dispatching');
    expect(saved.json.data.values.AI_POPUP_AUDIENCE).toBe('round_robin');
  } finally {
    expect((await api(page, 'PUT', 'settings/dispatching', { AI_POPUP_AUDIENCE: 'all' })).status).toBe(200);
  }
});
