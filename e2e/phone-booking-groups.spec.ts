import type { Page } from '@playwright/test';
import { APPEARANCE_CONSTRAINT_LABELS, BOOKING_GROUP_UI, BOOKING_UI, CAPTAIN_CONSTRAINT_UI } from '@taxi/shared';
import { axeBothSchemes } from './axe';
import { expect, test } from './fixtures';
import { api, cancelBooking, login, USERS } from './helpers';

/**
 * The phone booking's groups of orders (several cars for one party in one call, a car added to the group from a
 * card's "Group of N") and its captain constraints (a captain and BLACKLIST or WHITELIST).
 */

interface Order {
  id: number;
  group_order: string | null;
  group_size: number | null;
  passenger: { id: number; full_name: string };
  dynamic_constraints: { constraint_name: string }[];
}

/** A new passenger typed in, and a pickup from the city's places. */
async function newCallerFrom(page: Page, firstName: string): Promise<void> {
  await page.getByTestId('mode-new').click();
  await page.getByTestId('new-first-name').fill(firstName);
  await page.getByTestId('new-last-name').fill('Party');
  await page.getByTestId('new-phone').fill(`+377 6${Date.now() % 10_000_000}`);
  await page.getByTestId('pickup-input').fill('Casino');
  await page
    .getByRole('option', { name: /Casino de Monte/ })
    .first()
    .click();
  await expect(page.getByTestId('pickup-input')).toHaveValue(/Casino de Monte/);
}

const groupOrders = async (page: Page, group: string) =>
  (await api<{ data: { data: Order[] } }>(page, 'GET', `booking?group_order=${group}&perPage=25`)).json.data.data;

test('two cars booked in one call make a group; its card opens the group’s orders, where a car is added', async ({
  page,
  request,
}) => {
  await login(page, request, USERS.callcenter, '/phone-bookings');
  const caller = `Groupe${Date.now() % 100000}`;
  await newCallerFrom(page, caller);
  await page.getByTestId('phone-cars').fill('2');
  await page.getByTestId('phone-booking-submit').click();
  const toast = page.getByText(/2 orders created in group #\d+/);
  await expect(toast).toBeVisible();
  const group = (await toast.textContent())?.match(/#(\d+)/)?.[1] as string;
  const made = await groupOrders(page, group);
  expect(made.map((b) => b.passenger.full_name)).toEqual([`${caller} Party`, `${caller} Party`]);

  // The board's card of the group's first order says so, and links to the group.
  await page.goto('/requests');
  await page.getByTestId('board-search').fill(caller);
  const card = page.getByTestId(`booking-card-${group}`);
  await expect(card).toBeVisible({ timeout: 15_000 });
  const chip = card.getByTestId('group-chip');
  await expect(chip).toHaveText(BOOKING_GROUP_UI.groupOf(2));
  await chip.click();
  await expect(page).toHaveURL(new RegExp(`/phone-bookings\\?show_order_list=1&grouper=${group}$`));

  // The order list is the group's, and the form adds a car to it, starting from the group's order.
  const list = page.getByTestId('group-orders');
  await expect(list.getByRole('heading', { name: BOOKING_GROUP_UI.groupOrders(group) })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByTestId('add-car-to-group')).toContainText(BOOKING_GROUP_UI.addCarHint(group));
  await expect(page.getByLabel(BOOKING_UI.passengerSearch)).toHaveValue(`${caller} Party`);
  await expect(page.getByTestId('pickup-input')).toHaveValue(/Casino de Monte/);
  expect(await axeBothSchemes(page, { include: 'main' })).toEqual([]);
  const submit = page.getByTestId('phone-booking-submit');
  await expect(submit).toHaveText(BOOKING_GROUP_UI.addCar);
  await submit.click();
  await expect(page.getByText(/Order #\d+ has been created/)).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  const after = await groupOrders(page, group);
  expect(after).toHaveLength(3);
  expect(after.every((b) => b.group_size === 3 && b.passenger.full_name === `${caller} Party`)).toBe(true);

  // Leaving the group: the next order is an order of its own.
  await page.getByRole('button', { name: BOOKING_GROUP_UI.leaveGroup }).click();
  await expect(page).not.toHaveURL(/grouper=/);
  await expect(page.getByTestId('add-car-to-group')).toHaveCount(0);
  await expect(submit).toHaveText(BOOKING_UI.createOrder);
  for (const b of after) await cancelBooking(page, b.id);
});

test('the operator adds a captain constraint: BLACKLIST, never this captain', async ({ page, request }) => {
  await login(page, request, USERS.callcenter, '/phone-bookings');
  const { json } = await api<{ data: { data: { id: number; full_name: string }[] } }>(page, 'GET', 'captain?perPage=1');
  const captain = json.data.data[0];
  await newCallerFrom(page, `Blacklist${Date.now() % 100000}`);

  const field = page.getByTestId('captain-constraints');
  const add = page.getByTestId('captain-constraint-add');
  // Nothing to add before a captain is chosen.
  await expect(add).toBeDisabled();
  await field.getByRole('combobox', { name: 'Captain' }).fill(captain.full_name);
  await page
    .getByRole('option', { name: new RegExp(captain.full_name) })
    .first()
    .click();
  // WHITELIST by default; BLACKLIST is chosen.
  await expect(field.getByText(CAPTAIN_CONSTRAINT_UI.meanings.WHITELIST)).toBeVisible();
  await field.getByRole('combobox', { name: 'Appearance constraint' }).click();
  await page.getByRole('option', { name: APPEARANCE_CONSTRAINT_LABELS.BLACKLIST }).click();
  await expect(field.getByText(CAPTAIN_CONSTRAINT_UI.meanings.BLACKLIST)).toBeVisible();
  await add.click();
  const row = page.getByTestId(`captain-constraint-${captain.id}`);
  await expect(row).toContainText(`${captain.full_name} · BLACKLIST`);
  await expect(row).toContainText(CAPTAIN_CONSTRAINT_UI.meanings.BLACKLIST);
  // The same captain is not listed twice.
  await field.getByRole('combobox', { name: 'Captain' }).fill(captain.full_name);
  await page
    .getByRole('option', { name: new RegExp(captain.full_name) })
    .first()
    .click();
  await expect(add).toBeDisabled();

  await page.getByTestId('phone-booking-submit').click();
  const toast = page.getByText(/Order #\d+ has been created/);
  await expect(toast).toBeVisible();
  const id = Number((await toast.textContent())?.match(/#(\d+)/)?.[1]);
  const { json: order } = await api<{ data: Order }>(page, 'GET', `bookings/${id}`);
  expect(order.data.dynamic_constraints).toEqual([
    { constraint_name: `captain:${captain.id}:BLACKLIST`, Abbreviation: 'BLACKLIST' },
  ]);
  // The form is ready for the next caller: no constraint left over.
  await expect(page.getByTestId(`captain-constraint-${captain.id}`)).toHaveCount(0);
  await cancelBooking(page, id);
});
