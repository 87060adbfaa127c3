import { describe, expect, it } from 'vitest';
import { formatLogValue, logChanges, logFieldLabel, logTitle } from '../src/features/bookings/logDiff';

describe('the booking log diff', () => {
  it('lists the changed fields with labels and formatted values, not JSON', () => {
    const changes = logChanges(
      { datetime: '2026-11-22T16:05:00.000Z', voucher_id: 3 },
      { datetime: '2026-11-22T16:35:00.000Z', voucher_id: 3 },
    );
    expect(changes).toEqual([
      { field: 'datetime', label: 'Order time', before: '17h05 - 22/11/2026', after: '17h35 - 22/11/2026' },
    ]);
  });

  it('shows statuses with their labels and new fields against an empty before', () => {
    expect(logChanges({ status: 'PENDING' }, { status: 'APPROVED', captain_id: 7, ride_id: 12 })).toEqual([
      { field: 'status', label: 'Status', before: 'Waiting for dispatching', after: 'Order dispatched' },
      { field: 'captain_id', label: 'Captain', before: '—', after: '#7' },
      { field: 'ride_id', label: 'Ride', before: '—', after: '#12' },
    ]);
    expect(
      logChanges(null, { status: 'PENDING', origin: 'phone', service_id: 2 }, { service: () => 'Full car' }),
    ).toEqual([
      { field: 'status', label: 'Status', before: '—', after: 'Waiting for dispatching' },
      { field: 'origin', label: 'Origin', before: '—', after: 'phone' },
      { field: 'service_id', label: 'Service', before: '—', after: 'Full car' },
    ]);
  });

  it('keeps every field when nothing changed, and shows a non-object side whole', () => {
    expect(logChanges(null, null)).toEqual([]);
    expect(logChanges({ status: 'DONE' }, { status: 'DONE' })).toEqual([
      { field: 'status', label: 'Status', before: 'Arrived to dropoff', after: 'Arrived to dropoff' },
    ]);
    expect(logChanges('old', 'new')).toEqual([{ field: '', label: 'Value', before: 'old', after: 'new' }]);
  });

  it('formats times, money, booleans, answers and unknown values', () => {
    expect(formatLogValue('besoin_date', '2026-11-22T16:05:09.000Z')).toBe('22/11/2026 17:05');
    expect(formatLogValue('besoin', false)).toBe('No');
    expect(formatLogValue('answer', 'NO_RESPONSE')).toBe('No response');
    expect(formatLogValue('amount', 12.5)).toMatch(/12[.,]50/);
    expect(formatLogValue('extra', { a: 1 })).toBe('{"a":1}');
    expect(formatLogValue('status', 'WEIRD')).toBe('WEIRD');
    expect(logFieldLabel('some_field')).toBe('some field');
    expect(logTitle('change_time')).toBe('Time changed');
    expect(logTitle('new_thing')).toBe('new thing');
  });
});
