import type { Page } from '@playwright/test';
import { BOOKING_UI, FINISHED_STATUSES, STATUS_GROUPS } from '@taxi/shared';
import { axeBlocking, axeBothSchemes } from './axe';
import { expect, test } from './fixtures';
import { api, cancelBooking, createOrder, dispatchBooking, login, USERS } from './helpers';

const ARTIFACTS = 'e2e/artifacts';

/** The ids of the cards drawn, by their place in the list (the list is virtualised: only these are drawn). */
async function drawn(page: Page): Promise<Map<number, number>> {
  const pairs = await page
    .getByTestId('requests-board')
    .locator('[data-index]')
    .evaluateAll((nodes) =>
      nodes.map((n) => [
        Number(n.getAttribute('data-index')),
        Number(n.querySelector('[data-testid^="booking-card-"]')?.getAttribute('data-testid')?.slice(13)),
      ]),
    );
  return new Map(pairs.map(([index, id]) => [index, id]));
}

/** The ids drawn, in list order. */
async function drawnIds(page: Page): Promise<number[]> {
  return [...(await drawn(page)).entries()].sort((a, b) => a[0] - b[0]).map(([, id]) => id);
}

/** The tab's ids in the server's order (the board's order). */
async function serverOrder(page: Page, group = 'all'): Promise<number[]> {
  const res = await api<{ data: { data: { id: number }[] } }>(page, 'GET', `booking?group=${group}&perPage=100`);
  return res.json.data.data.map((b) => b.id);
}

/** Every drawn card sits at its place in the live order. */
async function expectLiveOrder(page: Page) {
  const live = await serverOrder(page);
  await expect(async () => {
    for (const [index, id] of await drawn(page)) expect(id, `place ${index}`).toBe(live[index]);
  }).toPass({ timeout: 5_000 });
}

const count = async (page: Page) =>
  Number(((await page.getByTestId('group-all').textContent()) ?? '').match(/\((\d+)\)/)?.[1]);

test('the board holds its order under the pointer and the focus; the bar, or leaving, applies the new orders', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, request, USERS.dispatcher, '/requests');
  const board = page.getByTestId('requests-board');
  const hold = page.getByTestId('board-hold');
  const bar = page.getByTestId('board-pending');
  // What waits behind the bar: this test's changes, and whatever else moved meanwhile (a driver search that
  // began elsewhere heads the board too), so each step adds at least one.
  const waiting = async () => {
    const text = (await bar.count()) > 0 ? await bar.textContent() : '';
    return Number(/^(\d+) new orders?$/.exec(text ?? '')?.[1] ?? 0);
  };
  const oneMore = async <T>(action: () => Promise<T>): Promise<T> => {
    const before = await waiting();
    const result = await action();
    await expect.poll(waiting).toBeGreaterThan(before);
    return result;
  };
  await expect(page.getByTestId('group-all')).toContainText(/\(\d+\)/);
  await expect(board.locator('[data-testid^="booking-card-"]').first()).toBeVisible();
  const total = await count(page);

  // The pointer over the list: the board holds.
  await board.hover({ position: { x: 500, y: 150 } });
  const before = await drawnIds(page);
  expect(before.length).toBeGreaterThan(3);

  // A new order that belongs among the pending ones (not at the end): the tab counts it, the list on screen
  // stays as it was, the bar counts what waits.
  const first = await oneMore(() => createOrder(page, 'Holdone', 10));
  await expect(page.getByTestId('group-all')).toContainText(`(${total + 1})`);
  await page.waitForTimeout(300);
  expect(await drawnIds(page)).toEqual(before);
  await expect(page.getByTestId(`booking-card-${first}`)).toHaveCount(0);
  await expect(bar).toHaveText(/^\d+ new orders?$/);
  await expect(hold).toHaveAttribute('data-held', 'true');

  // Another operator dispatches the first card: its contents change in place, its move waits.
  const top = before[0];
  await oneMore(() => dispatchBooking(page, top));
  const topCard = page.getByTestId(`booking-card-${top}`);
  await expect(topCard.getByTestId('status-label')).toHaveText('Order dispatched');
  expect(await drawnIds(page)).toEqual(before);
  await page.screenshot({ path: `${ARTIFACTS}/board-held.png` });

  // The focus on a card's menu button holds it too, with the pointer gone from the list.
  await page.getByTestId(`actions-${before[1]}`).focus();
  await page.mouse.move(700, 20);
  await page.waitForTimeout(800);
  await expect(hold).toHaveAttribute('data-held', 'true');
  const second = await oneMore(() => createOrder(page, 'Holdtwo', 12));
  expect(await drawnIds(page)).toEqual(before);
  expect(await axeBothSchemes(page, { include: 'main' })).toEqual([]);
  expect(await drawnIds(page)).toEqual(before);

  // The bar applies them: the live order, the new orders drawn.
  await bar.click();
  await expect(bar).toBeHidden();
  await expect(page.getByTestId(`booking-card-${first}`)).toBeVisible();
  await expectLiveOrder(page);

  // Still in the board (the pointer on the footer): the next one waits; leaving the board applies it by itself.
  const third = await oneMore(() => createOrder(page, 'Holdthree', 14));
  await page.getByTestId('board-search').click();
  await expect(hold).not.toHaveAttribute('data-held', 'true');
  await expect(bar).toBeHidden();
  await expectLiveOrder(page);
  await expect(page.getByTestId(`booking-card-${third}`)).toBeAttached();

  // A card cancelled elsewhere under the pointer stays, dimmed and without actions, until the board is let go.
  await page.getByTestId(`booking-card-${second}`).hover();
  await expect(hold).toHaveAttribute('data-held', 'true');
  await cancelBooking(page, second);
  const gone = page.getByTestId(`booking-card-${second}`);
  await expect(gone).toHaveAttribute('data-gone', 'true');
  await expect(gone.getByTestId('gone-label')).toHaveText('No longer in this list');
  await expect(page.getByTestId(`actions-${second}`)).toBeDisabled();
  await expect(bar).toBeHidden();
  await page.screenshot({ path: `${ARTIFACTS}/board-gone.png` });
  expect(await axeBothSchemes(page, { include: 'main' })).toEqual([]);
  await expect(gone).toHaveAttribute('data-gone', 'true');
  await page.mouse.move(700, 20);
  await page.getByTestId('board-search').focus();
  await expect(gone).toHaveCount(0);
  await expectLiveOrder(page);
});

