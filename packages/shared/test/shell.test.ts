import { describe, expect, it } from 'vitest';
import {
  type Actor,
  can,
  DEMO_ROLES,
  DRAWER,
  type DrawerEntry,
  type DrawerItem,
  emailSchema,
  isDrawerGroup,
  isValidEmail,
  isValidPassword,
  MSG,
  PROTECTED_ROUTES,
  passwordSchema,
  visibleDrawer,
} from '../src';

const staff = (permissions: readonly string[], roleId = 2): Actor => ({
  id: 1,
  roles: [{ id: roleId, name: 'Role' }],
  permissions: [...permissions],
});
const DISPATCHER = staff(DEMO_ROLES.find((r) => r.name === 'Dispatcher')?.permissions ?? []);
const entryRoutes = (items: readonly DrawerItem[]) =>
  items.flatMap((i) => (isDrawerGroup(i) ? i.entries.map((e) => e.route) : [i.route]));

describe('validation rules (shell.md §5)', () => {
  it('email must contain an @', () => {
    expect(isValidEmail('a@b')).toBe(true);
    expect(isValidEmail('ab')).toBe(false);
    const res = emailSchema.safeParse('nope');
    expect(res.success).toBe(false);
    expect(res.error?.issues[0].message).toBe('Please enter a valid email');
    expect(emailSchema.safeParse('').error?.issues[0].message).toBe('This field is required');
  });

  it('password: 8-15 chars, lower, upper, digit, special (accented e counts)', () => {
    expect(isValidPassword('Demo#2026')).toBe(true);
    expect(isValidPassword('Demoé2026')).toBe(true);
    expect(isValidPassword('Demo2026')).toBe(false); // no special
    expect(isValidPassword('demo#2026')).toBe(false); // no upper
    expect(isValidPassword('DEMO#2026')).toBe(false); // no lower
    expect(isValidPassword('Demo#demo')).toBe(false); // no digit
    expect(isValidPassword('De#2')).toBe(false); // too short
    expect(isValidPassword('Demo#2026Demo#20')).toBe(false); // 16
    expect(passwordSchema.safeParse('short').error?.issues[0].message).toBe(
      'Password must be 8-15 characters, and it must contain at least one uppercase letter, one lowercase letter, one number and one special character.',
    );
    expect(MSG.invalidLength(6)).toBe('Invalid character length, required 6');
  });
});

describe('permissions and drawer (shell.md §2.3, §6)', () => {
  it('can() tests membership; null means any signed-in user', () => {
    expect(can(['USERS'], 'USERS')).toBe(true);
    expect(can(['USERS'], 'SETTINGS')).toBe(false);
    expect(can(undefined, 'USERS')).toBe(false);
    expect(can([], null)).toBe(true);
  });

  it('a dispatcher sees no group without a visible child', () => {
    const items = visibleDrawer(DISPATCHER);
    expect(items.some(isDrawerGroup)).toBe(false);
    const routes = items.map((i) => (isDrawerGroup(i) ? i.group : i.route));
    expect(routes).toContain('Requests');
    expect(routes).toContain('Vacations');
    expect(routes).not.toContain('Staff');
    expect(routes).not.toContain('Settings');
  });

  it('admin (every permission) sees every entry and group but the desks’ homes', () => {
    const all = [
      ...new Set(DRAWER.flatMap((i) => (isDrawerGroup(i) ? i.entries : [i])).map((e) => e.permission)),
    ].filter((p): p is NonNullable<typeof p> => p !== null);
    const desks = ['AirportCreate', 'PartnerBookings'];
    expect(visibleDrawer(staff(all, 1))).toEqual(DRAWER.filter((i) => isDrawerGroup(i) || !desks.includes(i.route)));
  });

  it('a desk’s drawer leads to its own home: the partner’s bookings, the airport request', () => {
    // Roles 11 and 12 are the airport agency's, 21 to 23 the partners' (hotel, restaurant, company).
    for (const roleId of [11, 12]) {
      expect(entryRoutes(visibleDrawer(staff([], roleId)))).toEqual(['AirportCreate', 'Vacations']);
    }
    for (const roleId of [21, 22, 23]) {
      expect(entryRoutes(visibleDrawer(staff([], roleId)))).toEqual(['PartnerBookings', 'Vacations']);
    }
    const titles = DRAWER.filter((i): i is DrawerEntry => !isDrawerGroup(i)).map((i) => [i.route, i.title]);
    expect(titles).toContainEqual(['AirportCreate', 'Airport request']);
    expect(titles).toContainEqual(['PartnerBookings', 'Our bookings']);
    expect(entryRoutes(visibleDrawer(DISPATCHER))).not.toContain('AirportCreate');
    expect(entryRoutes(visibleDrawer(DISPATCHER))).not.toContain('PartnerBookings');
  });
});

describe('route table', () => {
  it('keeps fullHeight for the pages that size themselves (board, tracking, drivers map, shifts map)', () => {
    const full = PROTECTED_ROUTES.filter((r) => r.fullHeight).map((r) => r.name);
    expect(full).toEqual(['Requests', 'CaptainsMap', 'DriversMap', 'ShiftsMap']);
  });
});
