import { ADMIN_ROLE_ID, primaryRole } from '../roles';
import { type Actor, holds, mayChange, rule, signedInRule } from './core';

/** A staff member as the rules see them: their roles and what their first role grants. */
export interface StaffSubject {
  id: number;
  roleIds: readonly number[];
  permissions: readonly string[];
}

/** A role as the rules see it: its id and the permissions it grants. */
export interface RoleSubject {
  id: number;
  permissions: readonly string[];
}

const isAdmin = (a: Actor) => primaryRole(a.roles)?.id === ADMIN_ROLE_ID;
const within = (permissions: readonly string[], a: Actor) => permissions.every((p) => a.permissions.includes(p));

/**
 * Staff and roles (shell.md §6). Nobody grants a permission they do not hold; nobody edits, resets,
 * deactivates or re-addresses a user whose permissions exceed their own; role 1 and its users are
 * changed only by role 1; nobody changes their own role.
 */
const editUser = rule<StaffSubject>('staff.editUser', (a, user) => {
  if (!holds(a, 'USERS') && a.id !== user.id) return false;
  if (user.roleIds.includes(ADMIN_ROLE_ID) && !isAdmin(a)) return false;
  return a.id === user.id || within(user.permissions, a);
});

export const staffPolicy = {
  /** The staff and role tables. */
  manage: rule('staff.manage', (a) => mayChange(a, 'USERS')),
  /** Role and permission pickers. */
  pickRoles: signedInRule('staff.pickRoles'),
  /** Edit, reset the password of, deactivate, re-address or end the sessions of this user. */
  editUser,
  /** Give a user these roles (whose permissions are given): never oneself, never beyond one's own. */
  assignRoles: rule<{ user: { id: number } | null; permissions: readonly string[]; roleIds: readonly number[] }>(
    'staff.assignRoles',
    (a, { user, permissions, roleIds }) =>
      holds(a, 'USERS') &&
      user?.id !== a.id &&
      within(permissions, a) &&
      (!roleIds.includes(ADMIN_ROLE_ID) || isAdmin(a)),
  ),
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
