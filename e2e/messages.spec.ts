import type { Page } from '@playwright/test';
import { BOOKING_UI, CHAT_MSG, MAP_CENTER } from '@taxi/shared';
import { screenshots, WANT_SHOTS } from './axe';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

const ARTIFACTS = 'e2e/artifacts';

interface Row {
  id: number;
  unread: number;
}

/** The captain app writes (the development stand-in for it). */
async function captainWrites(page: Page, captainId: number, body: string) {
  const res = await api<{ data: { conversation_id: number } }>(page, 'POST', 'chat/dev/app_message', {
    from: 'captain',
    id: captainId,
    body,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.conversation_id;
}

/** Reads every conversation the poll looks at, so the dot is off. */
async function readEverything(page: Page) {
  for (let pageNo = 1; pageNo <= 4; pageNo++) {
    const res = await api<{ data: { data: Row[]; last_page: number } }>(
      page,
      'GET',
      `conversations?page=${pageNo}&perPage=25`,
    );
    for (const row of res.json.data.data.filter((r) => r.unread > 0))
      await api(page, 'PUT', `conversations/${row.id}/read`, {});
    if (pageNo >= res.json.data.last_page) break;
  }
}

test('a captain message arrives live: the red dot lights, the thread shows it without a reload, a reply is sent', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.dispatcher);
  const captains = await api<{ data: { data: { id: number }[] } }>(page, 'GET', 'captain?perPage=5');
  const captainId = captains.json.data.data[0].id;
  const conversationId = await captainWrites(page, captainId, 'Hello from the rank');
  await readEverything(page);
  await page.goto('/requests');
  const dot = page.getByTestId('toolbar-messages').locator('.MuiBadge-dot');
  await expect(dot).toHaveClass(/MuiBadge-invisible/, { timeout: 15_000 });

  await captainWrites(page, captainId, 'Where is the passenger?');
  // The chat connection (or, at the latest, the 7-second poll) lights the dot.
  await expect(dot).not.toHaveClass(/MuiBadge-invisible/, { timeout: 15_000 });

  await page.getByTestId('toolbar-messages').click();
  await expect(page).toHaveURL(/\/messages/);
  await page.getByTestId('conversation-row').first().click();
  const thread = page.getByTestId('chat-thread');
  await expect(thread.getByText('Where is the passenger?')).toBeVisible();
  // The thread says whom it is with, a link to the captain's page.
  await expect(thread.getByTestId('conversation-header').getByRole('link')).toHaveAttribute(
    'href',
    `/captains/${captainId}`,
  );
  // Live while open: no reload, no poll of the thread.
  await captainWrites(page, captainId, 'I am at the main entrance');
  await expect(thread.getByText('I am at the main entrance')).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(new RegExp(`conversation=${conversationId}`));
  await expect(dot).toHaveClass(/MuiBadge-invisible/, { timeout: 15_000 });

  await page.getByTestId('chat-input').fill('Coming, 2 minutes');
  await thread.getByRole('button', { name: CHAT_MSG.send, exact: true }).click();
  // The sent message shows in the thread (the socket may bring it before the reply), then the input empties.
  await expect(thread.getByTestId('chat-message').filter({ hasText: 'Coming, 2 minutes' })).toBeVisible();
  await expect(page.getByTestId('chat-input')).toHaveValue('');
  await page.screenshot({ path: `${ARTIFACTS}/messages-en.png` });
});

test('the booking chat opens from a card', async ({ page, request }) => {
  await login(page, request, USERS.dispatcher);
  const list = await api<{ data: { data: { id: number; origin: string; now: boolean; status: string }[] } }>(
    page,
    'GET',
    'booking?perPage=100',
  );
  const booking = list.json.data.data.find((b) => b.origin === 'app' && !b.now && b.status !== 'PENDING');
  expect(booking, 'an app booking, not immediate, dispatched').toBeTruthy();
  const id = (booking as { id: number }).id;
  await page.goto('/requests');
  await page.getByTestId('board-search').fill(String(id));
  await expect(page.getByTestId(`booking-card-${id}`)).toBeVisible();
  await page.getByTestId(`actions-${id}`).click();
  await page.getByRole('menuitem', { name: BOOKING_UI.bookingChat }).click();
  await expect(page).toHaveURL(new RegExp(`/booking-chat/${id}`));
  await expect(page.getByTestId('chat-thread')).toBeVisible();
  await expect(page.getByText(CHAT_MSG.noMessages)).toBeVisible();
  await page.getByTestId('chat-input').fill('Your captain is on the way');
  await page.getByTestId('chat-thread').getByRole('button', { name: CHAT_MSG.send, exact: true }).click();
  await expect(page.getByTestId('chat-message').filter({ hasText: 'Your captain is on the way' })).toBeVisible();
  await expect(page.getByTestId('chat-input')).toHaveValue('');
});