test('a tab shows its own loading state, never the previous tab’s cards, and loads one page at a time', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, request, USERS.dispatcher, '/requests');
  await expect(page.getByTestId('group-all')).toContainText(/\(\d+\)/);
  await expect(page.locator('[data-testid^="booking-card-"]').first()).toBeVisible();

  // Every frame from here on: which tab is selected, and the statuses of the cards drawn under it.
  await page.evaluate(() => {
    const frames: { tab: string; statuses: string[] }[] = [];
    const w = window as unknown as { __frames: typeof frames; __stop: boolean };
    w.__frames = frames;
    w.__stop = false;
    const tick = () => {
      const tab = document.querySelector('[role="tab"][aria-selected="true"]')?.getAttribute('data-testid') ?? '';
      const statuses = [...document.querySelectorAll('[data-testid^="booking-card-"]')].map(
        (card) => card.getAttribute('data-status') ?? '',
      );
      frames.push({ tab, statuses });
      if (!w.__stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  /** Frames that showed a card of another tab under the selected one. */
  const wrongFrames = async () => {
    const frames = await page.evaluate(() => {
      (window as unknown as { __stop: boolean }).__stop = true;
      return (window as unknown as { __frames: { tab: string; statuses: string[] }[] }).__frames;
    });
    expect(frames.some((f) => f.tab === 'group-finished')).toBe(true);
    expect(frames.some((f) => f.tab === 'group-all')).toBe(true);
    return frames.filter((f) => {
      const group = f.tab.replace('group-', '') as keyof typeof STATUS_GROUPS;
      const allowed = STATUS_GROUPS[group] as readonly string[];
      return f.statuses.some((s) => !allowed.includes(s));
    });
  };
  // The finished list answers slowly, as on a busy day.
  await page.route(/\/api\/booking\?.*group=finished/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue();
  });
  // The Finished tab's calls (the console also refetches what is on screen when its socket first connects).
  const calls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/booking\?.*group=finished/.test(r.url())) calls.push(r.url());
  });

  await page.getByTestId('group-finished').click();
  const loading = page.getByRole('progressbar', { name: 'Loading orders' });
  await expect(loading).toBeVisible();
  await expect(page.locator('[data-testid^="booking-card-"]')).toHaveCount(0);
  await expect(page.getByTestId('group-finished')).toHaveText(BOOKING_UI.groupLabels.finished);
  await page.screenshot({ path: `${ARTIFACTS}/board-tab-loading.png` });
  expect(await axeBlocking(page, { include: 'main' })).toEqual([]);

  await expect(page.getByTestId('group-finished')).toContainText(/\(\d+\+?\)/);
  await expect(loading).toBeHidden();
  const cards = page.locator('[data-testid^="booking-card-"]');
  await expect(cards.first()).toBeVisible();
  const statuses = await cards.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-status')));
  expect(statuses.every((s) => (FINISHED_STATUSES as readonly (string | null)[]).includes(s))).toBe(true);
  // One page, not all of them.
  expect(calls).toHaveLength(1);
  expect(calls[0]).toContain('perPage=100');
  expect(calls[0]).not.toContain('after=');

  // The next page comes on demand: scrolling to the end of the list asks for it (once), with the cursor.
  await expect(page.getByTestId('board-count')).toHaveText(/^100 of \d+\+? orders$/);
  // (Scrolled again until it lands: the list may still be laying out its first page when the first scroll comes.)
  await expect(async () => {
    await page.getByTestId('requests-board').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(page.getByTestId('board-count')).toHaveText(/^200 of \d+\+? orders$/, { timeout: 5000 });
  }).toPass({ timeout: 30_000 });
  expect(calls).toHaveLength(2);
  expect(calls[1]).toContain('after=');
  // …and "Load more" asks for the one after.
  await page.getByTestId('board-load-more').click();
  await expect(page.getByTestId('board-count')).toHaveText(/^300 of \d+\+? orders$/);
  expect(calls).toHaveLength(3);

  // Back to a tab already loaded: its own cards at once (from the cache), the active ones.
  await page.getByTestId('group-all').click();
  await expect(page.getByTestId('board-loading')).toHaveCount(0);
  const active = await page
    .locator('[data-testid^="booking-card-"]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-status')));
  expect(active.length).toBeGreaterThan(0);
  expect(active.some((s) => (FINISHED_STATUSES as readonly (string | null)[]).includes(s))).toBe(false);
  await page.waitForTimeout(500);
  // No frame, either way, showed another tab's card under the selected tab.
  expect(await wrongFrames()).toEqual([]);
});

