import { BOOKING_MSG, BOOKING_UI, isDrawerGroup, MSG, visibleDrawer } from '@taxi/shared';
import { expect, test } from './fixtures';
import { api, checkAuth, DEMO_PASSWORD, login, loginUntilCode, USERS } from './helpers';

const ARTIFACTS = 'e2e/artifacts';

test('two-step login lands on /requests with the success toast', async ({ page, request }) => {
  await page.goto('/login');
  await expect(page.getByText(MSG.appTitle).first()).toBeVisible();
  await expect(page.getByRole('link', { name: MSG.resetPasswordLink })).toHaveAttribute(
    'href',
    '/reset-password-email',
  );
  await page.screenshot({ path: `${ARTIFACTS}/login.png` });
  const code = await loginUntilCode(page, request, USERS.admin);
  await page.screenshot({ path: `${ARTIFACTS}/code-step.png` });
  await page.getByLabel(MSG.codeLabel).fill(code);
  await page.getByLabel(MSG.codeLabel).press('Enter');
  await expect(page).toHaveURL(/\/requests$/);
  await expect(page.getByText(MSG.loggedIn)).toBeVisible();
  // A logged-in user opening /login goes back to Requests.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/requests$/);
});

test('login validation messages come from the shared catalogue', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: MSG.loginButton }).click();
  await expect(page.getByText(MSG.required).first()).toBeVisible();
  await page.getByLabel(MSG.emailLabel).fill('not-an-email');
  await page.getByLabel(MSG.passwordLabel).fill('short');
  await page.getByLabel(MSG.passwordLabel).press('Enter');
  await expect(page.getByText(MSG.invalidEmail)).toBeVisible();
  await expect(page.getByText(MSG.invalidPassword)).toBeVisible();
});

test('a wrong password shows the server message in a toast', async ({ page, request }) => {
  const probe = await request.post('/api/admin_send_code', {
    data: { username: USERS.admin, password: 'Wrong#2026x', code: null, remember_me: false, provider: 'users' },
  });
  expect(probe.ok()).toBeFalsy();
  const serverMessage = ((await probe.json()) as { message: string }).message;
  await page.goto('/login');
  await page.getByLabel(MSG.emailLabel).fill(USERS.admin);
  await page.getByLabel(MSG.passwordLabel).fill('Wrong#2026x');
  await page.getByRole('button', { name: MSG.loginButton }).click();
  await expect(page.locator('.notistack-MuiContent-error')).toContainText(serverMessage);
  await expect(page.getByText(MSG.verificationTitle)).toHaveCount(0);
});

test('admin sees every drawer entry; the shell at 1366 and 1920', async ({ page, request }) => {
  await login(page, request, USERS.admin);
  const me = await checkAuth(page);
  const expected = visibleDrawer(me).flatMap((item) =>
    isDrawerGroup(item) ? item.entries.map((entry) => entry.route) : [item.route],
  );
  const shown = await page
    .locator('[data-testid^="drawer-entry-"]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')!.replace('drawer-entry-', '')));
  expect(shown).toEqual(expected);
  expect(shown.length).toBeGreaterThan(40);
  await expect(page.getByTestId('toolbar-bell')).toBeVisible();
  await expect(page.getByTestId('toolbar-messages')).toBeVisible();
  await expect(page.getByTestId('season-select')).toBeAttached();
  await page.getByTestId('drawer-group-Maps').click();
  await expect(page.getByTestId('drawer-entry-RestrictedAreas')).toBeInViewport();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${ARTIFACTS}/shell-admin-1366.png` });
  await page.getByTestId('toolbar-bell').click();
  await expect(page.getByTestId('notification-card')).toContainText(MSG.notificationTitle);
  await page.screenshot({ path: `${ARTIFACTS}/shell-admin-bell.png` });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${ARTIFACTS}/shell-admin-1920.png` });
});

test('the dispatcher sees only the drawer entries their permissions allow', async ({ page, request }) => {
  await login(page, request, USERS.dispatcher);
  const me = await checkAuth(page);
  const items = visibleDrawer(me);
  const expected = items.flatMap((item) => (isDrawerGroup(item) ? item.entries.map((e) => e.route) : [item.route]));
  const shown = await page
    .locator('[data-testid^="drawer-entry-"]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')!.replace('drawer-entry-', '')));
  expect(shown).toEqual(expected);
  const groups = await page
    .locator('[data-testid^="drawer-group-"]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')!.replace('drawer-group-', '')));
  expect(groups).toEqual(items.filter(isDrawerGroup).map((g) => g.group));
});

