import type { Page } from '@playwright/test';
import { PROJECT_SCHEDULE_MSG as M } from '@taxi/shared';
import { axeBlocking } from './axe';
import { expect, test } from './fixtures';
import { api, checkAuth, login, USERS } from './helpers';

/** The user's theme (kept on the server), the page reloaded in it; 'system' gives the default back. */
async function useTheme(page: Page, theme: 'light' | 'dark' | 'system'): Promise<void> {
  expect((await api(page, 'PUT', 'preferences', { language: 'en', theme })).status).toBe(200);
  if (theme === 'system') return;
  await page.reload();
  const level = () =>
    page.evaluate(() =>
      Math.max(...(getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? []).slice(0, 3).map(Number)),
    );
  await expect.poll(async () => (theme === 'dark' ? (await level()) < 60 : (await level()) > 200)).toBe(true);
}

test('a user starts and ends their project schedule from the calendar page, with the spec toasts', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.supervisor);
  const me = await checkAuth(page);
  // A retry starts from no running period, as the first try did.
  const last = await api<{ data: { id: number; to: string | null } | null }>(page, 'GET', 'last-project-schedule');
  if (last.json.data && !last.json.data.to) await api(page, 'PUT', `user-project-schedules/${last.json.data.id}`, {});
  await page.goto(`/users/${me.id}/project_schedule`);
  await expect(page.locator('header h1')).toHaveText('Project schedule');
  const form = page.getByTestId('project-schedule-form');
  // No current project: the form starts one.
  await expect(form).toHaveAttribute('data-action', 'started');
  await expect(page.getByTestId('project-schedule-calendar')).toBeVisible();

  await page.getByRole('combobox', { name: M.project }).click();
  await page.getByRole('option', { name: 'Airport desk' }).click();
  await page.getByRole('button', { name: M.start }).click();
  await expect(page.getByText('Schedule Started!')).toBeVisible();
  await expect(form).toHaveAttribute('data-action', 'ended');
  await expect(page.getByTestId('current-project')).toContainText('Airport desk');
  // The running period is on this week's calendar.
  await expect(
    page
      .getByTestId('project-schedule-calendar')
      .getByText(/Airport desk/)
      .first(),
  ).toBeVisible();

  expect(await axeBlocking(page)).toEqual([]);

  await page.getByRole('button', { name: M.end }).click();
  await expect(page.getByText('Schedule Ended!')).toBeVisible();
  await expect(form).toHaveAttribute('data-action', 'started');

  // The same form on the user's own profile. A server error says the spec's words and keeps the form.
  await page.goto(`/users/${me.id}`);
  await expect(page.getByTestId('project-schedule-form')).toHaveAttribute('data-action', 'started');
  await page.route('**/api/user-project-schedules', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
  );
  await page.getByRole('combobox', { name: M.project }).click();
  await page.getByRole('option', { name: 'Airport desk' }).click();
  await page.getByRole('button', { name: M.start }).click();
  await expect(page.getByText(M.failed)).toBeVisible();
  await expect(page.getByTestId('project-schedule-form')).toHaveAttribute('data-action', 'started');
  await page.unroute('**/api/user-project-schedules');
});

test('the planner opens /shifts: coverage per sector and hour with its gaps, the shifts list, both clean under axe', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.supervisor, '/shifts');
  await expect(page.locator('header h1')).toHaveText('Shifts');
  await expect(page.getByTestId('planned-page')).toHaveCount(0);
  // The demo seed plans the simulator's captains: today's grid has sectors and the list has rows.
  await expect(page.getByTestId('coverage-grid').locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('shifts-table').locator('tbody tr').first()).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await useTheme(page, theme);
    await expect(page.getByTestId('coverage-grid')).toBeVisible();
    expect((await axeBlocking(page)).map((v) => `${theme} ${v}`)).toEqual([]);
  }
});

test('/vacations: the admin sees the team’s requests and the planner’s warning; clean under axe in light and dark', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.admin, '/vacations');
  await expect(page.locator('header h1')).toHaveText('Vacations');
  await expect(page.getByTestId('vacations-table').locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('vacations-calendar')).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await useTheme(page, theme);
    await expect(page.getByTestId('vacations-calendar')).toBeVisible();
    await expect(page.getByTestId('vacations-table').locator('tbody tr').first()).toBeVisible();
    expect((await axeBlocking(page)).map((v) => `${theme} ${v}`)).toEqual([]);
  }
});

test('interview slots and interviews: seeded rows, clean under axe', async ({ page, request }) => {
  await login(page, request, USERS.supervisor);
  for (const [path, table] of [
    ['/available_interview_times', 'interview-slots'],
    ['/interviews', 'interviews-table'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId('planned-page')).toHaveCount(0);
    await expect(page.getByTestId(table).locator('tbody tr').first()).toBeVisible();
    expect((await axeBlocking(page)).map((v) => `${path} ${v}`)).toEqual([]);
  }
});

/** An instant as the console's date fields take it: DD/MM/YYYY HH:mm on the city's clock. */
function cityText(ms: number): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Monaco',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(ms))
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

test('the planner plans a shift, books an applicant into a slot and records the refusal', async ({ page, request }) => {
  test.setTimeout(120_000);
  await login(page, request, USERS.supervisor);
  const { json: drivers } = await api<{ data: { data: { full_name: string }[] } }>(
    page,
    'GET',
    'captain?perPage=1&active=yes',
  );
  const captain = drivers.data.data[0].full_name;
  // Twenty days ahead: past the demo's planned week, so the captain is free then.
  const start = Date.now() + 20 * 24 * 3600_000;
  await page.goto('/shifts');
  await page.getByRole('button', { name: 'New shift' }).click();
  await page.getByTestId('shift-captain').getByRole('combobox').fill(captain);
  await page.getByRole('option', { name: captain }).first().click();
  // The zone from an area cluster: its sectors are added.
  await page.getByTestId('shift-cluster').getByRole('combobox').click();
  await page.getByRole('option').first().click();
  await expect(page.getByRole('dialog').locator('.MuiChip-root').first()).toBeVisible();
  await page.getByTestId('shift-starts').fill(cityText(start));
  await page.getByTestId('shift-ends').fill(cityText(start + 4 * 3600_000));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Shift saved')).toBeVisible();

  const { json: applicants } = await api<{ data: { data: { full_name: string }[] } }>(
    page,
    'GET',
    'captain?perPage=20&registered=no&active=no',
  );
  const applicant = applicants.data.data.at(-1)?.full_name ?? '';
  await page.goto('/available_interview_times');
  await page.getByRole('button', { name: 'Book an applicant' }).first().click();
  await page.getByTestId('interview-applicant').getByRole('combobox').fill(applicant);
  await page.getByRole('option', { name: applicant }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Book an applicant' }).click();
  await expect(page.getByText('Interview booked')).toBeVisible();

  await page.goto('/interviews');
  const row = page.getByTestId('interviews-table').locator('tbody tr', { hasText: applicant });
  await row.getByRole('button', { name: 'Failed' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Reason' }).fill('No valid driving licence');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Outcome recorded')).toBeVisible();
});
