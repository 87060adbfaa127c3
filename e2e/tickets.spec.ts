import type { Browser, Page } from '@playwright/test';
import { MSG, pathTo, TICKET_MSG, type TicketDto } from '@taxi/shared';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

const ARTIFACTS = 'e2e/artifacts';

async function console_(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, context.request, email);
  return { context, page };
}

/** Takes every ticket still queued (seed ones), so the dialog shows the one this test raises. */
async function emptyQueue(page: Page) {
  const queue = await api<{ data: { tickets: TicketDto[] } }>(page, 'GET', 'tickets/pending');
  for (const ticket of queue.json.data.tickets) await api(page, 'PUT', `tickets/${ticket.id}/assign`, {});
}

/** Opens the new-ticket dialog from the toolbar's Tickets badge, as an operator does. */
async function openFromBadge(page: Page) {
  await page.getByTestId('toolbar-tickets').click();
  await page.getByRole('menuitem', { name: new RegExp(TICKET_MSG.newTicket) }).click();
}

test('a raised ticket counts on two consoles’ badges without opening anything; assigning it on one removes it from the other', async ({
  browser,
}) => {
  // Two consoles, two sign-ins and a new tab: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const a = await console_(browser, USERS.dispatcher);
  const b = await console_(browser, USERS.callcenter);
  await emptyQueue(a.page);
  await a.page.goto(pathTo('TicketsMonitoring'));
  await b.page.goto(pathTo('TicketsMonitoring'));
  await expect(a.page.getByTestId('tickets-table')).toBeVisible();
  await expect(b.page.getByTestId('tickets-table')).toBeVisible();
  for (const { page } of [a, b]) await expect(page.getByTestId('toolbar-tickets')).toHaveAttribute('data-count', '0');

  // As the simulator would: a passenger reports a lost item after a ride.
  const raised = await api<{ data: TicketDto }>(a.page, 'POST', 'tickets/dev/raise', { kind: 'lost_item' });
  expect(raised.status).toBe(200);
  const id = String(raised.json.data.id);

  const dialogA = a.page.getByTestId('new-ticket-dialog');
  const dialogB = b.page.getByTestId('new-ticket-dialog');
  // It joins the queue: the badge counts it, its name says so, and nothing opens over the page.
  for (const { page } of [a, b]) {
    const badge = page.getByTestId('toolbar-tickets');
    await expect(badge).toHaveAttribute('data-count', '1', { timeout: 15_000 });
    await expect(badge).toHaveAccessibleName(TICKET_MSG.toolbar('1'));
  }
  await a.page.waitForTimeout(500);
  await expect(dialogA).toBeHidden();
  await expect(dialogB).toBeHidden();

  for (const { page } of [a, b]) await openFromBadge(page);
  for (const dialog of [dialogA, dialogB]) {
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('new-ticket-id')).toHaveText(id);
    await expect(dialog).toContainText('Lost item');
    await expect(dialog.getByRole('button', { name: TICKET_MSG.assignToMe })).toBeVisible();
  }
  await a.page.screenshot({ path: `${ARTIFACTS}/tickets-new-ticket-dialog.png` });

  const [tab] = await Promise.all([
    a.context.waitForEvent('page'),
    dialogA.getByRole('button', { name: TICKET_MSG.assignToMe }).click(),
  ]);
  await expect(tab).toHaveURL(new RegExp(`/ticket/${id}$`), { timeout: 15_000 });
  await expect(tab.getByTestId('ticket-title')).toContainText(TICKET_MSG.ticket(Number(id)));
  await expect(tab.getByTestId('ticket-history')).toContainText('Dario Dispatcher');
  await tab.screenshot({ path: `${ARTIFACTS}/tickets-ticket-page.png` });

  // The other console drops it ('dismiss ticket'): its dialog closes (the queue is empty again), its badge is 0.
  await expect(dialogB).toBeHidden({ timeout: 15_000 });
  await expect(dialogA).toBeHidden();
  await expect(b.page.getByTestId('toolbar-tickets')).toHaveAttribute('data-count', '0');
  await a.context.close();
  await b.context.close();
});

test('a ticket raised before a console’s live socket connects is counted once it connects', async ({ browser }) => {
  test.setTimeout(120_000);
  const a = await console_(browser, USERS.dispatcher);
  await emptyQueue(a.page);
  // The live socket is refused (and retried, as after a network cut) until the ticket has been raised.
  let socketAllowed = false;
  await a.page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (socketAllowed) ws.connectToServer();
    else ws.close();
  });
  await a.page.route(/\/socket\.io\//, (route) => (socketAllowed ? route.continue() : route.abort()));
  const queueRead = a.page.waitForResponse((r) => r.url().includes('/api/tickets/pending'));
  await a.page.goto(pathTo('TicketsMonitoring'));
  await queueRead;
  await expect(a.page.getByTestId('tickets-table')).toBeVisible();
  const badge = a.page.getByTestId('toolbar-tickets');
  await expect(badge).toHaveAttribute('data-count', '0');

  const raised = await api<{ data: TicketDto }>(a.page, 'POST', 'tickets/dev/raise', { kind: 'lost_item' });
  expect(raised.status).toBe(200);
  // Its 'new ticket' event went nowhere: this console had no socket.
  await expect(a.page.getByRole('status', { name: MSG.socketReconnecting })).toBeVisible();
  await expect(badge).toHaveAttribute('data-count', '0');

  // Once it connects (its next retry), the queue is read again: the badge counts it, the dialog stays closed.
  socketAllowed = true;
  await expect(badge).toHaveAttribute('data-count', '1', { timeout: 30_000 });
  await expect(a.page.getByTestId('new-ticket-dialog')).toBeHidden();
  await openFromBadge(a.page);
  await expect(a.page.getByTestId('new-ticket-id')).toHaveText(String(raised.json.data.id));
  await a.context.close();
});

test('the follow-up ticket form refuses empty fields, then saves', async ({ page }) => {
  await login(page, page.request, USERS.dispatcher);
  await page.goto(pathTo('FollowUpTicket'));
  await page.getByTestId('follow-up-save').click();
  await expect(page.getByText(TICKET_MSG.fieldRequired)).toHaveCount(3);
  await page.screenshot({ path: `${ARTIFACTS}/tickets-follow-up-errors.png` });

  await page.getByRole('radio', { name: TICKET_MSG.passenger }).check();
  const person = page.getByTestId('follow-up-person').getByRole('combobox');
  await person.click();
  await person.fill('a');
  await page.getByRole('option').first().click();
  await page.getByTestId('follow-up-description').fill('Please call the passenger back about the fare.');
  await expect(page.getByText(TICKET_MSG.fieldRequired)).toHaveCount(0);
  await page.getByTestId('follow-up-save').click();
  await expect(page.getByText(TICKET_MSG.saved)).toBeVisible();
  // The form starts afresh.
  await expect(page.getByTestId('follow-up-description')).toHaveValue('');
});
