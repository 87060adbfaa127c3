import { type Actor, BOOKING_ACTIONS, type BookingRuleInput, GOVERNMENT_ROLE_NAME } from '@taxi/shared';
import { describe, expect, it } from 'vitest';
import { allowsFor } from '../src/features/auth/allows';
import { isActionVisible } from '../src/features/bookings/visibility';

const T0 = Date.parse('2026-11-21T10:00:00Z');
const minutes = (n: number) => n * 60_000;

// The demo Goverment (role 4) and Dispatcher (role 2) users as check_auth returns them.
const goverment: Actor = {
  id: 4,
  roles: [{ id: 4, name: GOVERNMENT_ROLE_NAME }],
  permissions: ['COMPLAINTS', 'DISPATCHING'],
};
const dispatcher: Actor = {
  id: 2,
  roles: [{ id: 2, name: 'Dispatcher' }],
  permissions: ['DISPATCHING', 'PHONE_BOOKING', 'MONITORING', 'TIMELINE', 'PASSENGERS', 'COMPLAINTS', 'MESSAGES'],
};

/** A waiting 'now' booking created 20 minutes ago: dispatch, cancel, the waiting reminder and changes apply. */
const pending: BookingRuleInput = {
  status: 'PENDING',
  now: true,
  besoin: false,
  origin: 'dashboard',
  datetime: new Date(T0 + minutes(30)).toISOString(),
  created_at: new Date(T0 - minutes(20)).toISOString(),
  service_id: 2,
};

const visible = (actor: Actor | null, booking: BookingRuleInput, now = T0) =>
  BOOKING_ACTIONS.filter((action) => isActionVisible(action, booking, allowsFor(actor), now));

describe('isActionVisible', () => {
  it('shows the Goverment role no booking action at all (bookings.md §6: open details only)', () => {
    expect(visible(goverment, pending)).toEqual([]);
    expect(visible(goverment, { ...pending, status: 'ACCEPTED' })).toEqual([]);
    expect(visible(goverment, { ...pending, besoin: true, now: false })).toEqual([]);
  });

  it('shows a dispatcher the actions the booking status allows', () => {
    const shown = visible(dispatcher, pending);
    expect(shown).toEqual(expect.arrayContaining(['dispatch', 'cancel', 'pendingReminder', 'logs']));
    // A status refusal hides the action: a waiting booking has no dispatched reminder.
    expect(shown).not.toContain('dispatchedReminder');
    // Finished: nothing to dispatch or cancel any more.
    const finished = visible(dispatcher, { ...pending, status: 'DONE' });
    expect(finished).not.toContain('dispatch');
    expect(finished).not.toContain('cancel');
    // Re-dispatch: only while the captain is on the way to the pickup.
    expect(shown).not.toContain('redispatch');
    expect(visible(dispatcher, { ...pending, status: 'ACCEPTED' })).toContain('redispatch');
    expect(visible(dispatcher, { ...pending, status: 'ARRIVED' })).not.toContain('redispatch');
  });

  it('keeps a timing refusal visible for the dispatcher (the toast says why), never for the Goverment role', () => {
    const fresh = { ...pending, created_at: new Date(T0 - minutes(1)).toISOString() };
    expect(isActionVisible('pendingReminder', fresh, allowsFor(dispatcher), T0)).toBe(true);
    expect(isActionVisible('pendingReminder', fresh, allowsFor(goverment), T0)).toBe(false);
  });

  it('shows nothing without a signed-in user', () => {
    expect(visible(null, pending)).toEqual([]);
  });
});
