import { describe, expect, it } from 'vitest';
import {
  BOOKING_MSG,
  type BookingRuleInput,
  checkBookingAction,
  isWithinChangeWindow,
  mmss,
  normalizeSearchRows,
  ridersOrBags,
  secondsLeft,
  suggestionLine,
  visibleHistory,
} from '../src';

const T0 = Date.parse('2026-11-21T10:00:00Z');
const minutes = (n: number) => n * 60_000;
const booking = (over: Partial<BookingRuleInput> = {}): BookingRuleInput => ({
  status: 'PENDING',
  now: true,
  origin: 'app',
  besoin: false,
  datetime: new Date(T0).toISOString(),
  created_at: new Date(T0).toISOString(),
  ...over,
});

describe('pending reminder', () => {
  it('is refused 14 minutes after creation with the spec text', () => {
    expect(checkBookingAction('pendingReminder', booking(), T0 + minutes(14))).toEqual({
      ok: false,
      message: BOOKING_MSG.pendingReminderTooEarly,
    });
  });
  it('is allowed from 15 minutes on', () => {
    expect(checkBookingAction('pendingReminder', booking(), T0 + minutes(15)).ok).toBe(true);
    expect(checkBookingAction('pendingReminder', booking(), T0 + minutes(16)).ok).toBe(true);
  });
  it('is refused for a scheduled order and for a dispatched one', () => {
    expect(checkBookingAction('pendingReminder', booking({ now: false }), T0 + minutes(60)).ok).toBe(false);
    expect(checkBookingAction('pendingReminder', booking({ status: 'APPROVED' }), T0 + minutes(60)).ok).toBe(false);
  });
});

describe('dispatched reminder', () => {
  it('is refused before the order time and allowed at it', () => {
    const b = booking({ status: 'ACCEPTED', datetime: new Date(T0 + minutes(30)).toISOString() });
    expect(checkBookingAction('dispatchedReminder', b, T0 + minutes(29))).toEqual({
      ok: false,
      message: BOOKING_MSG.dispatchedReminderTooEarly,
    });
    expect(checkBookingAction('dispatchedReminder', b, T0 + minutes(30)).ok).toBe(true);
  });
  it('applies to APPROVED, ACCEPTED, ARRIVED and STARTED only', () => {
    for (const status of ['APPROVED', 'ACCEPTED', 'ARRIVED', 'STARTED'] as const)
      expect(checkBookingAction('dispatchedReminder', booking({ status }), T0).ok).toBe(true);
    for (const status of ['PENDING', 'PICKED_UP', 'DONE', 'PAID', 'DELETED'] as const)
      expect(checkBookingAction('dispatchedReminder', booking({ status }), T0).ok).toBe(false);
  });
});

describe('cancel and dispatch by status', () => {
  it('cancel is allowed from PENDING to ARRIVED only', () => {
    const allowed = ['PENDING', 'APPROVED', 'ACCEPTED', 'STARTED', 'ARRIVED'];
    for (const status of [
      'PENDING',
      'APPROVED',
      'ACCEPTED',
      'STARTED',
      'ARRIVED',
      'PICKED_UP',
      'DONE',
      'PAID',
    ] as const)
      expect(checkBookingAction('cancel', booking({ status })).ok).toBe(allowed.includes(status));
  });
  it('manual dispatch only from PENDING', () => {
    expect(checkBookingAction('dispatch', booking()).ok).toBe(true);
    expect(checkBookingAction('dispatch', booking({ status: 'APPROVED' })).ok).toBe(false);
  });
  it('booking chat: not PENDING, not immediate, app origin', () => {
    expect(checkBookingAction('bookingChat', booking({ status: 'ACCEPTED', now: false })).ok).toBe(true);
    expect(checkBookingAction('bookingChat', booking({ status: 'ACCEPTED', now: true })).ok).toBe(false);
    expect(checkBookingAction('bookingChat', booking({ status: 'ACCEPTED', now: false, origin: 'phone' })).ok).toBe(
      false,
    );
  });
});

describe('change time window', () => {
  const current = new Date(T0).toISOString();
  it('accepts 119 and 120 minutes, refuses 121 in either direction', () => {
    expect(isWithinChangeWindow(current, new Date(T0 + minutes(119)).toISOString())).toBe(true);
    expect(isWithinChangeWindow(current, new Date(T0 + minutes(120)).toISOString())).toBe(true);
    expect(isWithinChangeWindow(current, new Date(T0 + minutes(121)).toISOString())).toBe(false);
    expect(isWithinChangeWindow(current, new Date(T0 - minutes(121)).toISOString())).toBe(false);
  });
});

describe('card helpers', () => {
  it('suggestion line prefers accepted, then refused, then sent', () => {
    expect(suggestionLine(['SENT', 'REFUSED', 'ACCEPTED'])).toBe('Accepted a suggestions');
    expect(suggestionLine(['SENT', 'REFUSED'])).toBe('Refused a suggestions');
    expect(suggestionLine(['SENT'])).toBe("Hasn't Responded to suggestion");
    expect(suggestionLine([])).toBeNull();
  });
  it("riders and bags show '+4' below 0 or absent", () => {
    expect(ridersOrBags(-1)).toBe('+4');
    expect(ridersOrBags(undefined)).toBe('+4');
    expect(ridersOrBags(null)).toBe('+4');
    expect(ridersOrBags(0)).toBe('0');
    expect(ridersOrBags(3)).toBe('3');
  });
  it("countdown is '00:00' when expired or absent", () => {
    expect(mmss(secondsLeft(null))).toBe('00:00');
    expect(mmss(secondsLeft(new Date(T0 - 1000).toISOString(), T0))).toBe('00:00');
    expect(mmss(secondsLeft(new Date(T0 + 150_000).toISOString(), T0))).toBe('02:30');
  });
});

describe('status history', () => {
  it('hides APPROVED, DONE, STARTED, ARRIVED and keeps the latest entry per status', () => {
    const rows = visibleHistory([
      { status: 'PENDING', created_at: '2026-11-21T10:00:00Z' },
      { status: 'APPROVED', created_at: '2026-11-21T10:01:00Z' },
      { status: 'ACCEPTED', created_at: '2026-11-21T10:02:00Z' },
      { status: 'ACCEPTED', created_at: '2026-11-21T10:05:00Z' },
      { status: 'STARTED', created_at: '2026-11-21T10:06:00Z' },
      { status: 'PICKED_UP', created_at: '2026-11-21T10:10:00Z' },
      { status: 'DONE', created_at: '2026-11-21T10:20:00Z' },
    ]);
    expect(rows.map((r) => `${r.status}@${r.created_at.slice(11, 16)}`)).toEqual([
      'PENDING@10:00',
      'ACCEPTED@10:05',
      'PICKED_UP@10:10',
    ]);
  });
});

describe('advanced search rows', () => {
  it('drops empty values and keeps one row per key', () => {
    expect(
      normalizeSearchRows([
        { key: 'customer', value: ' Ana ' },
        { key: 'customer', value: 'Bob' },
        { key: 'driver', value: '' },
        { key: 'order_id', value: '42' },
      ]),
    ).toEqual([
      { key: 'customer', value: 'Ana' },
      { key: 'order_id', value: '42' },
    ]);
  });
});
