import type { Page } from '@playwright/test';
import { BOOKING_MSG, BOOKING_UI, dateToCityLocal, MAP_CENTER, MSG } from '@taxi/shared';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

const ARTIFACTS = 'e2e/artifacts';

async function createBooking(page: Page, firstName: string, minutesAhead = 60): Promise<number> {
  // The city's wall clock, as the phone booking form sends it.
  const local = dateToCityLocal(new Date(Date.now() + minutesAhead * 60_000));
  const res = await api<{ data: { id: number } }>(page, 'POST', 'bookings', {
    new_passenger: { first_name: firstName, last_name: 'E2e', phone_number: `+377 6${Date.now() % 10_000_000}` },
    service_id: 2,
    pickup: { name: 'E2E pickup', lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
    dropoff: { name: 'E2E dropoff', lon: MAP_CENTER[0] + 0.01, lat: MAP_CENTER[1] + 0.005 },
    now: false,
    datetime: local,
    seats: 1,
    origin: 'dashboard',
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.data.id;
}

async function openCard(page: Page, id: number) {
  await page.goto('/requests');
  await page.getByTestId('board-search').fill(String(id));
  const card = page.getByTestId(`booking-card-${id}`);
  await expect(card).toBeVisible();
  return card;
}

test('an operator cancels with a reason, dispatches by hand and changes a time', async ({ page, request }) => {
  await login(page, request, USERS.admin);
  const toCancel = await createBooking(page, 'Cancelme');
  const toDispatch = await createBooking(page, 'Dispatchme');
  const toRetime = await createBooking(page, 'Retimeme');

  // Cancel: no reason first, then a reason.
  await openCard(page, toCancel);
  await page.getByTestId(`actions-${toCancel}`).click();
  await page.screenshot({ path: `${ARTIFACTS}/bookings-card-actions.png` });
  await page.getByTestId('action-cancel').click();
  await page.getByTestId('confirm-cancel').click();
  await expect(page.getByText(BOOKING_MSG.chooseReason)).toBeVisible();
  await page.getByTestId('cancel-reason').click();
  await page.getByRole('option').first().click();
  await page.getByTestId('confirm-cancel').click();
  await expect(page.getByText(BOOKING_MSG.cancelled(toCancel))).toBeVisible();

  // Manual dispatch with the keyboard-navigable captain picker.
  await openCard(page, toDispatch);
  await page.getByTestId(`actions-${toDispatch}`).click();
  await page.getByTestId('action-dispatch').click();
  const candidates = page.getByTestId('candidate-list').getByRole('option');
  await expect(candidates.first()).toBeVisible();
  await expect(candidates.first()).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: `${ARTIFACTS}/bookings-dispatch-dialog.png` });
  // From the filter, the arrows move the list's selection and Enter dispatches the selected captain.
  await page.getByLabel(BOOKING_UI.captainFilter).press('ArrowDown');
  await expect(candidates.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByText(BOOKING_MSG.dispatched(toDispatch))).toBeVisible();
  await expect(page.getByTestId(`booking-card-${toDispatch}`).getByTestId('captain-name')).toBeVisible();

  // Change time: outside the window is refused client-side, then +30 minutes succeeds.
  await openCard(page, toRetime);
  await page.getByTestId(`actions-${toRetime}`).click();
  await page.getByTestId('action-changeTime').click();
  const timeInput = page.getByTestId('time-input');
  const current = await timeInput.inputValue();
  const [h, m] = current.split(':').map(Number);
  const far = `${String((h + 5) % 24).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
  await timeInput.fill(far);
  await page.getByTestId('save-time').click();
  await expect(page.getByRole('dialog').getByText(BOOKING_MSG.maxTwoHours)).toBeVisible();
  const total = h * 60 + m + 30;
  const near = `${String(Math.floor(total / 60) % 24).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  if (total >= 24 * 60) {
    // The date is typed DD/MM/YYYY (never the browser's mm/dd/yyyy).
    const dateInput = page.getByTestId('date-input');
    const [dd, mm, yyyy] = (await dateInput.inputValue()).split('/').map(Number);
    const d = new Date(Date.UTC(yyyy, mm - 1, dd + 1));
    const two = (n: number) => String(n).padStart(2, '0');
    await dateInput.fill(`${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`);
  }
  await timeInput.fill(near);
  await page.getByTestId('save-time').click();
  await expect(page.getByText(/Order time changed to/)).toBeVisible();
  await expect(page.getByTestId(`booking-card-${toRetime}`).getByTestId('order-time')).toContainText(
    near.replace(':', 'h'),
  );
});

test('a phone booking made in another context appears live on the board; advanced search finds it', async ({
  browser,
  page,
  request,
}) => {
  await login(page, request, USERS.admin, '/requests');
  await expect(page.getByTestId('requests-board')).toBeVisible();
  await expect(page.getByTestId('group-all')).toContainText(/\(\d+\)/);
  const before = Number(((await page.getByTestId('group-all').textContent()) ?? '').match(/\((\d+)\)/)?.[1]);
  await page.screenshot({ path: `${ARTIFACTS}/bookings-board-1366.png` });

  const other = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const phonePage = await other.newPage();
  await login(phonePage, request, USERS.callcenter);
  await phonePage.goto('/phone-bookings');
  const unique = `Livepax${Date.now() % 100000}`;
  await phonePage.getByTestId('mode-new').click();
  await phonePage.getByTestId('new-first-name').fill(unique);
  await phonePage.getByTestId('new-last-name').fill('Caller');
  await phonePage.getByTestId('new-phone').fill('+377 600 11 22');
  // Validation shows on the field before anything is sent.
  await phonePage.getByTestId('phone-booking-submit').click();
  await expect(phonePage.getByText(MSG.required).first()).toBeVisible();
  // A click on the map sets the pickup (works without tiles) once the map has loaded: click until it is set.
  await expect(async () => {
    await phonePage.getByTestId('phone-booking-map').click({ position: { x: 300, y: 250 } });
    await expect(phonePage.getByTestId('pickup-input')).toHaveValue(/Map point/, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  // The dropoff comes from the city's places (GET places, searched as the operator types).
  await phonePage.getByTestId('dropoff-input').fill('Casino');
  await phonePage
    .getByRole('option', { name: /Casino de Monte/ })
    .first()
    .click();
  await expect(phonePage.getByTestId('dropoff-input')).toHaveValue(/Casino de Monte/);
  await phonePage.screenshot({ path: `${ARTIFACTS}/bookings-phone-booking.png` });
  await phonePage.getByTestId('phone-booking-submit').click();
  await expect(phonePage.getByText(/has been created/)).toBeVisible();

  // The first context sees it without a reload.
  // The list is virtualised: the live insert shows in the tab count; scroll the card into view by order time.
  await expect(page.getByTestId('group-all')).toContainText(`(${before + 1})`, { timeout: 15_000 });
  // Walk the virtualised list (only cards on screen are drawn) until the new card is drawn.
  const board = page.getByTestId('requests-board');
  await expect(async () => {
    const found = await board.evaluate(async (el, text) => {
      for (let y = 0; y <= el.scrollHeight; y += Math.max(100, el.clientHeight / 2)) {
        el.scrollTo(0, y);
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        if (el.textContent?.includes(text)) return true;
      }
      return false;
    }, unique);
    expect(found).toBe(true);
  }).toPass({ timeout: 15_000 });
  await expect(board.getByText(unique)).toBeVisible();
  const cardId = Number(
    (await page.locator('[data-testid^="booking-card-"]', { hasText: unique }).getAttribute('data-testid'))?.replace(
      'booking-card-',
      '',
    ),
  );
  expect(cardId).toBeGreaterThan(0);
  await other.close();

  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.screenshot({ path: `${ARTIFACTS}/bookings-board-1920.png` });
  await page.setViewportSize({ width: 1366, height: 768 });

  // Advanced search by passenger…
  await page.getByRole('button', { name: MSG.orderSearchTooltip }).click();
  await page.getByTestId('search-value-customer').fill(unique);
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId(`search-result-${cardId}`)).toBeVisible();
  await expect(page.getByText(BOOKING_MSG.endOfResults)).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/bookings-search.png` });
  // …the last row cannot be removed; Escape closes.
  await expect(page.getByRole('button', { name: BOOKING_UI.removeFilter })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('order-search')).toHaveCount(0);

  // …and by order id.
  await page.getByRole('button', { name: MSG.orderSearchTooltip }).click();
  await page.getByTestId('search-key').locator('..').click();
  await page.getByRole('option', { name: BOOKING_UI.filterKeyLabels.order_id }).click();
  await page.getByTestId('search-value-order_id').fill(String(cardId));
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId(`search-result-${cardId}`)).toBeVisible();
  await page.getByTestId('search-value-order_id').fill('999999999');
  await page.getByTestId('search-submit').click();
  await expect(page.getByText(BOOKING_MSG.noOrders)).toBeVisible();
});

test('the board filters by service from the services list', async ({ page, request }) => {
  await login(page, request, USERS.dispatcher, '/requests');
  await expect(page.getByTestId('group-all')).toContainText(/\(\d+\)/);
  await page.getByLabel(BOOKING_UI.service).click();
  const options = page.getByRole('option');
  await expect(options.filter({ hasText: 'VIP' })).toBeVisible();
  await options.filter({ hasText: /^Full car$/ }).click();
  const names = page.getByTestId('service-name');
  await expect(names.first()).toBeVisible();
  await expect(async () => {
    const shown = await names.allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    expect(new Set(shown)).toEqual(new Set(['Full car']));
  }).toPass();
});
