import { BOOKING_MSG, BOOKING_UI, HISTORY_LABELS, RIDE_UI, STATUS_LABELS } from '@taxi/shared';
import { axeBothSchemes } from './axe';
import { expect, test } from './fixtures';
import { api, createOrder, dispatchBooking, login, USERS } from './helpers';

const ARTIFACTS = 'e2e/artifacts';

/** A minimal RIFF/WAVE file (PCM 8 kHz mono, 4 samples). */
function wav(): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(44, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(8, 40);
  return Buffer.concat([header, Buffer.alloc(8)]);
}

test('ride details page: map with route, French history, complaint category saved', async ({ page, request }) => {
  await login(page, request, USERS.dispatcher);
  const ongoing = await api<{ data: { data: { id: number; status: string; ride_id: number | null }[] } }>(
    page,
    'GET',
    'booking?group=ongoing&perPage=100',
  );
  expect(ongoing.status).toBe(200);
  const booking = ongoing.json.data.data.find((b) => b.status === 'PICKED_UP' && b.ride_id);
  expect(booking, 'a seeded PICKED_UP booking with a ride').toBeTruthy();
  const id = booking?.id as number;

  await page.goto(`/rides/${id}`);
  await expect(page.getByTestId('ride-summary')).toContainText(`#${id}`);
  await expect(page.getByTestId('ride-status')).toHaveText('Trip started');

  // The map renders its canvas and draws the route (feature counts are reported on the container).
  const map = page.locator('[data-map="ride"]');
  await expect(map.locator('canvas')).toBeVisible();
  await expect(map).toHaveAttribute('data-map-ready', '1');
  await expect(map).toHaveAttribute('data-source-ride-route', '1');
  await expect(map).toHaveAttribute('data-source-ride-ends', /^[12]$/);
  // PICKED_UP is live tracking: the captain's last known position is drawn.
  await expect(map).toHaveAttribute('data-source-ride-captain', '1');

  // Status history in the console's language (the spec's French labels are the French console's); hidden statuses
  // are not listed.
  const history = page.getByTestId('ride-history');
  await expect(history).toContainText(HISTORY_LABELS.PICKED_UP as string);
  await expect(history).toContainText('Passenger on board');
  await expect(history).not.toContainText('Client à board');
  await expect(history).not.toContainText('ARRIVED');

  // Complaint category: nothing chosen → the spec's message; a choice → Saved!
  await page.getByLabel(RIDE_UI.complaintCategory).click();
  await page.getByRole('option', { name: RIDE_UI.none }).click();
  await page.getByRole('button', { name: RIDE_UI.save }).click();
  await expect(page.getByText(BOOKING_MSG.chooseCategory)).toBeVisible();
  await page.getByLabel(RIDE_UI.complaintCategory).click();
  await page.getByRole('option').nth(1).click();
  await page.getByRole('button', { name: RIDE_UI.save }).click();
  await expect(page.getByText(BOOKING_MSG.saved)).toBeVisible();

  // Add a complaint without audio; it appears in the table.
  await page.getByRole('button', { name: RIDE_UI.addComplaint }).click();
  await page.getByLabel(RIDE_UI.description).fill('E2E: the driver took a detour');
  await page.locator('input[type="file"]').setInputFiles({ name: 'voice.wav', mimeType: 'audio/wav', buffer: wav() });
  await expect(page.getByText('voice.wav')).toBeVisible();
  await page.getByRole('button', { name: RIDE_UI.ok }).click();
  const row = page.getByRole('row', { name: /E2E: the driver took a detour/ }).first();
  await expect(row).toBeVisible();
  // The recording is fetched with the bearer token and played in place.
  await row.getByRole('button', { name: `${RIDE_UI.play} #1` }).click();
  await expect(row.locator('audio')).toHaveAttribute('src', /^blob:/);

  await page.waitForTimeout(500);
  await page.screenshot({ path: `${ARTIFACTS}/ride-details.png`, fullPage: true });
});

