import type { Locator, Page } from '@playwright/test';
import { BOOKING_UI, CHAT_MSG, MSG } from '@taxi/shared';
import { axeBothSchemes, screenshots, WANT_SHOTS } from './axe';
import { expect, test } from './fixtures';
import { api, cancelBooking, login, loginUntilCode, USERS } from './helpers';

/**
 * The call centre's day by keyboard (issue 38, item 6): the skip link, the code step's focus, a phone booking made
 * with the keys alone (Enter submits from a field, 'Create order' in sight at 1280×720, the focus back in the
 * passenger search), the messages page's shortcuts, the `?` sheet, and autocompletes that take Enter only from the
 * results of what was typed. Each test counts the keys it presses (typed text aside) and notes them.
 */

/** Presses keys, counting them: what an operator's hands do, typed text aside. */
class Keys {
  count = 0;
  constructor(private readonly page: Page) {}
  async press(key: string, times = 1): Promise<void> {
    for (let i = 0; i < times; i++) {
      await this.page.keyboard.press(key);
      this.count++;
    }
  }
  /** Tab until `target` has the focus (at most `max` times); returns how many it took. */
  async tabTo(target: Locator, max = 12): Promise<number> {
    for (let i = 1; i <= max; i++) {
      await this.press('Tab');
      if (await target.evaluate((el) => el === document.activeElement)) return i;
    }
    throw new Error(`${max} Tabs did not reach ${target}`);
  }
  /** Text typed key by key (as a person types; not counted). */
  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text);
  }
}

function note(type: string, description: string): void {
  console.log(`${type}: ${description}`);
  test.info().annotations.push({ type, description });
}

/** The first place the city's search offers for `search` (what ↓ Enter must pick). */
async function firstPlace(page: Page, search: string): Promise<string> {
  const { json } = await api<{ data: { data: { name: string }[] } }>(
    page,
    'GET',
    `places?search=${encodeURIComponent(search)}&perPage=20`,
  );
  expect(json.data.data.length, `places for ${search}`).toBeGreaterThan(0);
  return json.data.data[0].name;
}

