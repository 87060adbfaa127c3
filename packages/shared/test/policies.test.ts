import { describe, expect, it } from 'vitest';
import {
  type Actor,
  aiPolicy,
  BOOKING_ACTIONS,
  BOOKING_MSG,
  bookingPolicy,
  broadcastPolicy,
  CAPTAIN_REFUSALS,
  COMPLAINT_MSG,
  captainAppPolicy,
  captainCancellationReasonsResource,
  captainPolicy,
  captainWorkRefusal,
  cataloguePolicy,
  complaintPolicy,
  DEMO_ROLES,
  GOVERNMENT_ROLE_NAME,
  mayOpen,
  PERMISSIONS,
  type Permission,
  PROTECTED_ROUTES,
  passengerPolicy,
  type Rule,
  scheduledMessagePolicy,
  sessionPolicy,
  settingsPolicy,
  shellPolicy,
  smsPolicy,
  staffPolicy,
  userKindOf,
} from '../src';

// The demo roles as the seed grants them (one demo user per role).
const permissionsOf = (id: number) => DEMO_ROLES.find((r) => r.id === id)?.permissions ?? [];
const DISPATCHER = permissionsOf(2);
const CALL_CENTRE = permissionsOf(3);
const GOVERMENT = permissionsOf(4);
const SUPERVISOR = permissionsOf(5);

const actor = (id: number, roleId: number, roleName: string, permissions: readonly Permission[]): Actor => ({
  id,
  roles: [{ id: roleId, name: roleName }],
  permissions,
});

const DEMO = {
  admin: actor(1, 1, 'Admin', PERMISSIONS),
  dispatcher: actor(2, 2, 'Dispatcher', DISPATCHER),
  callCentre: actor(3, 3, 'Call centre', CALL_CENTRE),
  goverment: actor(4, 4, GOVERNMENT_ROLE_NAME, GOVERMENT),
  supervisor: actor(5, 5, 'Supervisor', SUPERVISOR),
  airport: actor(6, 11, 'Airport agency', []),
  airportSupervisor: actor(7, 12, 'Airport supervisor', []),
} as const;
type DemoRole = keyof typeof DEMO;
const ROLES = Object.keys(DEMO) as DemoRole[];

/** Who a rule allows, by demo role: a row of the table below. */
const only = (...roles: DemoRole[]) => roles;
const ALL_BUT_AIRPORT = only('admin', 'dispatcher', 'callCentre', 'goverment', 'supervisor');
const CHANGERS = only('admin', 'dispatcher', 'callCentre', 'supervisor');