test('the ride page dialog opens over the board from an active ride card', async ({ page, request }) => {
  await login(page, request, USERS.dispatcher);
  const ongoing = await api<{ data: { data: { id: number; status: string; ride_id: number | null }[] } }>(
    page,
    'GET',
    'booking?group=ongoing&perPage=100',
  );
  const booking = ongoing.json.data.data.find((b) => b.status === 'PICKED_UP' && b.ride_id);
  expect(booking, 'a seeded PICKED_UP booking with a ride').toBeTruthy();
  const id = booking?.id as number;

  await page.goto('/requests');
  await page.getByTestId('board-search').fill(String(id));
  await expect(page.getByTestId(`booking-card-${id}`)).toBeVisible();
  // The search narrows the list while typing settles; a menu opened on a card that re-renders closes.
  await expect(async () => {
    await page.getByTestId(`actions-${id}`).click();
    await page.getByTestId('action-openRidePage').click({ timeout: 2000 });
  }).toPass();

  const dialog = page.getByRole('dialog', { name: RIDE_UI.title(id) });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('ride-summary')).toContainText(`#${id}`);
  await expect(dialog.locator('[data-map="ride"]')).toHaveAttribute('data-source-ride-route', '1');
  await expect(page).toHaveURL(/\/requests$/);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${ARTIFACTS}/ride-dialog.png` });
  await dialog.getByRole('button', { name: RIDE_UI.close }).click();
  await expect(dialog).toBeHidden();
});

test('the ride page of a pending order dispatches and cancels through the card’s dialogs, live', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.dispatcher);
  const id = await createOrder(page, 'Ridepage', 45);
  await page.goto(`/rides/${id}`);
  const actions = page.getByTestId('ride-actions');
  await expect(page.getByTestId('ride-status')).toHaveText(STATUS_LABELS.PENDING);
  // The card's entries for a waiting order, in the card menu's order.
  await expect(actions.getByRole('button')).toHaveText([
    BOOKING_UI.dispatch,
    BOOKING_UI.cancel,
    BOOKING_UI.changeTime,
    BOOKING_UI.changeService,
    BOOKING_UI.suggestService,
    BOOKING_UI.logs,
  ]);
  await page.screenshot({ path: `${ARTIFACTS}/ride-actions-pending.png` });
  expect(await axeBothSchemes(page, { include: '[data-testid="ride-summary"]' })).toEqual([]);

  // Dispatch: the card's dialog, its captain picker, Enter on the first captain.
  await actions.getByRole('button', { name: BOOKING_UI.dispatch }).click();
  const dispatch = page.getByRole('dialog', { name: BOOKING_UI.dispatchTitle(id) });
  await expect(dispatch.getByTestId('candidate-list').getByRole('option').first()).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  await expect(page.getByText(BOOKING_MSG.dispatched(id))).toBeVisible();
  await expect(page.getByTestId('ride-status')).toHaveText(STATUS_LABELS.APPROVED);
  await expect(actions.getByRole('button', { name: BOOKING_UI.dispatch })).toHaveCount(0);
  await expect(page.getByTestId('ride-summary')).not.toContainText(RIDE_UI.notAssigned);

  // Cancel: the card's dialog, a reason required.
  await actions.getByRole('button', { name: BOOKING_UI.cancel }).click();
  const cancel = page.getByRole('dialog', { name: BOOKING_UI.cancelTitle(id) });
  await cancel.getByTestId('confirm-cancel').click();
  await expect(page.getByText(BOOKING_MSG.chooseReason)).toBeVisible();
  await cancel.getByTestId('cancel-reason').click();
  await page.getByRole('option').first().click();
  await cancel.getByTestId('confirm-cancel').click();
  await expect(page.getByText(BOOKING_MSG.cancelled(id))).toBeVisible();
  await expect(page.getByTestId('ride-status')).toHaveText(STATUS_LABELS.SYSTEM_CANCELLED);
  await expect(actions.getByRole('button', { name: BOOKING_UI.cancel })).toHaveCount(0);

  // Another operator dispatches a waiting order while its page is open: the page's actions follow.
  const other = await createOrder(page, 'Ridelive', 50);
  await page.goto(`/rides/${other}`);
  await expect(actions.getByRole('button', { name: BOOKING_UI.dispatch })).toBeVisible();
  await dispatchBooking(page, other);
  await expect(page.getByTestId('ride-status')).toHaveText(STATUS_LABELS.APPROVED);
  await expect(actions.getByRole('button', { name: BOOKING_UI.dispatch })).toHaveCount(0);
  await expect(actions.getByRole('button', { name: BOOKING_UI.cancel })).toBeVisible();
});

test('the Goverment role sees no action on a ride page', async ({ page, request }) => {
  await login(page, request, USERS.dispatcher);
  const id = await createOrder(page, 'Ridegov', 45);
  await login(page, request, USERS.gov, `/rides/${id}`);
  await expect(page.getByTestId('ride-summary')).toContainText(`#${id}`);
  await expect(page.getByTestId('ride-status')).toHaveText(STATUS_LABELS.PENDING);
  await expect(page.getByTestId('ride-actions')).toHaveCount(0);
});