/** No field has the focus (the page's own keys, `?`, are heard). */
async function blur(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** The order the toast names. */
async function createdOrder(page: Page): Promise<number> {
  const toast = page.getByText(/Order #\d+/).first();
  await expect(toast).toBeVisible();
  return Number((await toast.textContent())?.match(/#(\d+)/)?.[1]);
}

test('the skip link is the first Tab and puts the focus on the page; the ? sheet lists the messages and AI keys', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.callcenter, '/requests');
  await expect(page.getByTestId('requests-board')).toBeVisible();
  const keys = new Keys(page);
  const skip = page.getByTestId('skip-link');
  // Hidden until the keyboard reaches it.
  await expect(skip).not.toBeInViewport();
  await keys.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toHaveText('Skip to content');
  await expect(skip).toBeInViewport({ ratio: 1 });
  expect(await axeBothSchemes(page, { include: '[data-testid="skip-link"]' })).toEqual([]);
  await keys.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveURL(/\/requests$/);
  // The next Tab is the page's own first control, not the toolbar's or the drawer's.
  await keys.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') != null)).toBe(true);
  note('keys to the board', String(keys.count));

  // `?` lists every shortcut, the messages page's and the AI tray's among them, with their keys.
  await blur(page);
  await page.keyboard.press('Shift+Slash');
  const sheet = page.getByTestId('shortcuts-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('shortcut-ai.popups')).toContainText('Show or hide the AI popups');
  await expect(sheet.getByTestId('shortcut-ai.popups')).toContainText(/Alt.*Shift.*P/);
  await expect(sheet.getByTestId('shortcut-messages.list')).toContainText('Go to the conversation list');
  await expect(sheet.getByTestId('shortcut-messages.list')).toContainText(/Alt.*Shift.*C/);
  await expect(sheet.getByTestId('shortcut-messages.composer')).toContainText('Go to the message composer');
  await expect(sheet.getByTestId('shortcut-messages.composer')).toContainText(/Alt.*Shift.*M/);
  await expect(sheet.getByText('Messages', { exact: true })).toBeVisible();
  expect(await axeBothSchemes(page, { include: '[data-testid="shortcuts-sheet"]' })).toEqual([]);
  // In French too (the sheet's texts are translated).
  expect((await api(page, 'PUT', 'preferences', { language: 'fr', theme: 'system' })).status).toBe(200);
  try {
    await page.reload();
    await expect(page.getByTestId('drawer-toggle')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(skip).toHaveText('Aller au contenu');
    await blur(page);
    await page.keyboard.press('Shift+Slash');
    await expect(sheet.getByTestId('shortcut-messages.list')).toContainText('Aller à la liste des conversations');
  } finally {
    expect((await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system' })).status).toBe(200);
  }
});

test('after the e-mail and the password, the focus is in the verification code field', async ({ page, request }) => {
  const code = await loginUntilCode(page, request, USERS.callcenter);
  const field = page.getByLabel(MSG.codeLabel);
  await expect(field).toBeFocused();
  expect(await axeBothSchemes(page)).toEqual([]);
  // The code is typed straight away, and Enter signs in.
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('drawer-toggle')).toBeVisible({ timeout: 30_000 });
});

test('a phone booking by keyboard alone at 1280×720: ↓ Enter picks from what was typed, Enter submits from a field, the focus goes back to the passenger search', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await login(page, request, USERS.callcenter, '/phone-bookings');
  const submit = page.getByTestId('phone-booking-submit');
  // 'Create order' is in sight without scrolling.
  await expect(submit).toBeInViewport({ ratio: 1 });
  const { json } = await api<{ data: { data: { full_name: string }[] } }>(page, 'GET', 'passenger?perPage=1');
  const caller = json.data.data[0].full_name;
  const pickup = await firstPlace(page, 'Casino');
  const dropoff = await firstPlace(page, 'Stade');

  const search = page.getByLabel(BOOKING_UI.passengerSearch);
  await expect(search).toBeFocused();
  const keys = new Keys(page);
  // The caller: their name, then ↓ Enter at once (before the search has answered).
  await keys.type(caller);
  await keys.press('ArrowDown');
  await keys.press('Enter');
  // Picked once the search answered (the orders link shows for a chosen passenger).
  await expect(page.getByText(BOOKING_UI.showOrders)).toBeVisible();
  await expect(search).toHaveValue(caller);
  // The pickup: Tab to it (past "Show orders", the partner and the category), "Casino", ↓ Enter.
  const pickupInput = page.getByTestId('pickup-input');
  const toPickup = await keys.tabTo(pickupInput);
  await keys.type('Casino');
  await keys.press('ArrowDown');
  await keys.press('Enter');
  await expect(pickupInput).toHaveValue(pickup);
  // The destination, the same way.
  const dropoffInput = page.getByTestId('dropoff-input');
  const toDropoff = await keys.tabTo(dropoffInput);
  await keys.type('Stade');
  await keys.press('ArrowDown');
  await keys.press('Enter');
  await expect(dropoffInput).toHaveValue(dropoff);
  // Enter in the Service (a closed select) submits the order instead of opening the list.
  const service = page.getByRole('combobox', { name: BOOKING_UI.service });
  const toService = await keys.tabTo(service);
  await keys.press('Enter');
  const id = await createdOrder(page);
  await expect(page.getByRole('listbox')).toHaveCount(0);
  // Ready for the next caller.
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('');
  await expect(submit).toBeInViewport({ ratio: 1 });
  note('phone booking keys', `${keys.count} (Tabs: ${toPickup} to the pickup, ${toDropoff}, ${toService})`);
  const { json: order } = await api<{
    data: { passenger: { full_name: string }; pick_up_location_name: string; pull_down_location_name: string };
  }>(page, 'GET', `bookings/${id}`);
  expect(order.data).toMatchObject({
    passenger: { full_name: caller },
    pick_up_location_name: pickup,
    pull_down_location_name: dropoff,
  });
  await cancelBooking(page, id);
  expect(await axeBothSchemes(page, { include: 'main' })).toEqual([]);
});

test('an autocomplete takes ↓ Enter only from the results of what was typed, never from the default list shown before', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.callcenter, '/phone-bookings');
  const stadium = await firstPlace(page, 'Stade');
  const { json } = await api<{ data: { data: { name: string }[] } }>(page, 'GET', 'places?perPage=20');
  const defaultFirst = json.data.data[0].name;
  expect(defaultFirst).not.toBe(stadium);
  // The results for "Stade" come late (a slow line): ↓ Enter is pressed long before them.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/places\?.*search=Stade/, async (route) => {
    await released;
    await route.continue();
  });
  const dropoff = page.getByTestId('dropoff-input');
  // The default list is there (the field offers it when opened empty).
  await dropoff.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: defaultFirst }).first()).toBeVisible();
  await page.keyboard.type('Stade');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  // Meanwhile nothing is offered (not the default list), and nothing is picked: the form is not submitted either.
  await expect(page.getByRole('option')).toHaveCount(0);
  await page.waitForTimeout(500);
  await expect(dropoff).toHaveValue('Stade');
  await expect(page.getByText(MSG.required)).toHaveCount(0);
  // The typed query's results arrive: the held ↓ Enter picks their first.
  release();
  await expect(dropoff).toHaveValue(stadium);
  await page.unroute(/\/api\/places\?.*search=Stade/);
});

