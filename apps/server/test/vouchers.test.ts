// Vouchers: a percentage or a fixed amount, valid from/to, for some services, limited per passenger and in
// total. The estimate shows the discount as its last line; each booking holding one counts one use, which a
// cancel or a time change with detach_voucher gives back.
import {
  BOOKING_MSG,
  type BookingDto,
  cityWallClock,
  DEFAULT_SEASON,
  type FareQuoteDto,
  MAP_CENTER,
  RESOURCE_MSG,
  VOUCHER_MSG,
} from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, voucherUses } from '../src/db/schema';
import { makePassenger, makeReason } from './factories';
import { apiCaller, loginAll, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);
let admin = '';
let disp = '';
beforeAll(async () => {
  [admin, disp] = await loginAll(t.app, 'admin@example.com', 'dispatcher@example.com');
  await call('PUT', 'setting/season', admin, { season: 'day' });
});
afterAll(async () => {
  await call('PUT', 'setting/season', admin, { season: DEFAULT_SEASON });
});

const pickup = { lon: MAP_CENTER[0], lat: MAP_CENTER[1] };
const dropoff = { lon: MAP_CENTER[0] - 0.01, lat: MAP_CENTER[1] - 0.005 };
const TUESDAY_2PM = '2027-01-05 14:00';
const pad = (n: number) => String(n).padStart(2, '0');
/** City-local 'YYYY-MM-DD HH:mm' of `days` from now at 14:00. */
const dayAt = (days: number, time = '14:00') => {
  const c = cityWallClock(Date.now() + days * 86_400_000);
  return `${c.year}-${pad(c.month)}-${pad(c.day)} ${time}`;
};

async function voucher(body: Record<string, unknown>) {
  const res = await call('POST', 'voucher', admin, { active: true, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; code: string };
}

const quote = (body: Record<string, unknown> = {}) =>
  call('POST', 'fare/quote', disp, { service_id: 2, pickup, dropoff, datetime: TUESDAY_2PM, ...body });

const order = (body: Record<string, unknown>) =>
  call('POST', 'bookings', disp, {
    service_id: 2,
    pickup: { name: 'Casino', ...pickup },
    dropoff: { name: 'Stade', ...dropoff },
    now: false,
    datetime: dayAt(2),
    origin: 'phone',
    ...body,
  });

const usesOf = async (bookingId: number) => t.db.select().from(voucherUses).where(eq(voucherUses.bookingId, bookingId));

describe('voucher catalogue', () => {
  it('a percentage is at most 100; a fixed amount is in cents; unknown services are refused', async () => {
    const pct = await call('POST', 'voucher', admin, { code: 'BIGPCT', discount_kind: 'percent', amount: 150 });
    expect(pct.statusCode).toBe(422);
    expect(pct.json().errors.amount).toEqual([RESOURCE_MSG.atMost(100)]);
    const kind = await call('POST', 'voucher', admin, { code: 'BADKIND', discount_kind: 'half', amount: 5 });
    expect(kind.statusCode).toBe(422);
    expect(kind.json().errors.discount_kind).toBeDefined();
    const svc = await call('POST', 'voucher', admin, { code: 'NOSVC', amount: 5, service_ids: [999] });
    expect(svc.statusCode).toBe(422);
    expect(svc.json().errors.service_ids).toBeDefined();
    const fixed = await voucher({ code: 'FIXED1500', discount_kind: 'fixed', amount: 1500 });
    // The edit of a fixed voucher to a percentage is checked against its amount.
    const edit = await call('PUT', `voucher/${fixed.id}`, admin, { discount_kind: 'percent' });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors.amount).toEqual([RESOURCE_MSG.atMost(100)]);
  });
});

describe('the estimate shows the discount as its last line', () => {
  it('percent and fixed vouchers; unknown, not yet valid, expired and other-service vouchers are 422', async () => {
    const plain = (await quote()).json().data as FareQuoteDto;
    await voucher({ code: 'TENPCT', discount_kind: 'percent', amount: 10 });
    await voucher({ code: 'FIVEEUR', discount_kind: 'fixed', amount: 500 });
    const pct = (await quote({ voucher_code: 'TENPCT' })).json().data as FareQuoteDto;
    const off = Math.round(plain.cents / 10);
    expect(pct.lines.at(-1)).toEqual({ kind: 'voucher', cents: -off, name: 'TENPCT' });
    expect(pct.cents).toBe(plain.cents - off);
    expect(pct.lines.reduce((s, l) => s + l.cents, 0)).toBe(pct.cents);
    const fixed = (await quote({ voucher_code: 'FIVEEUR' })).json().data as FareQuoteDto;
    expect(fixed.lines.at(-1)).toEqual({ kind: 'voucher', cents: -500, name: 'FIVEEUR' });
    expect(fixed.cents).toBe(plain.cents - 500);

    await voucher({ code: 'LATER', amount: 10, valid_from: '2030-01-01T00:00' });
    await voucher({ code: 'GONE', amount: 10, expires_at: '2026-01-01T00:00' });
    await voucher({ code: 'VIPONLY', amount: 10, service_ids: [7] });
    await voucher({ code: 'OFF', amount: 10, active: false });
    for (const [code, message] of [
      ['NOPE', BOOKING_MSG.unknownVoucher],
      ['OFF', BOOKING_MSG.unknownVoucher],
      ['LATER', VOUCHER_MSG.notYetValid],
      ['GONE', VOUCHER_MSG.expired],
      ['VIPONLY', VOUCHER_MSG.notForService],
    ] as const) {
      const res = await quote({ voucher_code: code });
      expect(res.statusCode, code).toBe(422);
      expect(res.json().errors.voucher_code, code).toEqual([message]);
      const booked = await order({ voucher_code: code, passenger_id: (await makePassenger(t.db)).id });
      expect(booked.statusCode, code).toBe(422);
      expect(booked.json().errors.voucher_code, code).toEqual([message]);
    }
    expect((await quote({ voucher_code: 'VIPONLY', service_id: 7 })).statusCode).toBe(200);
  });
});