test('the Goverment user lands on the board and only opens details (bookings.md §6)', async ({ page, request }) => {
  await login(page, request, USERS.gov);
  await expect(page).toHaveURL(/\/requests$/);
  await expect(page.getByTestId('toolbar-messages')).toHaveCount(0);
  // No AI status control and no AI popups (aiPolicy.popups): the server refuses their list as well.
  await expect(page.getByTestId('ai-status-button')).toHaveCount(0);
  expect((await api(page, 'GET', 'ai/suggestions')).status).toBe(403);
  // A card offers the open-details action only: no actions menu, no note solving, no touch.
  const card = page.locator('[data-testid^="booking-card-"]').first();
  await expect(card).toBeVisible();
  const id = Number((await card.getAttribute('data-testid'))?.replace('booking-card-', ''));
  await expect(card.getByTestId(`details-${id}`)).toHaveText(BOOKING_UI.openDetails);
  await expect(page.locator('[data-testid^="actions-"]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: BOOKING_UI.solve })).toHaveCount(0);
  await expect(page.getByRole('button', { name: BOOKING_MSG.okWeReceived })).toHaveCount(0);
  // The server's rule is the same one: touching or dispatching is refused.
  expect((await api(page, 'PUT', `booking/${id}/touch`)).status).toBe(403);
  await page.screenshot({ path: `${ARTIFACTS}/shell-goverment-board.png` });
  // Details open the ride page.
  await card.getByTestId(`details-${id}`).click();
  await expect(page).toHaveURL(new RegExp(`/rides/${id}$`));
});

test('the airport user lands on /airport/create without the bell', async ({ page, request }) => {
  await login(page, request, USERS.airport);
  await expect(page).toHaveURL(/\/airport\/create$/);
  await expect(page.getByTestId('toolbar-bell')).toHaveCount(0);
  await expect(page.getByTestId('socket-status')).toHaveCount(0);
});

test('logout returns to /login', async ({ page, request }) => {
  await login(page, request, USERS.callcenter);
  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(MSG.loggedOut)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('taxi.session'))).toBeNull();
  // Protected pages now send to login with the next parameter.
  await page.goto('/notifications');
  await expect(page).toHaveURL(/\/login\?next=%2Fnotifications$/);
});

test('log out everywhere also ends the session open in another browser, which goes to /login by itself', async ({
  page,
  request,
  browser,
}) => {
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await login(elsewhere, request, USERS.supervisor);
  await expect(elsewhere.getByTestId('socket-status')).toBeVisible();
  await login(page, request, USERS.supervisor);
  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('logout-everywhere').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(MSG.loggedOutEverywhere)).toBeVisible();
  // The other browser's socket is disconnected by the server; its check then sends it to the login page.
  await expect(elsewhere).toHaveURL(/\/login/, { timeout: 10_000 });
  await other.close();
});

test('unknown paths go to /404; a route without permission redirects to /requests', async ({ page, request }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByTestId('not-found-page')).toBeVisible();
  await login(page, request, USERS.dispatcher);
  const me = await checkAuth(page);
  expect(me.permissions).not.toContain('SETTINGS');
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/requests$/);
});

test('an expired or revoked token runs the logout flow', async ({ page, request }) => {
  await login(page, request, USERS.admin);
  await page.evaluate(() => {
    const session = JSON.parse(localStorage.getItem('taxi.session')!);
    localStorage.setItem('taxi.session', JSON.stringify({ ...session, accessToken: 'revoked' }));
  });
  await page.goto('/notifications');
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('taxi.session'))).toBeNull();
});

test('the password field uses the shared rule with the demo password', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(MSG.passwordLabel).fill(DEMO_PASSWORD);
  await page.getByLabel(MSG.emailLabel).fill(USERS.admin);
  await expect(page.getByText(MSG.invalidPassword)).toHaveCount(0);
});

test('the season selector sends the new value and shows the server message', async ({ page, request }) => {
  await login(page, request, USERS.admin);
  await page.locator('header [role="combobox"]').click();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/setting/season') && r.request().method() === 'PUT');
  await page.getByRole('option', { name: 'day', exact: true }).click();
  const body = (await (await answer).json()) as { message?: string };
  await expect(page.locator('.notistack-MuiContent-success').last()).toContainText(body.message ?? MSG.seasonUpdated);
  await expect(page.locator('header [role="combobox"]')).toContainText('day');
});

test('the profile menu sets the online flag of the user', async ({ page, request }) => {
  await login(page, request, USERS.callcenter);
  await page.getByTestId('profile-menu-button').click();
  const toggle = page.getByTestId('online-toggle');
  const before = ((await checkAuth(page)) as unknown as { online: boolean }).online;
  await toggle.click();
  await expect.poll(async () => ((await checkAuth(page)) as unknown as { online: boolean }).online).toBe(!before);
  await expect(toggle.getByRole('switch')).toBeChecked({ checked: !before });
});

test('whoever asks the system for less motion gets none, nor late; an idle progress line stands still', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.admin, '/passengers');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  // A list keeps its progress line's place between fetches: hidden then, with no animation running behind it.
  const idleBars = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('.MuiLinearProgress-root')]
        .filter((root) => getComputedStyle(root).visibility === 'hidden')
        .flatMap((root) => [...root.querySelectorAll('.MuiLinearProgress-bar')])
        .map((bar) => getComputedStyle(bar).animationName),
    );
  await expect.poll(idleBars).not.toEqual([]);
  expect(new Set(await idleBars())).toEqual(new Set(['none']));
  // The suite runs with reduced motion (playwright.config.ts): a delayed animation or transition starts at once.
  const delays = () =>
    page.evaluate(() => {
      const probe = document.createElement('div');
      probe.style.animation = 'probe 2s ease 1.5s';
      probe.style.transition = 'opacity 2s ease 1.5s';
      document.body.append(probe);
      const style = getComputedStyle(probe);
      const out = [style.animationDelay, style.transitionDelay];
      probe.remove();
      return out;
    });
  expect(await delays()).toEqual(['0s', '0s']);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await delays()).toEqual(['1.5s', '1.5s']);
});
