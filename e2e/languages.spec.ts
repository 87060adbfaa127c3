import { MSG } from '@taxi/shared';
import { CATALOGUES } from '@taxi/shared/i18n/catalogues';
import { expect, test } from './fixtures';
import { login, USERS } from './helpers';

test('switching to Arabic flips the layout, translates the drawer and is remembered', async ({ page, request }) => {
  await login(page, request, USERS.admin);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  const drawer = page.getByTestId('drawer');
  await expect(drawer.getByText('Requests', { exact: true })).toBeVisible();

  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(drawer.getByText(CATALOGUES.ar.Requests, { exact: true })).toBeVisible();
  await expect(drawer.getByText(CATALOGUES.ar.Passengers, { exact: true })).toBeVisible();
  // Mirrored: the drawer sits on the right of the window.
  const box = await drawer.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x + box.width).toBeGreaterThan(width - 5);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(drawer.getByText(CATALOGUES.ar.Requests, { exact: true })).toBeVisible();

  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('language-en').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(drawer.getByText('Requests', { exact: true })).toBeVisible();
});

test("the server's messages come in the chosen language", async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-language-fr').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const fr = CATALOGUES.fr;
  await page.getByLabel(fr[MSG.emailLabel]).fill(USERS.admin);
  await page.getByLabel(fr[MSG.passwordLabel]).fill('Wrong#2026x');
  await page.getByRole('button', { name: fr[MSG.loginButton] }).click();
  const toast = page.locator('.notistack-MuiContent-error');
  await expect(toast).toBeVisible();
  const text = (await toast.textContent()) ?? '';
  // Whatever the refusal says, it is the French of one of the server's English messages.
  expect(Object.values(fr)).toContain(text.trim());
});

test('dark mode is switchable and remembered on the account', async ({ page, request, browser }) => {
  await login(page, request, USERS.dispatcher);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('theme-dark').click();
  await expect.poll(background).not.toBe(light);
  const dark = await background();
  // Dark means dark: every channel low.
  const channels = dark.match(/\d+/g)?.slice(0, 3).map(Number) ?? [];
  expect(Math.max(...channels)).toBeLessThan(60);
  await page.reload();
  await expect(page.getByTestId('drawer-toggle')).toBeVisible();
  expect(await background()).toBe(dark);

  // Kept on the account: another browser signing in as the same user gets it too.
  const other = await browser.newPage();
  await login(other, request, USERS.dispatcher, '/', { keepPreferences: true });
  await expect.poll(() => other.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(dark);
  await other.close();

  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('theme-system').click();
  await expect.poll(background).toBe(light);
});
