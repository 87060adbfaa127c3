import { describe, expect, it } from 'vitest';
import { cityMonth, partnerInvoices } from '../src/partner-invoices';

const ride = (booking_id: number, at: string, amount: number) => ({
  booking_id,
  at,
  passenger: 'Guest',
  pickup: 'Lobby',
  dropoff: null,
  amount,
});

describe('partner invoices', () => {
  it("groups by the city's month, not UTC's", () => {
    // 23:30 UTC on 31 October is already November in Monaco (UTC+1).
    expect(cityMonth('2026-10-31T23:30:00Z')).toBe('2026-11');
    expect(cityMonth('2026-10-31T22:30:00Z')).toBe('2026-10');
  });

  it('sums in cents: no floating drift', () => {
    const rides = Array.from({ length: 10 }, (_, i) => ride(i + 1, '2026-11-10T10:00:00Z', 0.1));
    expect(partnerInvoices('monthly', rides)).toMatchObject([{ key: '2026-11', rides: 10, total: 1 }]);
  });

  it('one invoice per ride with per-ride billing, newest first', () => {
    const rides = [ride(1, '2026-11-01T10:00:00Z', 5), ride(2, '2026-11-03T10:00:00Z', 7)];
    expect(partnerInvoices('per_ride', rides).map((i) => [i.key, i.total])).toEqual([
      ['ride-2', 7],
      ['ride-1', 5],
    ]);
  });
});