describe('limits and uses', () => {
  it('per passenger and in total, with a use row per booking; a cancel gives the use back', async () => {
    const v = await voucher({ code: 'LIMITED', amount: 20, max_uses: 2, max_uses_per_passenger: 1 });
    const ada = await makePassenger(t.db);
    const bob = await makePassenger(t.db);
    const cyd = await makePassenger(t.db);

    const first = await order({ voucher_code: 'LIMITED', passenger_id: ada.id });
    expect(first.statusCode, first.body).toBe(201);
    const booking = first.json().data as BookingDto;
    expect(booking.voucher).toEqual({ code: 'LIMITED' });
    expect(await usesOf(booking.id)).toMatchObject([{ voucherId: v.id, passengerId: ada.id }]);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row.fareEstimate?.lines.at(-1)).toMatchObject({ kind: 'voucher', name: 'LIMITED' });

    const again = await order({ voucher_code: 'LIMITED', passenger_id: ada.id });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.voucher_code).toEqual([VOUCHER_MSG.usedUpByPassenger(1)]);

    expect((await order({ voucher_code: 'LIMITED', passenger_id: bob.id })).statusCode).toBe(201);
    const third = await order({ voucher_code: 'LIMITED', passenger_id: cyd.id });
    expect(third.statusCode).toBe(422);
    expect(third.json().errors.voucher_code).toEqual([VOUCHER_MSG.usedUp]);
    // The refused bookings left nothing behind.
    expect((await call('GET', `voucher/${v.id}`, admin)).json().data.uses).toBe(2);

    const reason = await makeReason(t.db);
    const cancel = await call('DELETE', `bookings/${booking.id}?user_cancellation_reason_id=${reason.id}`, disp);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await usesOf(booking.id)).toEqual([]);
    expect((await order({ voucher_code: 'LIMITED', passenger_id: cyd.id })).statusCode).toBe(201);
  });

  it('concurrent bookings cannot pass the total limit together', async () => {
    await voucher({ code: 'ONCE', amount: 5, max_uses: 1 });
    const passengers = await Promise.all([1, 2, 3, 4].map(() => makePassenger(t.db)));
    const results = await Promise.all(passengers.map((p) => order({ voucher_code: 'ONCE', passenger_id: p.id })));
    expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([
      201, 422, 422, 422,
    ]);
  });
});

describe('detach_voucher on a time change', () => {
  it('detaching gives the use back and takes the line off the estimate; keeping an invalid one is 422', async () => {
    const datetime = dayAt(2);
    // 14:15, whichever zone the field is read in (the city's is UTC+1 or +2): after 14:05, before 15:50.
    const expiry = `${datetime.slice(0, 10)}T14:15`;
    await voucher({ code: 'UNTIL3PM', discount_kind: 'fixed', amount: 300, expires_at: expiry });
    const p = await makePassenger(t.db);
    const res = await order({ voucher_code: 'UNTIL3PM', passenger_id: p.id, datetime });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json().data as BookingDto).id;
    const [before] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    const estimate = before.fareEstimate as FareQuoteDto;

    // 15:50 is after the voucher's end: keeping it is refused, on detach_voucher.
    const later = `${datetime.slice(0, 10)} 15:50`;
    const kept = await call('PUT', `booking/${id}`, disp, { datetime: later });
    expect(kept.statusCode).toBe(422);
    expect(kept.json().errors.detach_voucher).toEqual([VOUCHER_MSG.expired]);
    // 14:05 keeps it.
    const near = await call('PUT', `booking/${id}`, disp, { datetime: `${datetime.slice(0, 10)} 14:05` });
    expect(near.statusCode, near.body).toBe(200);
    expect(near.json().data.booking.voucher).toEqual({ code: 'UNTIL3PM' });
    expect(await usesOf(id)).toHaveLength(1);

    const detached = await call('PUT', `booking/${id}`, disp, { datetime: later, detach_voucher: '1' });
    expect(detached.statusCode, detached.body).toBe(200);
    expect(detached.json().data.booking.voucher).toBeNull();
    expect(await usesOf(id)).toEqual([]);
    const [after] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(after.voucherId).toBeNull();
    expect(after.fareEstimate?.lines.some((l) => l.kind === 'voucher')).toBe(false);
    expect(after.fareEstimate?.cents).toBe(estimate.cents + 300);
  });
});
