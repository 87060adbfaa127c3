import { type Actor, GOVERNMENT_ROLE_NAME, isDrawerGroup, visibleDrawer } from '@taxi/shared';
import { describe, expect, it } from 'vitest';
import {
  bookingIdOf,
  groupItems,
  moveActive,
  normalize,
  palettePages,
  rank,
  score,
} from '../src/features/keyboard/paletteModel';

const actor = (permissions: string[], role = 'Dispatcher'): Actor => ({
  id: 1,
  roles: [{ id: 2, name: role }],
  permissions,
});

describe('pages of the palette', () => {
  it('are the drawer entries the user sees, groups flattened, nothing the drawer hides', () => {
    const user = actor(['DISPATCHING', 'PASSENGERS', 'LOCATIONS']);
    const pages = palettePages(user);
    const routes = pages.map((p) => p.route);
    const drawerRoutes = visibleDrawer(user).flatMap((item) =>
      isDrawerGroup(item) ? item.entries.map((e) => e.route) : [item.route],
    );
    expect(routes).toEqual(drawerRoutes);
    expect(routes).toContain('Requests');
    expect(routes).toContain('Passengers');
    expect(routes).not.toContain('Staff'); // USERS
    expect(routes).not.toContain('PhoneBooking'); // PHONE_BOOKING
    expect(pages.find((p) => p.route === 'Locations')).toEqual({ route: 'Locations', title: 'Sectors', group: 'Maps' });
  });

  it('leave out an action page whose action the user may not take (Goverment and Phone Booking)', () => {
    expect(palettePages(actor(['PHONE_BOOKING'])).map((p) => p.route)).toContain('PhoneBooking');
    const gov = palettePages(actor(['PHONE_BOOKING', 'DISPATCHING'], GOVERNMENT_ROLE_NAME)).map((p) => p.route);
    expect(gov).not.toContain('PhoneBooking');
    expect(gov).toContain('Requests');
  });

  it('are none without permissions but the ones open to all staff', () => {
    expect(palettePages(actor([])).every((p) => p.route === 'Vacations')).toBe(true);
  });
});

describe('scoring', () => {
  it('prefers the whole text, then its start, a word start, inside, then letters in order', () => {
    const exact = score('drivers', 'Drivers');
    const prefix = score('dri', 'Drivers');
    const word = score('book', 'Phone Booking');
    const inside = score('ook', 'Phone Booking');
    const fuzzy = score('phbk', 'Phone Booking');
    expect(exact).toBe(100);
    expect(prefix).toBeGreaterThan(word);
    expect(word).toBeGreaterThan(inside);
    expect(inside).toBeGreaterThan(fuzzy);
    expect(fuzzy).toBeGreaterThan(0);
    expect(score('xyz', 'Phone Booking')).toBe(0);
  });

  it('ignores case, accents and extra spaces; every word must match', () => {
    expect(normalize('  Réservations   Liste ')).toBe('reservations liste');
    expect(score('reserv', 'Réservations')).toBe(80);
    expect(score('phone book', 'Phone Booking')).toBeGreaterThan(0);
    expect(score('phone xyz', 'Phone Booking')).toBe(0);
    expect(score('', 'anything')).toBeGreaterThan(0);
  });

  it('ranks best first, keeps the given order on ties, drops what does not match', () => {
    const pages = ['Passengers', 'Unregistered passengers', 'Messages', 'Settings'];
    expect(rank('pass', pages, (p) => [p])).toEqual(['Passengers', 'Unregistered passengers']);
    expect(rank('', pages, (p) => [p])).toEqual(pages);
    // any of an item's names may match (the translated title or the English one)
    expect(rank('drivers', [{ t: 'Chauffeurs', en: 'Drivers' }], (p) => [p.t, p.en])).toHaveLength(1);
  });
});

describe('booking ids, groups and moving', () => {
  it('reads a booking id from digits, with or without #', () => {
    expect(bookingIdOf('123')).toBe(123);
    expect(bookingIdOf(' #45 ')).toBe(45);
    expect(bookingIdOf('0')).toBeNull();
    expect(bookingIdOf('12a')).toBeNull();
    expect(bookingIdOf('+33612')).toBeNull();
    expect(bookingIdOf('1234567890')).toBeNull();
  });

  it('groups items in the headings order', () => {
    const items = [
      { group: 'actions' as const, k: 1 },
      { group: 'pages' as const, k: 2 },
      { group: 'bookings' as const, k: 3 },
      { group: 'pages' as const, k: 4 },
    ];
    expect(groupItems(items).map((s) => [s.group, s.items.map((i) => i.k)])).toEqual([
      ['bookings', [3]],
      ['pages', [2, 4]],
      ['actions', [1]],
    ]);
    expect(groupItems(items, ['actions', 'pages']).map((s) => s.group)).toEqual(['actions', 'pages']);
  });

  it('moves the active option with wrap-around', () => {
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(-1, -1, 3)).toBe(2);
    expect(moveActive(2, 1, 3)).toBe(0);
    expect(moveActive(0, -1, 3)).toBe(2);
    expect(moveActive(0, 1, 0)).toBe(-1);
  });
});