/** Cards whose whole box is inside the list's visible area (itself inside the window). */
async function cardsFullyShown(page: Page): Promise<number> {
  return page.getByTestId('requests-board').evaluate((list) => {
    const box = list.getBoundingClientRect();
    const bottom = Math.min(box.bottom, window.innerHeight);
    return [...list.querySelectorAll('[data-testid^="booking-card-"]')].filter((card) => {
      const r = card.getBoundingClientRect();
      return r.top >= box.top && r.bottom <= bottom && r.height > 0;
    }).length;
  });
}

test('compact cards: at least eight orders at 1440×900, the card’s parts kept, remembered for the user', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, request, USERS.dispatcher, '/requests');
  const board = page.getByTestId('requests-board');
  await expect(page.getByTestId('group-all')).toContainText(/\(\d+\)/);
  await expect(board.locator('[data-testid^="booking-card-"]').first()).toBeVisible();
  const comfortable = await cardsFullyShown(page);
  expect(comfortable).toBeLessThan(8);

  const toggle = page.getByTestId('density-compact');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(board).toHaveAttribute('data-density', 'compact');
  await expect(board.locator('[data-density="compact"][data-testid^="booking-card-"]').first()).toBeVisible();
  expect(await cardsFullyShown(page)).toBeGreaterThanOrEqual(8);
  await page.screenshot({ path: `${ARTIFACTS}/board-compact-1440.png` });
  expect(await axeBothSchemes(page, { include: 'main' })).toEqual([]);

  // Each card keeps its status, #id, time, passenger, pickup → dropoff, captain and the actions menu.
  const card = board.locator('[data-testid^="booking-card-"]').first();
  const id = Number((await card.getAttribute('data-testid'))?.slice(13));
  await expect(card.getByTestId('status-label')).toBeVisible();
  await expect(card.getByRole('link', { name: `#${id}` })).toBeVisible();
  await expect(card.getByTestId('order-time')).toBeVisible();
  await expect(card.getByTestId('passenger-name')).toBeVisible();
  await expect(card.getByTitle(/→/)).toBeVisible();
  // The captain, or while pending the captain the order is offered to.
  const captainOrOffer = new RegExp(`^(${BOOKING_UI.captain}|${BOOKING_UI.suggestedCaptain})$`);
  await expect(card.getByRole('img', { name: captainOrOffer })).toBeVisible();
  await expect(card.getByTestId(`actions-${id}`)).toBeVisible();
  // A dispatched card keeps its captain's name (the first page of every order may be all driver searches).
  await page.getByTestId('group-dispatched').click();
  const captained = board.locator('[data-testid^="booking-card-"]').filter({ has: page.getByTestId('captain-name') });
  await expect(captained.first().getByTestId('captain-name')).toBeVisible();
  await page.getByTestId('group-all').click();
  await expect(board.locator('[data-testid^="booking-card-"]').first()).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 720 });
  await page.waitForTimeout(300);
  expect(await cardsFullyShown(page)).toBeGreaterThanOrEqual(6);
  await page.screenshot({ path: `${ARTIFACTS}/board-compact-1280.png` });

  // Kept on the account (another workstation gets it at sign-in) and in this browser.
  await expect
    .poll(async () => {
      const me = await api<{ data: { preferences: { board_density?: string } } }>(page, 'GET', 'check_auth');
      return me.json.data.preferences.board_density;
    })
    .toBe('compact');
  await page.reload();
  await expect(page.getByTestId('requests-board')).toHaveAttribute('data-density', 'compact');
  await page.getByTestId('density-compact').click();
  await expect(page.getByTestId('requests-board')).toHaveAttribute('data-density', 'comfortable');
});