// Route-level rules (no subject) × demo roles: the facts the web's buttons and the server's routes share.
const TABLE: [string, Rule<void>, DemoRole[]][] = [
  ['bookingPolicy.read', bookingPolicy.read, ALL_BUT_AIRPORT],
  ['bookingPolicy.change', bookingPolicy.change, CHANGERS],
  ['bookingPolicy.logs', bookingPolicy.logs, CHANGERS],
  ['bookingPolicy.order', bookingPolicy.order, CHANGERS],
  ['bookingPolicy.orderSearch', bookingPolicy.orderSearch, ALL_BUT_AIRPORT],
  ['aiPolicy.popups', aiPolicy.popups, CHANGERS],
  ['aiPolicy.answer', aiPolicy.answer, CHANGERS],
  ['complaintPolicy.read', complaintPolicy.read, ALL_BUT_AIRPORT],
  ['complaintPolicy.file', complaintPolicy.file, CHANGERS],
  ['complaintPolicy.categorize', complaintPolicy.categorize, CHANGERS],
  ['complaintPolicy.comment', complaintPolicy.comment, ALL_BUT_AIRPORT],
  ['complaintPolicy.log', complaintPolicy.log, ALL_BUT_AIRPORT],
  ['complaintPolicy.workDialog', complaintPolicy.workDialog, only('goverment')],
  ['complaintPolicy.setStatus', complaintPolicy.setStatus, only('goverment')],
  ['passengerPolicy.list', passengerPolicy.list, CHANGERS],
  ['passengerPolicy.change', passengerPolicy.change, CHANGERS],
  ['captainPolicy.change', captainPolicy.change, CHANGERS],
  ['captainPolicy.punish', captainPolicy.punish, only('admin', 'supervisor')],
  ['sessionPolicy.socket', sessionPolicy.socket, ALL_BUT_AIRPORT],
  ['sessionPolicy.chatToken', sessionPolicy.chatToken, CHANGERS],
  ['shellPolicy.messages', shellPolicy.messages, CHANGERS],
  ['shellPolicy.notifications', shellPolicy.notifications, ALL_BUT_AIRPORT],
  ['shellPolicy.airportDesk', shellPolicy.airportDesk, only('airport', 'airportSupervisor')],
  ['settingsPolicy.setSeason', settingsPolicy.setSeason, only('admin', 'supervisor')],
  ['staffPolicy.manage', staffPolicy.manage, only('admin', 'supervisor')],
  ['smsPolicy.codes', smsPolicy.codes, only('admin')],
  ['broadcastPolicy.read', broadcastPolicy.read, only('admin', 'dispatcher', 'supervisor')],
  ['broadcastPolicy.send', broadcastPolicy.send, only('admin', 'dispatcher', 'supervisor')],
  ['scheduledMessagePolicy.read', scheduledMessagePolicy.read, only('admin', 'supervisor')],
  ['scheduledMessagePolicy.change', scheduledMessagePolicy.change, only('admin', 'supervisor')],
  [
    'cataloguePolicy(captain_cancellation_reasons).write',
    cataloguePolicy(captainCancellationReasonsResource).write,
    CHANGERS,
  ],
  [
    'cataloguePolicy(captain_cancellation_reasons).read',
    cataloguePolicy(captainCancellationReasonsResource).read,
    ROLES,
  ],
];

