import { PARTNER_ROLE_IDS } from '../partner-roles';
import type { Permission } from '../permissions';
import { ADMIN_ROLE_ID, AIRPORT_ROLE_IDS, primaryRole } from '../roles';
import { type Actor, holds, mayChange, rule, signedInRule } from './core';

/**
 * The kinds of user accounts: staff (the staff table, under USERS), a partner's desk (hotel, restaurant or
 * company staff: users.partner_id, roles 21-23) and an airport agency's desk (users.airport_agency_id,
 * roles 11 and 12), both under ACCOMMODATION (the permission of their catalogues).
 */
export const USER_KINDS = ['staff', 'partner', 'airport'] as const;
export type UserKind = (typeof USER_KINDS)[number];

/** The permission that puts an account of this kind within reach (its list's permission). */
export const USER_KIND_PERMISSION: Readonly<Record<UserKind, Permission>> = Object.freeze({
  staff: 'USERS',
  partner: 'ACCOMMODATION',
  airport: 'ACCOMMODATION',
});

const AIRPORT_ROLES: readonly number[] = AIRPORT_ROLE_IDS;

/** The kind a role makes of its holder (a partner or airport role makes a desk account). */
export const kindOfRole = (roleId: number): UserKind =>
  PARTNER_ROLE_IDS.includes(roleId) ? 'partner' : AIRPORT_ROLES.includes(roleId) ? 'airport' : 'staff';

/**
 * The kind of an account, from its link (partner, airport agency) and its roles: any partner link or role makes
 * a partner desk, any airport link or role an airport desk, anything else is staff.
 */
export function userKindOf(user: {
  roleIds: readonly number[];
  partnerId?: number | null;
  airportAgencyId?: number | null;
}): UserKind {
  const kinds = user.roleIds.map(kindOfRole);
  if (user.partnerId != null || kinds.includes('partner')) return 'partner';
  if (user.airportAgencyId != null || kinds.includes('airport')) return 'airport';
  return 'staff';
}

/** A user account as the rules see it: its kind, its roles and every permission they grant. */
export interface StaffSubject {
  id: number;
  kind: UserKind;
  roleIds: readonly number[];
  permissions: readonly string[];
}

/** Roles being given (their ids, and every permission they grant). */
export interface RoleGrant {
  roleIds: readonly number[];
  permissions: readonly string[];
}

/** One change to a user account: the account (null: a new one) and the roles it is given (absent: unchanged). */
export interface UserChange {
  user: StaffSubject | null;
  assigning?: RoleGrant;
}

/** A role as the rules see it: its id and the permissions it grants. */
export interface RoleSubject {
  id: number;
  permissions: readonly string[];
}

const isAdmin = (a: Actor) => primaryRole(a.roles)?.id === ADMIN_ROLE_ID;
const within = (permissions: readonly string[], a: Actor) => permissions.every((p) => a.permissions.includes(p));

/**
 * The account half of a change (shell.md §6): nobody edits, resets, deactivates, re-addresses, signs out or
 * deletes an account whose permissions exceed their own, nor one of a kind outside their reach (a partner's or
 * an airport agency's desk needs ACCOMMODATION; staff need USERS); role 1 and its users are changed only by
 * role 1. One's own profile stays one's own. The airport supervisor (role 12) manages nobody: the agency's
 * accounts are made and changed on the airport agency users page, under ACCOMMODATION.
 */
const editUser = rule<StaffSubject>('staff.editUser', (a, user) => {
  if (user.roleIds.includes(ADMIN_ROLE_ID) && !isAdmin(a)) return false;
  if (a.id === user.id) return true;
  return mayChange(a, USER_KIND_PERMISSION[user.kind]) && within(user.permissions, a);
});

/**
 * The roles half of a change: never to oneself, never a permission one lacks, role 1 only by role 1, and a
 * partner or airport role (11, 12, 21-23) only by whoever may manage those desks (ACCOMMODATION).
 */
const assignRoles = rule<RoleGrant & { user: { id: number } | null }>(
  'staff.assignRoles',
  (a, { user, roleIds, permissions }) =>
    user?.id !== a.id &&
    // No role at all is a staff account's change (the staff table's).
    (roleIds.length ? roleIds.map(kindOfRole) : (['staff'] as const)).every((k) =>
      mayChange(a, USER_KIND_PERMISSION[k]),
    ) &&
    within(permissions, a) &&
    (!roleIds.includes(ADMIN_ROLE_ID) || isAdmin(a)),
);

/**
 * The one rule of every write to a user account (its password, e-mail, status, roles, sessions, the account
 * itself), on every path that writes one: the account within reach and the roles given within reach.
 */
const changeUser = rule<UserChange>(
  'staff.changeUser',
  (a, { user, assigning }) =>
    (user === null || editUser.allows(a, user)) &&
    (assigning === undefined || assignRoles.allows(a, { ...assigning, user })),
);

export const staffPolicy = {
  /** The staff and role tables. */
  manage: rule('staff.manage', (a) => mayChange(a, 'USERS')),
  /** Role and permission pickers. */
  pickRoles: signedInRule('staff.pickRoles'),
  /** Change a user account, and give it roles: the account half and the roles half below, together. */
  changeUser,
  /** Edit, reset the password of, deactivate, re-address, end the sessions of or delete this account. */
  editUser,
  /** Give an account (null: a new one) these roles (whose permissions are given). */
  assignRoles,
  /** Change a role (or delete it): role 1 only by role 1, and only a role one could have made. */
  editRole: rule<RoleSubject>(
    'staff.editRole',
    (a, role) => holds(a, 'USERS') && (role.id === ADMIN_ROLE_ID ? isAdmin(a) : within(role.permissions, a)),
  ),
  /** Grant these permissions to a role. */
  grant: rule<readonly string[]>('staff.grant', (a, permissions) => holds(a, 'USERS') && within(permissions, a)),
  /** End every session of a user (an admin's "sign out everywhere" for someone else). */
  endSessions: rule<StaffSubject>('staff.endSessions', (a, user) => a.id !== user.id && editUser.allows(a, user)),
} as const;
