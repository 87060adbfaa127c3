import type { Locator, Page } from '@playwright/test';
import {
  BOOKING_MSG,
  BOOKING_UI,
  type CandidateRankingDto,
  DISPATCH_UI,
  dateToCityLocal,
  MAP_CENTER,
} from '@taxi/shared';
import { CATALOGUES } from '@taxi/shared/i18n/catalogues';
import { axeBothSchemes } from './axe';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

const ARTIFACTS = 'e2e/artifacts';

/** A booking for in an hour at the map's centre, where the seed's free captains wait (no AI offer yet). */
async function createBooking(page: Page, firstName: string): Promise<number> {
  const res = await api<{ data: { id: number } }>(page, 'POST', 'bookings', {
    new_passenger: { first_name: firstName, last_name: 'Ranked', phone_number: `+377 6${Date.now() % 10_000_000}` },
    service_id: 2,
    pickup: { name: 'E2E ranked pickup', lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
    dropoff: { name: 'E2E ranked dropoff', lon: MAP_CENTER[0] + 0.01, lat: MAP_CENTER[1] + 0.005 },
    now: false,
    datetime: dateToCityLocal(new Date(Date.now() + 60 * 60_000)),
    seats: 1,
    origin: 'dashboard',
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  const id = res.json.data.id;
  // The precondition: at least two free captains near the pickup.
  const ranking = await api<{ data: CandidateRankingDto }>(page, 'GET', `dispatch/booking/${id}/ranking`);
  expect(ranking.status).toBe(200);
  expect(ranking.json.data.candidates.length).toBeGreaterThanOrEqual(2);
  return id;
}

/** Opens the booking's card on the board and its manual dispatch dialog; answers the dialog. */
async function openDispatchDialog(page: Page, id: number): Promise<Locator> {
  await page.goto('/requests');
  await page.getByTestId('board-search').fill(String(id));
  await expect(page.getByTestId(`booking-card-${id}`)).toBeVisible();
  await page.getByTestId(`actions-${id}`).click();
  await page.getByTestId('action-dispatch').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('dispatch-left-out')).toBeVisible();
  return dialog;
}

/** Captain ids of the ranked options, in the order shown. */
async function rankedIds(dialog: Locator): Promise<number[]> {
  const ids = await dialog
    .getByTestId('ranked-candidates')
    .getByRole('option')
    .evaluateAll((options) => options.map((o) => Number(o.getAttribute('data-testid')?.replace('ranked-', ''))));
  expect(ids.length).toBeGreaterThanOrEqual(2);
  return ids;
}

async function captainOf(page: Page, id: number): Promise<number | undefined> {
  const booking = await api<{ data: { ride: { captain_id: number } | null } }>(page, 'GET', `bookings/${id}`);
  return booking.json.data.ride?.captain_id;
}

/** axe on the open dialog (the board behind its backdrop is a11y.spec.ts's), in light then dark: what blocks. */
const axeOfDialog = (page: Page): Promise<string[]> => axeBothSchemes(page, { include: '[role="dialog"]' });

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "Left out: 4 busy, 2 offline · Considered near the pickup: 75" (or "Nobody left out · …"). */
function leftOutLine(): RegExp {
  const reason = `(${Object.values(DISPATCH_UI.exclusions)
    .map((label) => literal(label(999)).replace('999', '\\d+'))
    .join('|')})`;
  const reasons = `${literal(DISPATCH_UI.leftOut('@')).replace('@', `${reason}(, ${reason})*`)}`;
  const considered = literal(DISPATCH_UI.considered(999)).replace('999', '\\d+');
  return new RegExp(`^(${reasons}|${literal(DISPATCH_UI.noneLeftOut)}) · ${considered}$`);
}

test('the ranked candidates show their score parts and who was left out; ArrowDown and Enter dispatch the second', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.admin);
  const id = await createBooking(page, 'Arrowdown');
  const dialog = await openDispatchDialog(page, id);

  const ranked = dialog.getByTestId('ranked-candidates');
  await expect(ranked.getByText(DISPATCH_UI.bestCandidates)).toBeVisible();
  const ids = await rankedIds(dialog);
  const first = ranked.getByTestId(`ranked-${ids[0]}`);
  const second = ranked.getByTestId(`ranked-${ids[1]}`);

  // The first is the suggestion, selected from the start; its score is explained part by part.
  await expect(first.getByTestId('suggestion-chip')).toHaveText(DISPATCH_UI.suggestion);
  await expect(second.getByTestId('suggestion-chip')).toHaveCount(0);
  await expect(first).toHaveAttribute('aria-selected', 'true');
  for (const label of [
    DISPATCH_UI.parts.eta,
    DISPATCH_UI.parts.fairness,
    DISPATCH_UI.parts.serviceFit,
    DISPATCH_UI.parts.positionAge,
  ])
    await expect(first.getByTestId('score-parts').getByText(label, { exact: true })).toBeVisible();
  // A signed number of seconds, kept whole in either direction (Unicode isolates around it).
  await expect(first.getByTestId('part-idle_bonus')).toContainText(/\u2066[-+]?\d+\u2069 s$/);
  await expect(first.getByTestId('score-total')).toContainText(new RegExp(`${DISPATCH_UI.score}\\s*-?\\d+`));
  await expect(first).toHaveAccessibleDescription(/^Score -?\d+: ETA \d+ s, fairness -?\d+ s/);
  await expect(first).toContainText(new RegExp(BOOKING_UI.minutes(60).replace('1', '\\d+'))); // the ETA in minutes

  // Why the others are not ranked, and every other captain still within reach below.
  await expect(dialog.getByTestId('dispatch-left-out')).toHaveText(leftOutLine());
  await expect(dialog.getByTestId('other-candidates').getByText(DISPATCH_UI.otherCaptains)).toBeVisible();
  await expect(dialog.getByTestId('other-candidates').getByRole('option').first()).toBeAttached();
  await expect(dialog.getByTestId('dispatch-hint')).toHaveText(DISPATCH_UI.keyboardHint);
  await page.screenshot({ path: `${ARTIFACTS}/dispatch-dialog-en-light.png` });
  // The list, its groups and options hold for axe, in light and in dark.
  expect(await axeOfDialog(page)).toEqual([]);

  // The list has the focus: ArrowDown selects the second, Enter dispatches it.
  await expect(dialog.getByTestId('candidate-list')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect(first).toHaveAttribute('aria-selected', 'false');
  await expect(dialog.getByTestId('candidate-list')).toHaveAttribute('aria-activedescendant', /.+/);
  await page.keyboard.press('Enter');
  await expect(page.getByText(BOOKING_MSG.dispatched(id))).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await captainOf(page, id)).toBe(ids[1]);
  await expect(page.getByTestId(`booking-card-${id}`).getByTestId('captain-name')).toBeVisible();
});

