import type { Locator, Page } from '@playwright/test';
import {
  BOOKING_MSG,
  BOOKING_UI,
  EXCEPTIONS_UI,
  type ExceptionListDto,
  exceptionLabel,
  MAP_CENTER,
  UNASSIGNED_LABELS,
} from '@taxi/shared';
import { interpolate } from '@taxi/shared/i18n';
import { CATALOGUES } from '@taxi/shared/i18n/catalogues';
import { SHOTS, WANT_SHOTS } from './axe';
import { expect, test } from './fixtures';
import { api, cancelBooking, login, USERS } from './helpers';

/** A "now" booking at the map's centre (where the seed's free captains wait), made late at once. */
async function lateBooking(page: Page, firstName: string): Promise<number> {
  const created = await api<{ data: { id: number } }>(page, 'POST', 'bookings', {
    new_passenger: { first_name: firstName, last_name: 'Exception', phone_number: `+377 6${Date.now() % 10_000_000}` },
    service_id: 2,
    pickup: { name: `Late pickup ${firstName}`, lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
    dropoff: { name: 'Port Hercule', lon: MAP_CENTER[0] + 0.008, lat: MAP_CENTER[1] + 0.004 },
    now: true,
    seats: 1,
    origin: 'phone',
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const id = created.json.data.id;
  await raiseLate(page, id);
  return id;
}

/** As if its late-booking timer ran out now (development-only call): the late event, the notice, the row. */
async function raiseLate(page: Page, id: number): Promise<void> {
  expect((await api(page, 'POST', `bookings/dev/late/${id}`, {})).status).toBe(200);
}

const serverList = async (page: Page) => (await api<{ data: ExceptionListDto }>(page, 'GET', 'exceptions')).json.data;

/** The toolbar's count, as its badge shows it. */
const toolbarCount = async (page: Page) =>
  Number(await page.getByTestId('toolbar-exceptions').getAttribute('data-count'));

/**
 * The AI's offers come and go every half minute in these runs (nobody answers them): only an offer at the very end
 * of its countdown counts, so that the count moves with the late bookings alone.
 */
async function withSteadyOffers(page: Page, body: () => Promise<void>): Promise<void> {
  expect((await api(page, 'PUT', 'settings/dispatching', { UNANSWERED_OFFER_PERCENT: 100 })).status).toBe(200);
  try {
    await body();
  } finally {
    expect((await api(page, 'PUT', 'settings/dispatching', { UNANSWERED_OFFER_PERCENT: 50 })).status).toBe(200);
  }
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, 'a box on screen').not.toBeNull();
  return found as Box;
}

test('a late booking joins the exceptions board with its live age and the toolbar count; dispatched from its row, it leaves', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.admin, '/exceptions');
  await withSteadyOffers(page, async () => {
    const board = page.getByTestId('exceptions-table').or(page.getByTestId('exceptions-empty'));
    await expect(board).toBeVisible();
    // The count in the toolbar is the board's.
    // Both read again on each try: what the server counts moves too (offers age while the board settles).
    await expect
      .poll(async () => (await toolbarCount(page)) - (await serverList(page)).total, { timeout: 20_000 })
      .toBe(0);
    const before = await toolbarCount(page);

    const id = await lateBooking(page, 'Lola');
    const row = page.getByTestId(`exception-late_booking:${id}`);
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').first()).toHaveText(exceptionLabel('late_booking'));
    await expect(row.getByTestId('exception-booking')).toHaveText(BOOKING_UI.orderId(id));
    await expect(row).toContainText('Lola E.');
    await expect(row).toContainText('Late pickup Lola');
    // Its age since it turned late (the timer ran out a second ago), live: it counts on without a reload.
    const age = row.getByTestId('exception-age');
    await expect(age).toHaveText(/^\d+ s$/);
    const first = await age.textContent();
    await expect(age).not.toHaveText(first ?? '');
    // The toolbar's count went up with it, live; the button's name holds the number it shows.
    await expect.poll(() => toolbarCount(page)).toBeGreaterThan(before);
    const count = await toolbarCount(page);
    await expect(page.getByTestId('toolbar-exceptions')).toHaveAccessibleName(EXCEPTIONS_UI.toolbar(count));
    await expect(page.getByTestId('toolbar-exceptions-count')).toHaveText(String(count));
    // Oldest first: the rows' order is the server's.
    const { items } = await serverList(page);
    const starts = items.map((i) => Date.parse(i.since));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    await page.screenshot({ path: `${SHOTS}/exceptions-board-row.png` });

    // Dispatched from its row, with the card's manual-dispatch dialog: the first ranked captain (Enter).
    await row.getByTestId('exception-action-dispatch').click();
    const dialog = page.getByRole('dialog', { name: BOOKING_UI.dispatchTitle(id) });
    await expect(dialog.getByTestId('candidate-list')).toBeFocused();
    await expect(dialog.getByTestId('ranked-candidates').getByRole('option').first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByText(BOOKING_MSG.dispatched(id))).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.locator(`[data-booking="${id}"]`)).toHaveCount(0);
    // The server agrees, and the captain is not late from the dispatch on (the whole threshold is theirs).
    await expect.poll(async () => (await serverList(page)).items.some((i) => i.booking_id === id)).toBe(false);
    // Both read again on each try: what the server counts moves too (offers age while the board settles).
    await expect
      .poll(async () => (await toolbarCount(page)) - (await serverList(page)).total, { timeout: 20_000 })
      .toBe(0);
    await cancelBooking(page, id);
  });
});

