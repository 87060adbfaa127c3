import { MSG, TOKEN_REFUSALS } from '@taxi/shared';
import { CATALOGUES } from '@taxi/shared/i18n/catalogues';
import { expect, test } from './fixtures';
import { api, DEMO_PASSWORD, login, USERS } from './helpers';

const errorToast = (page: import('@playwright/test').Page) => page.locator('.notistack-MuiContent-error');

async function submitCredentials(page: import('@playwright/test').Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(MSG.emailLabel).fill(USERS.admin);
  await page.getByLabel(MSG.passwordLabel).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: MSG.loginButton }).click();
}

test('a sign-in without a server answer says “Check your info”; a server answer is shown as it is', async ({
  page,
}) => {
  // No answer at all (offline, DNS, a dropped connection).
  await page.route('**/api/admin_send_code', (route) => route.abort('internetdisconnected'));
  await submitCredentials(page);
  await expect(errorToast(page)).toHaveText(MSG.checkYourInfo);
  await expect(page.getByText(MSG.networkError)).toHaveCount(0);
  await expect(page.getByText(MSG.verificationTitle)).toHaveCount(0);

  // An answer with a message of the server's: that message.
  await page.unroute('**/api/admin_send_code');
  await page.route('**/api/admin_send_code', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Nope from server' }),
    }),
  );
  await page.getByRole('button', { name: MSG.loginButton }).click();
  await expect(errorToast(page).filter({ hasText: 'Nope from server' })).toBeVisible();
});

test('the code step without a server answer says “Check your info” too', async ({ page }) => {
  await page.route('**/api/admin_send_code', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ data: null, message: 'Sent' }),
    }),
  );
  await page.route('**/api/admin_login', (route) => route.abort('connectionrefused'));
  await submitCredentials(page);
  await page.getByLabel(MSG.codeLabel).fill('123456');
  await page.getByRole('button', { name: MSG.verifyButton }).click();
  await expect(errorToast(page)).toHaveText(MSG.checkYourInfo);
});

test('an expired token says “Token has expired” and goes to /login, in the console’s language', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.dispatcher, '/requests');
  // French on the account (each sign-in of the suite starts from English again), taken up by the console.
  expect((await api(page, 'PUT', 'preferences', { language: 'fr' })).status).toBe(200);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  // The server's own answer for an expired token, as it words it in French (apps/server/test/auth.test.ts): only
  // the reason tells it from any other 401.
  const expired = { message: CATALOGUES.fr[MSG.tokenExpired], reason: TOKEN_REFUSALS.expired, request_id: 'e2e' };
  await page.route('**/api/check_auth', (route) =>
    route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify(expired) }),
  );
  // Watched from before the navigation: the notice lasts its 3 s, which a loaded machine may spend elsewhere.
  const notice = errorToast(page).filter({ hasText: CATALOGUES.fr[MSG.tokenExpired] }).waitFor({ timeout: 20_000 });
  await page.goto('/requests');
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await notice;
  expect(await page.evaluate(() => localStorage.getItem('taxi.session'))).toBeNull();
});

test('an invalid token logs out without the expired notice', async ({ page, request }) => {
  await login(page, request, USERS.dispatcher, '/requests');
  await page.route('**/api/check_auth', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ message: MSG.unauthenticated, reason: TOKEN_REFUSALS.invalid, request_id: 'e2e' }),
    }),
  );
  await page.goto('/requests');
  await expect(page).toHaveURL(/\/login\?next=/);
  await expect(page.getByLabel(MSG.emailLabel)).toBeVisible();
  await expect(page.getByText(MSG.tokenExpired)).toHaveCount(0);
});