test('"1" dispatches the first ranked candidate; typed into the filter it is only text', async ({ page, request }) => {
  await login(page, request, USERS.admin);
  const id = await createBooking(page, 'Keyone');
  const dialog = await openDispatchDialog(page, id);
  const ids = await rankedIds(dialog);
  const list = dialog.getByTestId('candidate-list');
  const filter = dialog.getByTestId('captain-filter');
  await expect(list).toBeFocused();

  // Typing on the list goes to the filter, which narrows both lists; a "1" typed there dispatches nobody.
  const name = (await dialog.getByTestId(`ranked-${ids[0]}`).getByTestId('candidate-name').textContent()) ?? '';
  const part = name.slice(0, 4);
  await page.keyboard.type(part);
  await expect(filter).toBeFocused();
  await expect(filter).toHaveValue(part);
  for (const option of await list.getByRole('option').all())
    await expect(option).toContainText(new RegExp(literal(part), 'i'));
  await page.keyboard.press('1');
  await expect(filter).toHaveValue(`${part}1`);
  await expect(dialog.getByText(DISPATCH_UI.noMatch)).toBeVisible();
  await expect(dialog).toBeVisible();
  expect(await captainOf(page, id)).toBeUndefined();

  // Cleared, and the focus back on the list: "1" dispatches the first ranked one at once.
  await filter.fill('');
  await list.focus();
  await expect(dialog.getByTestId(`ranked-${ids[0]}`)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('1');
  await expect(page.getByText(BOOKING_MSG.dispatched(id))).toBeVisible();
  expect(await captainOf(page, id)).toBe(ids[0]);
});

test('the dialog reads right to left in Arabic and dark mode', async ({ page, request }) => {
  await login(page, request, USERS.admin);
  const id = await createBooking(page, 'Rtl');
  // Dark as the system's scheme (theme 'system'): the axe pass below checks the dialog in both.
  await api(page, 'PUT', 'preferences', { language: 'ar', theme: 'system' });
  await page.emulateMedia({ colorScheme: 'dark' });
  try {
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const dialog = await openDispatchDialog(page, id);
    const ar = CATALOGUES.ar;
    await expect(dialog.getByText(ar[DISPATCH_UI.bestCandidates])).toBeVisible();
    await expect(dialog.getByTestId('dispatch-hint')).toHaveText(ar[DISPATCH_UI.keyboardHint]);
    const first = dialog.getByTestId(`ranked-${(await rankedIds(dialog))[0]}`);
    await expect(first.getByText(ar[DISPATCH_UI.parts.fairness], { exact: true })).toBeVisible();
    // Mirrored: the name starts on the right, the score ends on the left.
    const name = await first.getByTestId('candidate-name').boundingBox();
    const score = await first.getByTestId('score-total').boundingBox();
    expect(name && score && score.x + score.width).toBeLessThan((name?.x ?? 0) + 1);
    await page.screenshot({ path: `${ARTIFACTS}/dispatch-dialog-ar-dark.png` });
    expect(await axeOfDialog(page)).toEqual([]);
  } finally {
    await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system' });
  }
});