test('an unassigned booking is on the board with the cascade reason; the kind filter keeps its kind only', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.dispatcher, '/exceptions');
  const created = await api<{ data: { id: number } }>(page, 'POST', 'bookings', {
    new_passenger: { first_name: 'Una', last_name: 'Board', phone_number: `+377 6${Date.now() % 10_000_000}` },
    service_id: 2,
    pickup: { name: 'Unassigned board pickup', lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
    dropoff: { name: 'Port Hercule', lon: MAP_CENTER[0] + 0.008, lat: MAP_CENTER[1] + 0.004 },
    now: true,
    seats: 1,
    origin: 'phone',
  });
  const id = created.json.data.id;
  // Plays the captain apps refusing each offer (development-only call) until the cascade runs out.
  await expect
    .poll(
      async () =>
        (await api<{ data: { unassigned: boolean } }>(page, 'POST', `ai/dev/refuse/${id}`, {})).json.data.unassigned,
      { intervals: [100], timeout: 30_000 },
    )
    .toBe(true);
  const row = page.getByTestId(`exception-unassigned:${id}`);
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').first()).toHaveText(UNASSIGNED_LABELS.title);
  await page.getByTestId('exception-kind-unassigned').click();
  await expect(page.getByTestId('exception-kind-unassigned')).toHaveAttribute('aria-pressed', 'true');
  const kinds = await page
    .getByTestId('exceptions-table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind')));
  expect(new Set(kinds)).toEqual(new Set(['unassigned']));
  // Cancelled from its row (the card's dialog and reason): it leaves.
  await row.getByTestId('exception-action-cancel').click();
  const dialog = page.getByRole('dialog', { name: BOOKING_UI.cancelTitle(id) });
  await dialog.getByTestId('cancel-reason').click();
  await page.getByTestId('reason-menu').getByRole('option').first().click();
  await dialog.getByTestId('confirm-cancel').click();
  await expect(page.getByText(BOOKING_MSG.cancelled(id))).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('the board says while it loads, when it fails (with a retry), and when nothing needs a dispatcher', async ({
  page,
  request,
}) => {
  let mode: 'slow' | 'fail' | 'empty' = 'slow';
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/exceptions', async (route) => {
    if (mode === 'slow') await held;
    if (mode === 'empty')
      return route.fulfill({
        json: { data: { items: [], total: 0, now: new Date().toISOString(), next_check_at: null } },
      });
    return route.fulfill({ status: 500, json: { message: 'The list is down' } });
  });
  await login(page, request, USERS.dispatcher, '/exceptions');
  await expect(page.getByTestId('exceptions-loading')).toContainText(EXCEPTIONS_UI.loading);
  await expect(page.getByTestId('exceptions-loading').getByRole('progressbar')).toHaveAccessibleName(
    EXCEPTIONS_UI.loading,
  );
  mode = 'fail';
  release();
  // Its own retries fail too: the error, and a way to ask again.
  const error = page.getByTestId('exceptions-error');
  await expect(error).toContainText(EXCEPTIONS_UI.loadFailed);
  await expect(error).toContainText('The list is down');
  mode = 'empty';
  await error.getByRole('button', { name: EXCEPTIONS_UI.retry }).click();
  await expect(page.getByTestId('exceptions-empty')).toHaveText(EXCEPTIONS_UI.empty);
  await expect(error).toHaveCount(0);
  // Nothing waits: the toolbar shows no count.
  await expect(page.getByTestId('toolbar-exceptions')).toHaveAttribute('data-count', '0');
  await expect(page.getByTestId('toolbar-exceptions-count')).toHaveCount(0);
});

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const;