test('Enter in the phone booking: an open list picks its option, a closed select submits, Seats submits a new passenger’s order', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await login(page, request, USERS.callcenter, '/phone-bookings');
  const service = page.getByRole('combobox', { name: BOOKING_UI.service });
  await service.focus();
  // Enter in the closed Service submits: the empty form says what it lacks, no list opens.
  await page.keyboard.press('Enter');
  await expect(page.getByText(MSG.required).first()).toBeVisible();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  // Opened (Space), its Enter picks an option and submits nothing.
  await service.focus();
  await page.keyboard.press('Space');
  // The open list has the focus (on the chosen service) once it has opened.
  await expect(page.getByRole('option', { name: 'Full car' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(service).toHaveText('Full car');
  await expect(page.getByText(/Order #\d+/)).toHaveCount(0);

  // A new passenger, a pickup from the map: Enter in Seats creates the order.
  await page.getByTestId('mode-new').click();
  await page.getByTestId('new-first-name').fill('Kay');
  await page.getByTestId('new-last-name').fill('Board');
  await page.getByTestId('new-phone').fill(`+377 6${String(Date.now() % 10_000_000).padStart(7, '0')}`);
  await expect(async () => {
    await page.getByTestId('phone-booking-map').click({ position: { x: 150, y: 150 } });
    await expect(page.getByTestId('pickup-input')).toHaveValue(/Map point/, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await page.getByLabel(BOOKING_UI.seats).focus();
  await page.keyboard.press('Enter');
  const id = await createdOrder(page);
  // The next caller is searched for first: the passenger search is back, with the focus.
  await expect(page.getByLabel(BOOKING_UI.passengerSearch)).toBeFocused();
  await cancelBooking(page, id);
});

test('the messages page by keyboard: Alt+Shift+C reaches the conversations, Alt+Shift+M the composer', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.callcenter, '/messages');
  const rows = page.getByTestId('conversation-row');
  await expect(rows.first()).toBeVisible();
  // From anywhere (here the search field), one key.
  await page.getByLabel(CHAT_MSG.searchConversations).focus();
  await page.keyboard.press('Alt+Shift+KeyC');
  await expect(rows.first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/conversation=\d+/);
  const composer = page.getByTestId('chat-input');
  await expect(composer).toBeVisible();
  await page.keyboard.press('Alt+Shift+KeyM');
  await expect(composer).toBeFocused();
  // The shortcut typed nothing.
  await expect(composer).toHaveValue('');
  // Back to the list: the open conversation's row.
  await page.keyboard.press('Alt+Shift+KeyC');
  await expect(rows.first()).toBeFocused();
  await expect(rows.first()).toHaveAttribute('aria-current', 'true');
  note('keys to the first conversation', '1 (Alt+Shift+C)');
  note('keys to the composer', '1 (Alt+Shift+M)');
  expect(await axeBothSchemes(page, { include: 'main' })).toEqual([]);

  // Without the shortcuts: the skip link, then the page's own fields, to the first conversation.
  await page.reload();
  await expect(rows.first()).toBeVisible();
  const keys = new Keys(page);
  await keys.press('Tab');
  await expect(page.getByTestId('skip-link')).toBeFocused();
  await keys.press('Enter');
  await keys.tabTo(rows.first());
  note('keys to the first conversation by Tab', String(keys.count));
});

test('screenshots of the phone booking at 1280×720 in English and Arabic, light and dark', async ({
  page,
  request,
}) => {
  test.skip(!WANT_SHOTS, 'pictures only (E2E_SHOTS=1)');
  await page.setViewportSize({ width: 1280, height: 720 });
  await login(page, request, USERS.callcenter, '/phone-bookings');
  await screenshots(page, 'phone-booking-1280', async () => {
    await expect(page.getByTestId('phone-booking-submit')).toBeInViewport({ ratio: 1 });
    await expect(page.locator('[data-map="phone-booking"]')).toHaveAttribute('data-map-ready', '1', {
      timeout: 30_000,
    });
  });
});
