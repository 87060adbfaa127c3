import { type Actor, ADMIN_ROLE_ID, RESOURCE_MSG, staffPolicy } from '@taxi/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { roles, userRoles } from '../../../db/schema';
import { HttpError, validationError } from '../../../http/errors';
import { hashPassword } from '../../../lib/password';
import { endSessions, endSessionsOnStaffChange } from '../../auth/sessions';
import { staffSubjectOf } from '../../users/queries';
import { permissionsByRole, permissionsOfRoles } from '../role-permissions';
import type { ServerHooks } from '../service';

/**
 * The staff policy on a create (userId null) or an update: the user must be one the actor may change,
 * and new roles must grant nothing the actor lacks and never be the actor's own.
 */
async function checkStaffChange(tx: Tx, actor: Actor, userId: number | null, roleIds: number[] | undefined) {
  if (userId !== null) {
    const subject = await staffSubjectOf(tx, userId);
    // A user whose other roles grant more counts as holding it all.
    if (subject)
      subject.permissions = [...new Set([...subject.permissions, ...(await permissionsOfRoles(tx, subject.roleIds))])];
    if (subject && !staffPolicy.editUser.allows(actor, subject)) throw new HttpError(403, RESOURCE_MSG.cannotEditUser);
    if (userId === actor.id && roleIds !== undefined) {
      const current = subject?.roleIds ?? [];
      const same = current.length === roleIds.length && current.every((r, i) => r === roleIds[i]);
      if (!same) throw new HttpError(403, RESOURCE_MSG.cannotChangeOwnRole);
    }
  }
  if (roleIds === undefined) return;
  const granted = await permissionsOfRoles(tx, roleIds);
  const assignment = { user: userId === null ? null : { id: userId }, permissions: granted, roleIds };
  if (userId !== actor.id && !staffPolicy.assignRoles.allows(actor, assignment)) {
    throw validationError('roles', RESOURCE_MSG.cannotGrant);
  }
}

/** Staff users: password hashed, roles in user_roles (the first one counts), role 1 never assigned here. */
const hooks: ServerHooks = {
  async present(rows, db) {
    const ids = rows.map((r) => r.id);
    const held = ids.length
      ? await db
          .select({ userId: userRoles.userId, id: roles.id, name: roles.name, position: userRoles.position })
          .from(userRoles)
          .innerJoin(roles, eq(roles.id, userRoles.roleId))
          .where(inArray(userRoles.userId, ids))
          .orderBy(userRoles.position, roles.id)
      : [];
    const granted = await permissionsByRole(
      db,
      held.map((h) => h.id),
    );
    return rows.map((row) => {
      const mine = held.filter((h) => h.userId === row.id);
      return {
        ...row,
        roles: mine.map((h) => h.id),
        roles_label: mine.map((h) => h.name).join(', '),
        role_list: mine.map(({ id, name }) => ({ id, name })),
        // What the staff policy weighs (the web hides Edit on a user one may not change).
        permission_names: [...new Set(mine.flatMap((h) => granted.get(h.id) ?? []))],
      };
    });
  },
  async beforeSave(input, { tx, mode, id, actor, now }) {
    const { password, roles: roleIds, ...rest } = input;
    if (Array.isArray(roleIds) && roleIds.includes(ADMIN_ROLE_ID)) {
      throw validationError('roles', RESOURCE_MSG.adminRoleNotPickable);
    }
    await checkStaffChange(tx, actor, mode === 'update' ? (id ?? null) : null, roleIds as number[] | undefined);
    const values: Record<string, unknown> = { ...rest, updated_at: now };
    if (typeof password === 'string' && password) values.password_hash = await hashPassword(password);
    return values;
  },
  async afterSave(input, { tx, id, mode }) {
    // A new password, a deactivation or other roles end the user's sessions (before the roles change).
    await endSessionsOnStaffChange({ mode, id, input, tx });
    const roleIds = input.roles as number[] | undefined;
    if (!roleIds) return;
    const existing = roleIds.length
      ? await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, roleIds))
      : [];
    if (existing.length !== new Set(roleIds).size) throw validationError('roles', RESOURCE_MSG.invalidReference);
    await tx.delete(userRoles).where(eq(userRoles.userId, id));
    const unique = [...new Set(roleIds)];
    if (unique.length)
      await tx.insert(userRoles).values(unique.map((roleId, position) => ({ userId: id, roleId, position })));
  },
  // The user's consoles that keep their session (an own password change) move rooms to the rights saved.
  async afterWrite({ mode, id }, app) {
    if (mode === 'update') await app.realtime.refreshRights([id]);
  },
  async beforeDelete(id, tx, actor) {
    await checkStaffChange(tx, actor, id, undefined);
    // Tokens would go with the row (cascade); revoking them first also disconnects the user's sockets.
    await endSessions(tx, id, { allBut: null });
  },
};

export default hooks;
