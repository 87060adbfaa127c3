import { type Actor, RESOURCE_MSG, type RoleGrant, staffPolicy } from '@taxi/shared';
import type { Tx } from '../../db/client';
import { HttpError, validationError } from '../../http/errors';
import { permissionsOfRoles } from '../resources/role-permissions';
import { staffSubjectOf } from './queries';

export interface AccountChange {
  /** The account changed (null: a new one). */
  userId: number | null;
  /** The roles it is given (absent: unchanged). */
  roleIds?: readonly number[];
  /** The form field the roles came from (its 422 names it). */
  rolesField?: string;
}

/**
 * The staff policy's one rule (staffPolicy.changeUser) on a write to a user account, whichever page writes it
 * (staff, partner desks, airport desks, sessions): 403 when the account is out of the actor's reach, 403 when
 * the actor changes their own roles, 422 on the roles' field when the roles given are. Saving one's own roles
 * back unchanged is no change.
 */
export async function checkAccountChange(tx: Tx, actor: Actor, change: AccountChange): Promise<void> {
  const { userId, roleIds, rolesField = 'roles' } = change;
  const user = userId === null ? null : await staffSubjectOf(tx, userId);
  // An unknown id is the caller's 404.
  if (userId !== null && !user) return;
  let assigning: RoleGrant | undefined;
  if (roleIds !== undefined) {
    if (user && user.id === actor.id) {
      const same = user.roleIds.length === roleIds.length && user.roleIds.every((r, i) => r === roleIds[i]);
      if (!same) throw new HttpError(403, RESOURCE_MSG.cannotChangeOwnRole);
    } else {
      assigning = { roleIds, permissions: await permissionsOfRoles(tx, roleIds) };
    }
  }
  if (staffPolicy.changeUser.allows(actor, { user, assigning })) return;
  if (user && !staffPolicy.editUser.allows(actor, user)) throw new HttpError(403, RESOURCE_MSG.cannotEditUser);
  throw validationError(rolesField, RESOURCE_MSG.cannotGrant);
}
