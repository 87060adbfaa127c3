import type { BookingCandidateDto, CandidateScore } from '@taxi/shared';
import { afterEach, describe, expect, it } from 'vitest';
import {
  exclusionCounts,
  moveSelection,
  type PickerKeyEvent,
  pickerKeyAction,
  pickerRows,
} from '../src/features/bookings/dispatch/model';
import { formatList, formatSigned } from '../src/i18n/format';
import { i18n } from '../src/i18n/index';

const ranked = (captain_id: number, name: string, car_number: string | null): CandidateScore => ({
  captain_id,
  name,
  car_number,
  vehicle_type: 'sedan',
  lon: 7.42,
  lat: 43.73,
  eta_s: 60,
  distance_m: 300,
  parts: { eta: 60, idle_bonus: -5, constraint_penalty: 0, stale_penalty: 0 },
  total: 55,
  station_queue: null,
  clears_in_s: null,
});

const candidate = (id: number, full_name: string, number: string): BookingCandidateDto => ({
  captain: { id, first_name: '', last_name: '', full_name, phone_number: null, conversation_id: null },
  car: { id, number, color: null, brand_model: null },
  distance_m: 400,
  eta_s: 90,
  online: true,
});

const RANKED = [ranked(9, 'Charlotte Rizzo', 'MC-00009'), ranked(6, 'Valentina Settimo', 'MC-00006')];
const CANDIDATES = [
  candidate(87, 'Jacques Conti', 'MC-00087'),
  candidate(6, 'Valentina Settimo', 'MC-00006'),
  candidate(115, 'Lucas Giordano', 'MC-00115'),
];

const key = (k: string, extra: Partial<PickerKeyEvent> = {}): PickerKeyEvent => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...extra,
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the dispatch dialog lists', () => {
  it('the ranked come first, the other captains leave out the ranked ones, in their order', () => {
    const rows = pickerRows(RANKED, CANDIDATES, '');
    expect(rows.ranked.map((c) => c.captain_id)).toEqual([9, 6]);
    expect(rows.others.map((c) => c.captain.id)).toEqual([87, 115]);
    expect(rows.order).toEqual([9, 6, 87, 115]);
  });

  it('a captain still on a trip is listed but not walked to nor dispatched by "1": the first free one is', () => {
    const busy = { ...ranked(4, 'Laurent Bellando', 'MC-00004'), clears_in_s: 150 };
    const rows = pickerRows([busy, ...RANKED], CANDIDATES, '');
    expect(rows.ranked.map((c) => c.captain_id)).toEqual([4, 9, 6]);
    expect(rows.order).toEqual([9, 6, 87, 115]);
    expect(rows.first).toBe(9);
    expect(pickerRows([busy], [], '').first).toBeNull();
  });

  it('the filter narrows both lists by name or car number, ignoring case', () => {
    expect(pickerRows(RANKED, CANDIDATES, '  giordano ').order).toEqual([115]);
    expect(pickerRows(RANKED, CANDIDATES, 'mc-0000').order).toEqual([9, 6]);
    expect(pickerRows(RANKED, CANDIDATES, 'nobody').order).toEqual([]);
  });

  it('without a ranking (loading or failed) every candidate is an other captain', () => {
    expect(pickerRows(undefined, CANDIDATES, '').order).toEqual([87, 6, 115]);
    expect(pickerRows(RANKED, undefined, '').order).toEqual([9, 6]);
  });

  it('the reasons of the left out come most frequent first, ties in the reasons order', () => {
    expect(exclusionCounts({ offline: 2, busy: 4, vehicle_type: 1, blocked: 0, service: 2 })).toEqual([
      ['busy', 4],
      ['offline', 2],
      ['service', 2],
      ['vehicle_type', 1],
    ]);
    expect(exclusionCounts({})).toEqual([]);
  });

  it('reads the left out as a list of the language, the score parts with their sign', async () => {
    expect(formatList(['4 busy', '2 offline', '1 wrong vehicle type'])).toBe('4 busy, 2 offline, 1 wrong vehicle type');
    expect([formatSigned(-12), formatSigned(38), formatSigned(0)]).toEqual(['-12', '+38', '0']);
    await i18n.changeLanguage('ar');
    // A left-to-right mark keeps the sign before the digits in a right-to-left line.
    expect(formatSigned(-12)).toMatch(/^\u200e?-12$/);
  });
});

describe('the dispatch dialog keys', () => {
  it('the arrows move through both lists and stop at either end', () => {
    const order = [9, 6, 87];
    expect(moveSelection(order, 9, 1)).toBe(6);
    expect(moveSelection(order, 6, 1)).toBe(87);
    expect(moveSelection(order, 87, 1)).toBe(87);
    expect(moveSelection(order, 9, -1)).toBe(9);
    expect(moveSelection(order, null, 1)).toBe(9);
    expect(moveSelection(order, 42, -1)).toBe(9);
    expect(moveSelection([], null, 1)).toBeNull();
  });

  it('in the filter, the arrows and Enter drive the list and every other key types (digits too)', () => {
    expect(pickerKeyAction(key('ArrowDown'), true)).toBe('next');
    expect(pickerKeyAction(key('ArrowUp'), true)).toBe('prev');
    expect(pickerKeyAction(key('Enter'), true)).toBe('dispatchSelected');
    for (const k of ['1', 'a', 'Home', 'End', 'Backspace', ' ']) expect(pickerKeyAction(key(k), true)).toBeNull();
  });

  it('on the list, "1" dispatches the first ranked, Home and End jump, a printable key goes to the filter', () => {
    expect(pickerKeyAction(key('1'), false)).toBe('dispatchFirst');
    expect(pickerKeyAction(key('\u0661'), false)).toBe('dispatchFirst');
    expect(pickerKeyAction(key('Enter'), false)).toBe('dispatchSelected');
    expect(pickerKeyAction(key('Home'), false)).toBe('first');
    expect(pickerKeyAction(key('End'), false)).toBe('last');
    expect(pickerKeyAction(key('m'), false)).toBe('toFilter');
    expect(pickerKeyAction(key('2'), false)).toBe('toFilter');
    expect(pickerKeyAction(key('Backspace'), false)).toBe('toFilter');
    expect(pickerKeyAction(key(' '), false)).toBeNull();
    expect(pickerKeyAction(key('Tab'), false)).toBeNull();
  });

  it('leaves combinations and composition alone', () => {
    expect(pickerKeyAction(key('1', { ctrlKey: true }), false)).toBeNull();
    expect(pickerKeyAction(key('ArrowDown', { altKey: true }), true)).toBeNull();
    expect(pickerKeyAction(key('Enter', { isComposing: true }), true)).toBeNull();
  });
});