test('five late notices show three and "+2 more", in the content area\'s corner: never over the drawer, the phone booking form or a dialog\'s actions', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await login(page, request, USERS.admin, '/phone-bookings');
  const ids: number[] = [];
  for (const name of ['Ana', 'Bea', 'Cid', 'Dan', 'Eve']) ids.push(await lateBooking(page, name));
  // The notices leave by themselves after ten seconds: each check raises them again first.
  const raiseAll = async () => {
    // Raised once the page's socket is up (an event before it would be missed, as a closed console misses it).
    await expect(page.getByTestId('socket-status')).toHaveAttribute('data-status', 'connected');
    for (const id of ids) await raiseLate(page, id);
    await expect(page.getByTestId('late-notices').locator(`[data-booking="${ids[4]}"]`)).toBeVisible();
  };
  const stack = page.getByTestId('late-notices');
  const notices = stack.getByTestId('late-notice');
  const drawer = page.locator('.MuiDrawer-paper');

  try {
    for (const language of ['en', 'ar'] as const) {
      expect(
        (await api(page, 'PUT', 'preferences', { language, theme: language === 'ar' ? 'dark' : 'light' })).status,
      ).toBe(200);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.goto('/phone-bookings');
        await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
        const form = page.getByTestId('phone-booking-form');
        await expect(form).toBeVisible();
        await raiseAll();
        const where = `${language} ${size.width}×${size.height}`;

        // Three shown, the newest nearest the corner, the others counted; each links to the board.
        await expect(notices, where).toHaveCount(3);
        await expect(notices.last()).toHaveAttribute('data-booking', String(ids[4]));
        const more = stack.getByTestId('late-notices-more');
        await expect(more).toBeVisible();
        const hidden = Number((await more.textContent())?.match(/\d+/)?.[0]);
        expect(hidden, where).toBeGreaterThanOrEqual(2);
        await expect(more).toHaveAttribute('href', '/exceptions');
        for (const notice of await notices.all())
          await expect(notice.getByTestId('late-notice-link')).toHaveAttribute(
            'href',
            `/exceptions?booking=${await notice.getAttribute('data-booking')}`,
          );
        const text = language === 'ar' ? CATALOGUES.ar['Order #{{id}} is still waiting for dispatching'] : null;
        if (text) await expect(notices.last()).toContainText(interpolate(text, { id: ids[4] }));

        // In the content area (beside the drawer, not over it), clear of the phone booking form and its fare line.
        const stackBox = await box(stack);
        const drawerBox = await box(drawer);
        const mainBox = await box(page.locator('main'));
        expect(overlaps(stackBox, drawerBox), `${where}: over the drawer`).toBe(false);
        expect(stackBox.x, where).toBeGreaterThanOrEqual(mainBox.x);
        expect(stackBox.x + stackBox.width, where).toBeLessThanOrEqual(mainBox.x + mainBox.width);
        expect(stackBox.y + stackBox.height, where).toBeLessThanOrEqual(size.height);
        for (const part of [form, page.getByTestId('fare-estimate')]) {
          if (!(await part.isVisible())) continue;
          expect(overlaps(stackBox, await box(part)), `${where}: over the phone booking form`).toBe(false);
        }
        await page.screenshot({ path: `${SHOTS}/late-notices-${language}-${size.width}.png` });

        // A dialog's actions are above the stack: what is under their centre is theirs (the board's dispatch dialog,
        // tall enough to reach the corner).
        await page.goto('/requests');
        await raiseAll();
        await page.getByTestId('board-search').fill(String(ids[0]));
        await page.getByTestId(`actions-${ids[0]}`).click();
        await page.getByTestId('action-dispatch').click();
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByTestId('dispatch-left-out')).toBeVisible();
        await expect(notices).toHaveCount(3);
        for (const target of await dialog.locator('.MuiDialogActions-root button').all()) {
          const b = await box(target);
          const inDialog = await page.evaluate(
            ({ x, y }) => !!document.elementFromPoint(x, y)?.closest('[role="dialog"]'),
            { x: b.x + b.width / 2, y: b.y + b.height / 2 },
          );
          expect(inDialog, `${where}: a notice over the dialog's actions`).toBe(true);
        }
        if (size.width === 1440)
          await page.screenshot({ path: `${SHOTS}/late-notices-dialog-${language}-${size.width}.png` });
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    }

    // A notice's link opens the board on its booking (where no notice lies over the rows); "+N more" opens the board.
    expect((await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system' })).status).toBe(200);
    await page.goto('/phone-bookings');
    await raiseAll();
    await notices.last().getByTestId('late-notice-link').click();
    await expect(page).toHaveURL(new RegExp(`/exceptions\\?booking=${ids[4]}$`));
    await expect(page.getByTestId(`exception-late_booking:${ids[4]}`)).toHaveClass(/Mui-selected/);
    await expect(notices).toHaveCount(0);
    await raiseLate(page, ids[0]);
    await expect(page.getByTestId(`exception-late_booking:${ids[0]}`)).toBeVisible();
    await expect(notices).toHaveCount(0);
    await page.goto('/phone-bookings');
    await raiseAll();
    // Dismissed, a notice leaves and an older one takes its place.
    await notices.last().getByTestId('late-notice-dismiss').click();
    await expect(stack.locator(`[data-booking="${ids[4]}"]`)).toHaveCount(0);
    await expect(notices).toHaveCount(3);
    await stack.getByTestId('late-notices-more').click();
    await expect(page).toHaveURL(/\/exceptions$/);
  } finally {
    expect((await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system' })).status).toBe(200);
    for (const id of ids) await cancelBooking(page, id);
  }
});

test('screenshots of the board and the notices: 1440×900 and 1280×720, English light and Arabic dark', async ({
  page,
  request,
}) => {
  test.skip(!WANT_SHOTS, 'pictures only: E2E_SHOTS=1 takes them');
  test.setTimeout(180_000);
  await login(page, request, USERS.admin, '/exceptions');
  const ids: number[] = [];
  for (const name of ['Rita', 'Sami', 'Tom', 'Ugo']) ids.push(await lateBooking(page, name));
  try {
    for (const [language, theme] of [
      ['en', 'light'],
      ['ar', 'dark'],
    ] as const) {
      expect((await api(page, 'PUT', 'preferences', { language, theme })).status).toBe(200);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.goto('/exceptions');
        await expect(page.getByTestId(`exception-late_booking:${ids[0]}`)).toBeVisible();
        await page.mouse.move(0, 0);
        await page.screenshot({ path: `e2e/artifacts/exceptions-${language}-${theme}-${size.width}.png` });
        await page.goto('/phone-bookings');
        await expect(page.getByTestId('socket-status')).toHaveAttribute('data-status', 'connected');
        for (const id of ids) await raiseLate(page, id);
        await expect(page.getByTestId('late-notice')).toHaveCount(3);
        await page.screenshot({ path: `e2e/artifacts/late-notices-${language}-${theme}-${size.width}.png` });
      }
    }
  } finally {
    expect((await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system' })).status).toBe(200);
    for (const id of ids) await cancelBooking(page, id);
  }
});
