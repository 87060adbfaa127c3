import { axeBothSchemes, screenshots } from './axe';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

test('the debug view shows this server as the API reads it, refreshed, clean under axe', async ({ page, request }) => {
  await login(page, request, USERS.admin, '/debug_view');
  await expect(page.getByTestId('status-summary')).toBeVisible();
  const { json } = await api<{ data: { database: { engine: string }; server: { node: string } } }>(
    page,
    'GET',
    'system/status',
  );
  expect(json.data.database.engine).toBe('pglite');
  await expect(page.getByTestId('status-engine')).toHaveText('Embedded (PGlite)');
  await expect(page.getByTestId('status-node')).toHaveText(json.data.server.node);
  // This page's own console is connected: the count of open sockets includes it.
  await expect.poll(async () => Number(await page.getByTestId('status-sockets').textContent())).toBeGreaterThan(0);
  await expect(page.getByTestId('status-simulator-off')).toBeVisible();
  // The request count grows as the page reads the status again (every 5 s).
  const first = Number((await page.getByTestId('status-requests').textContent())?.replace(/\D/g, ''));
  await expect
    .poll(async () => Number((await page.getByTestId('status-requests').textContent())?.replace(/\D/g, '')), {
      timeout: 15_000,
    })
    .toBeGreaterThan(first);
  expect(await axeBothSchemes(page)).toEqual([]);
});

test('the debug view is the administrators’: a dispatcher is sent to their start page', async ({ page, request }) => {
  await login(page, request, USERS.dispatcher, '/debug_view');
  await expect(page).toHaveURL(/\/requests$/);
  expect((await api(page, 'GET', 'system/status')).status).toBe(403);
});

test('the self-test makes each part work once; the live event reaches this console', async ({ page, request }) => {
  await login(page, request, USERS.admin, '/test');
  await expect(page.getByText('No check has run yet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Run the checks' }).click();
  for (const check of ['database', 'jobs', 'storage', 'routing', 'realtime'])
    await expect(page.getByTestId(`self-test-${check}`)).toHaveAttribute('data-status', 'ok', { timeout: 15_000 });
  await expect(page.getByTestId('self-test-realtime')).toContainText('This console received it');
  await expect(page.getByTestId('self-test-summary')).toHaveText('Every check passed');
  expect(await axeBothSchemes(page)).toEqual([]);
  await screenshots(page, 'self-test', async () => {
    await page.getByTestId('self-test-run').click();
    await expect(page.getByTestId('self-test-summary')).toBeVisible({ timeout: 15_000 });
  });
});
