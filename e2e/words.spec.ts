import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

test('the Roles page names permissions in the console’s language, never by their codes', async ({ page, request }) => {
  await login(page, request, USERS.admin, '/roles');
  const table = page.locator('main table');
  await expect(table).toContainText('Dispatching');
  await expect(table).toContainText('Phone booking');
  await expect(table).not.toContainText('DISPATCHING');
  await expect(table).not.toContainText('PHONE_BOOKING');
  try {
    expect((await api(page, 'PUT', 'preferences', { language: 'fr' })).status).toBe(200);
    await page.reload();
    await expect(page.locator('main table')).toContainText('Répartition');
    await expect(page.locator('main table')).toContainText('Réservation téléphonique');
    await expect(page.locator('main table')).not.toContainText('PHONE_BOOKING');
  } finally {
    await api(page, 'PUT', 'preferences', { language: 'en' });
  }
});