test('a late booking raises a notification in the bell; a click reads it and opens the order', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.dispatcher);
  const bell = page.getByTestId('toolbar-bell');
  await expect(bell).toBeVisible();
  const before = await api<{ data: { unread: number } }>(page, 'GET', 'notification/unread_count');
  // A "now" phone booking, made late at once (the development stand-in for its late-booking timer).
  const created = await api<{ data: { id: number } }>(page, 'POST', 'bookings', {
    new_passenger: { first_name: 'Late', last_name: 'E2e', phone_number: `+377 6${Date.now() % 10_000_000}` },
    service_id: 2,
    pickup: { name: 'E2E pickup', lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
    dropoff: { name: 'E2E dropoff', lon: MAP_CENTER[0] + 0.01, lat: MAP_CENTER[1] + 0.005 },
    now: true,
    seats: 1,
    origin: 'phone',
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const id = created.json.data.id;
  expect((await api(page, 'POST', `bookings/dev/late/${id}`, {})).status).toBe(200);
  // At least one more unread: the earlier specs' bookings turn late too, and raise theirs meanwhile.
  await expect
    .poll(async () => Number(await bell.locator('.MuiBadge-badge').textContent()), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(before.json.data.unread + 1);
  await bell.click();
  const card = page.getByTestId('notification-card');
  // Ours among the latest five (the card cuts the text at 25 characters, the order number within them).
  const row = card.getByTestId('notification-row').filter({ hasText: `Order #${id} ` });
  await expect(row).toHaveCount(1);
  await page.screenshot({ path: `${ARTIFACTS}/notifications-bell-en.png` });
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/rides/${id}`));
  // That notification is read now (a count would race the demo's own late bookings, which raise more).
  await expect
    .poll(async () => {
      const { json } = await api<{ data: { data: { message: string; read: boolean }[] } }>(
        page,
        'GET',
        'notification?perPage=50',
      );
      return json.data.data.find((n) => n.message.includes(`Order #${id} `))?.read;
    })
    .toBe(true);
  await page.goto('/notifications');
  const table = page.getByTestId('notifications-table');
  await expect(table.getByText(`Order #${id} is still waiting for dispatching`)).toBeVisible();
  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Unread' }).click();
  await expect(table.getByText(`Order #${id} is still waiting for dispatching`)).toBeHidden();
});

test('screenshots of the inbox, a booking chat, all notifications and the SMS codes in both languages and schemes', async ({
  page,
  request,
}) => {
  test.skip(!WANT_SHOTS, 'pictures only: E2E_SHOTS=1 takes them');
  test.setTimeout(180_000);
  await login(page, request, USERS.admin);
  const inbox = await api<{ data: { data: Row[] } }>(page, 'GET', 'conversations?perPage=1');
  const conversation = inbox.json.data.data[0].id;
  const list = await api<{ data: { data: { id: number; origin: string; now: boolean; status: string }[] } }>(
    page,
    'GET',
    'booking?perPage=100',
  );
  const chatBooking = list.json.data.data.find((b) => b.origin === 'app' && !b.now && b.status !== 'PENDING')?.id;
  for (const [path, name, ready] of [
    [`/messages?conversation=${conversation}`, 'messages', 'chat-thread'],
    [`/booking-chat/${chatBooking}`, 'booking-chat', 'chat-thread'],
    ['/notifications', 'all-notifications', 'drawer-toggle'],
    ['/sms_codes', 'sms-codes', 'sms-codes-table'],
  ] as const) {
    await page.goto(path);
    await screenshots(page, name, async () => {
      await expect(page.getByTestId(ready)).toBeVisible();
      await page.waitForTimeout(800);
    });
  }
  await page.goto('/requests');
  await screenshots(page, 'notifications-bell', async () => {
    await page.getByTestId('toolbar-bell').click();
    await expect(page.getByTestId('notification-card')).toBeVisible();
  });
});
