import { BOOT_LOADING, MSG } from '@taxi/shared';
import { axeBothSchemes } from './axe';
import { expect, test } from './fixtures';
import { login, USERS } from './helpers';

const ARTIFACTS = 'e2e/artifacts';

test('a list that fails to load says what failed, with the request id and Retry, and no empty pager under it', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.admin);
  // The passengers' list answers as a crashed upstream would: a 500 with no message, and the server's request id.
  let failing = true;
  await page.route(/\/api\/passenger\?/, (route) =>
    failing
      ? route.fulfill({ status: 500, headers: { 'x-request-id': 'e2e-req-42' }, body: 'Internal Server Error' })
      : route.continue(),
  );
  await page.goto('/passengers');
  const error = page.getByTestId('load-error');
  // The console retries a 5xx twice on its own before it shows the failure.
  await expect(error).toBeVisible({ timeout: 15_000 });
  await expect(error).toContainText(MSG.loadFailed);
  await expect(error).toContainText(MSG.serverError);
  await expect(page.getByTestId('load-error-id')).toHaveText(MSG.requestId('e2e-req-42'));
  await expect(error).not.toContainText('Internal Server Error');
  // Nothing to count: no "0–0 of 0" under the error.
  await expect(page.getByText(/0–0/)).toHaveCount(0);
  await page.screenshot({ path: `${ARTIFACTS}/load-error-passengers.png` });
  expect(await axeBothSchemes(page, { include: '[data-testid="load-error"]' })).toEqual([]);

  failing = false;
  await page.getByTestId('load-error-retry').click();
  await expect(page.getByTestId('passengers-table').locator('tbody tr').first()).toBeVisible();
  await expect(error).toBeHidden();
});

test('before any script has loaded, the HTML shows the shell in the user’s language, direction and theme', async ({
  page,
  request,
}) => {
  // The shell is in the HTML itself: nothing but the page (and its small boot script) is needed to paint it.
  const html = await (await request.get('/login')).text();
  expect(html).toContain('data-testid="boot-shell"');
  expect(html).toContain(`<span lang="en">${BOOT_LOADING}</span>`);

  // The console's scripts never arrive: what shows is the HTML's own shell.
  await page.route(/\/assets\/.*\.js$/, () => {});
  await page.addInitScript(() => localStorage.setItem('taxi.prefs', JSON.stringify({ language: 'ar', theme: 'dark' })));
  // (Not 'domcontentloaded': that waits for the module scripts, which hang here.)
  await page.goto('/login', { waitUntil: 'commit' });
  const shell = page.getByTestId('boot-shell');
  await expect(shell).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  const status = page.getByRole('status');
  await expect(status.locator('[lang="ar"]')).toBeVisible();
  await expect(status.locator('[lang="ar"]')).toHaveText('جارٍ تحميل لوحة التحكم…');
  await expect(status.locator('[lang="en"]')).toBeHidden();
  await expect(status.locator('[lang="fr"]')).toBeHidden();
  const background = await shell.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).toBe('rgb(15, 21, 29)');
  await page.screenshot({ path: `${ARTIFACTS}/boot-shell-ar-dark.png` });

  // With its scripts, the console replaces it.
  await page.unrouteAll();
  await page.reload();
  await expect(shell).toHaveCount(0);
  await expect(page.locator('input[type="password"]')).toBeVisible();
});
