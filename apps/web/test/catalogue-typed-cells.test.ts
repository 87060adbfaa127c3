import { type FieldDef, type PaymentRideRow, paymentRidesResource, type RowOf } from '@taxi/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import paymentRidesWeb, { paymentCell } from '../src/features/catalogue/catalogues/payment-rides.web';
import { formatEuros } from '../src/i18n/format';

// The expanded row loads bookings over HTTP (a browser session): not what this test draws.
vi.mock('../src/features/payments/RideBookings', () => ({ RideBookings: () => null }));

const row: PaymentRideRow = {
  id: 7,
  created_at: '2026-05-01T08:30:00.000Z',
  captain: { id: 3, full_name: 'Ada Lovelace' },
  captain_label: 'Ada Lovelace',
  car: null,
  car_label: '',
  bookings_count: 2,
  total: 42.5,
  statuses: { DONE: 2, PENDING: 1 },
  statuses_label: 'DONE 2, PENDING 1',
};
const field = (name: string) => paymentRidesResource.fields.find((f) => f.name === name) as FieldDef;
const html = (name: string) => {
  const cell = paymentCell(row, field(name));
  return typeof cell === 'string' ? cell : renderToStaticMarkup(cell ?? null);
};

describe('typed rows in custom cells', () => {
  it('a catalogue row is the type its declaration gives (no cast in the cell)', () => {
    expectTypeOf<RowOf<typeof paymentRidesResource>>().toEqualTypeOf<PaymentRideRow>();
    expectTypeOf(paymentCell).parameter(0).toEqualTypeOf<PaymentRideRow>();
    expectTypeOf(paymentRidesWeb.renderCell).toExtend<((r: PaymentRideRow, f: FieldDef) => unknown) | undefined>();
  });

  it('draws the captain, the car, the euros and a chip per payment status from the typed row', () => {
    expect(html('captain')).toBe('Ada Lovelace');
    expect(html('car')).not.toBe('');
    expect(html('total')).toBe(`<strong>${formatEuros(42.5)}</strong>`);
    expect(html('total')).toMatch(/42\.50/);
    const statuses = html('statuses');
    expect(statuses).toContain('DONE 2');
    expect(statuses).toContain('PENDING 1');
    expect(paymentCell(row, field('bookings_count'))).toBeUndefined();
  });

  it('names the expand button after the ride', () => {
    expect(paymentRidesWeb.expandLabel?.(row, false)).toContain('#7');
    expect(paymentRidesWeb.expandLabel?.(row, true)).toContain('#7');
  });
});