describe('policies for the demo roles', () => {
  for (const [name, rule, allowed] of TABLE) {
    it(`${name} allows exactly ${allowed.join(', ')}`, () => {
      const got = ROLES.filter((role) => rule.allows(DEMO[role]));
      expect(got).toEqual(allowed);
    });
  }

  it('the captain-app rules allow no staff role, and work only for a captain who may work', () => {
    for (const rule of [captainAppPolicy.own, captainAppPolicy.work]) {
      expect(ROLES.filter((role) => rule.allows(DEMO[role]))).toEqual([]);
    }
    expect(captainAppPolicy.own.allowsCaptain({ id: 1, refusal: 'blocked' })).toBe(true);
    expect(captainAppPolicy.work.allowsCaptain({ id: 1, refusal: null })).toBe(true);
    for (const refusal of CAPTAIN_REFUSALS) {
      expect(captainAppPolicy.work.allowsCaptain({ id: 1, refusal }), refusal).toBe(false);
    }
    expect(captainAppPolicy.sendCode.public).toBe(true);
  });

  it('a captain works unless blocked, unapproved, inactive or without a car (a punishment named first)', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    const fine = { registered: true, active: true, blocked_until: null, has_car: true };
    expect(captainWorkRefusal(fine, now)).toBeNull();
    expect(captainWorkRefusal({ ...fine, blocked_until: new Date(now.getTime() - 1) }, now)).toBeNull();
    expect(captainWorkRefusal({ ...fine, blocked_until: new Date(now.getTime() + 1), active: false }, now)).toBe(
      'blocked',
    );
    expect(captainWorkRefusal({ ...fine, registered: false }, now)).toBe('unregistered');
    expect(captainWorkRefusal({ ...fine, active: false }, now)).toBe('inactive');
    expect(captainWorkRefusal({ ...fine, has_car: false }, now)).toBe('no_car');
  });

  it('the Goverment role reads the board and complaints but changes no booking and gets no AI popups', () => {
    const gov = DEMO.goverment;
    expect(bookingPolicy.read.allows(gov)).toBe(true);
    expect(bookingPolicy.change.allows(gov)).toBe(false);
    for (const action of BOOKING_ACTIONS) expect(bookingPolicy.act.allows(gov, action), action).toBe(false);
    expect(aiPolicy.popups.allows(gov)).toBe(false);
    expect(complaintPolicy.read.allows(gov)).toBe(true);
    expect(complaintPolicy.file.allows(gov)).toBe(false);
    // The refusal says why (the toast shows it); other roles get the plain 'forbidden'.
    expect(bookingPolicy.change.refusal?.(gov)).toBe(BOOKING_MSG.governmentForbidden);
    expect(complaintPolicy.file.refusal?.(gov)).toBe(COMPLAINT_MSG.governmentCannotFile);
    expect(bookingPolicy.change.refusal?.(DEMO.airport)).toBeUndefined();
  });

  it('only the Goverment role sets a complaint status; others are told why', () => {
    expect(complaintPolicy.setStatus.allows(DEMO.goverment)).toBe(true);
    // Admin holds every permission and still may not: the verdict is the Goverment role's.
    expect(complaintPolicy.setStatus.allows(DEMO.admin)).toBe(false);
    expect(complaintPolicy.setStatus.refusal?.(DEMO.admin)).toBe(COMPLAINT_MSG.onlyGovernmentSetsStatus);
    expect(complaintPolicy.setStatus.refusal?.(DEMO.goverment)).toBeUndefined();
    // ...and it comments and reads the log but never files.
    expect(complaintPolicy.comment.allows(DEMO.goverment)).toBe(true);
    expect(complaintPolicy.log.allows(DEMO.goverment)).toBe(true);
    expect(complaintPolicy.file.allows(DEMO.goverment)).toBe(false);
  });

  it('a dispatcher may take every booking action', () => {
    for (const action of BOOKING_ACTIONS) expect(bookingPolicy.act.allows(DEMO.dispatcher, action), action).toBe(true);
  });

  it('the airport desk gets no socket and starts on its own desk', () => {
    for (const role of ['airport', 'airportSupervisor'] as const) {
      expect(sessionPolicy.socket.allows(DEMO[role])).toBe(false);
      expect(shellPolicy.airportDesk.allows(DEMO[role])).toBe(true);
    }
    expect(shellPolicy.airportDesk.allows(DEMO.dispatcher)).toBe(false);
  });

  it('the supervisor grants no permission it lacks, and touches neither the admin nor its own role', () => {
    const sup = DEMO.supervisor;
    const lacking = PERMISSIONS.filter((p) => !SUPERVISOR.includes(p));
    expect(lacking.length).toBeGreaterThan(0);
    expect(staffPolicy.grant.allows(sup, ['CARLO_PAYMENT'])).toBe(false);
    expect(staffPolicy.grant.allows(sup, [...SUPERVISOR, lacking[0]])).toBe(false);
    expect(staffPolicy.grant.allows(sup, ['DISPATCHING', 'USERS'])).toBe(true);
    // Its own role may not be raised to all 33 permissions; the admin's role is the admin's.
    expect(staffPolicy.editRole.allows(sup, { id: 5, permissions: PERMISSIONS })).toBe(false);
    expect(staffPolicy.editRole.allows(sup, { id: 1, permissions: PERMISSIONS })).toBe(false);
    // The admin user (role 1, all permissions) is not the supervisor's to edit or reset.
    expect(staffPolicy.editUser.allows(sup, { id: 1, kind: 'staff', roleIds: [1], permissions: PERMISSIONS })).toBe(
      false,
    );
    expect(
      staffPolicy.assignRoles.allows(sup, { user: { id: sup.id }, permissions: ['DISPATCHING'], roleIds: [2] }),
    ).toBe(false);
    // A dispatcher (fewer permissions) is.
    expect(staffPolicy.editUser.allows(sup, { id: 2, kind: 'staff', roleIds: [2], permissions: DISPATCHER })).toBe(
      true,
    );
    expect(staffPolicy.grant.allows(DEMO.admin, PERMISSIONS)).toBe(true);
  });

  it('a partner or airport desk account is changed only with ACCOMMODATION, its roles too', () => {
    const sup = DEMO.supervisor;
    expect(SUPERVISOR).toContain('USERS');
    expect(SUPERVISOR).not.toContain('ACCOMMODATION');
    const hotelDesk = { id: 40, kind: userKindOf({ roleIds: [21], partnerId: 3 }), roleIds: [21], permissions: [] };
    const airportDesk = {
      id: 41,
      kind: userKindOf({ roleIds: [11], airportAgencyId: 1 }),
      roleIds: [11],
      permissions: [],
    };
    expect([hotelDesk.kind, airportDesk.kind]).toEqual(['partner', 'airport']);
    // Holding every permission of a desk's roles (none) is not enough: the desk is outside the staff table's reach.
    for (const desk of [hotelDesk, airportDesk]) {
      expect(staffPolicy.editUser.allows(sup, desk)).toBe(false);
      expect(staffPolicy.changeUser.allows(sup, { user: desk })).toBe(false);
      expect(staffPolicy.endSessions.allows(sup, desk)).toBe(false);
      expect(staffPolicy.editUser.allows(DEMO.admin, desk)).toBe(true);
    }
    // Nor does the supervisor make a desk account of anyone: roles 11, 12, 21-23 need ACCOMMODATION.
    const dispatcher = { id: 2, kind: 'staff' as const, roleIds: [2], permissions: DISPATCHER };
    for (const roleId of [11, 12, 21, 22, 23]) {
      const change = { user: dispatcher, assigning: { roleIds: [roleId], permissions: [] } };
      expect(staffPolicy.changeUser.allows(sup, change), String(roleId)).toBe(false);
      expect(staffPolicy.changeUser.allows(DEMO.admin, change), String(roleId)).toBe(true);
    }
    expect(
      staffPolicy.changeUser.allows(sup, { user: dispatcher, assigning: { roleIds: [3], permissions: CALL_CENTRE } }),
    ).toBe(true);
    // USERS and ACCOMMODATION together reach the desks; ACCOMMODATION alone reaches the desks, not the staff.
    const both = actor(50, 30, 'Desk keeper', ['USERS', 'ACCOMMODATION']);
    const accommodation = actor(51, 31, 'Partner manager', ['ACCOMMODATION']);
    expect(staffPolicy.editUser.allows(both, hotelDesk)).toBe(true);
    expect(
      staffPolicy.changeUser.allows(both, { user: airportDesk, assigning: { roleIds: [12], permissions: [] } }),
    ).toBe(true);
    expect(staffPolicy.editUser.allows(accommodation, hotelDesk)).toBe(true);
    expect(staffPolicy.editUser.allows(accommodation, { ...dispatcher, permissions: [] })).toBe(false);
    // A desk account given a role that grants more is out of reach of whoever lacks it.
    expect(staffPolicy.editUser.allows(both, { ...hotelDesk, roleIds: [21, 2], permissions: DISPATCHER })).toBe(false);
    // The airport supervisor (role 12) manages no account, not even its agency's.
    expect(staffPolicy.editUser.allows(DEMO.airportSupervisor, airportDesk)).toBe(false);
  });
});

describe('pages that only take an action ask its rule (mayOpen)', () => {
  const page = (name: string) => {
    const route = PROTECTED_ROUTES.find((r) => r.name === name);
    if (!route) throw new Error(name);
    return route;
  };
  it('the Goverment role opens the board and a ride, not the new-driver, new-car, log or chat pages', () => {
    for (const name of ['DriversCreate', 'DriversCreateCar', 'BookingLog', 'BookingChat']) {
      expect(mayOpen(page(name), DEMO.goverment), name).toBe(false);
      expect(mayOpen(page(name), DEMO.dispatcher), name).toBe(true);
    }
    expect(mayOpen(page('Requests'), DEMO.goverment)).toBe(true);
  });
});
