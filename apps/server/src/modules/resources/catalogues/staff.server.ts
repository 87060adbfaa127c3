import { ADMIN_ROLE_ID, RESOURCE_MSG } from '@taxi/shared';
import { eq, inArray } from 'drizzle-orm';
import { roles, userRoles } from '../../../db/schema';
import { validationError } from '../../../http/errors';
import { hashPassword } from '../../../lib/password';
import { endSessions, endSessionsOnStaffChange } from '../../auth/sessions';
import { checkAccountChange } from '../../users/changes';
import { accountFacts } from '../../users/queries';
import type { ServerHooks } from '../service';

/**
 * Staff users: password hashed, roles in user_roles (the first one counts), role 1 never assigned here. Every
 * write passes the staff policy's one rule (users/changes.ts): the account and the roles given within reach.
 */
const hooks: ServerHooks = {
  async present(rows, db) {
    const facts = await accountFacts(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => {
      const mine = facts.get(row.id);
      const held = mine?.roles ?? [];
      return {
        ...row,
        roles: held.map((h) => h.id),
        roles_label: held.map((h) => h.name).join(', '),
        role_list: held,
        // What the staff policy weighs (the web hides Edit on a user one may not change).
        permission_names: mine?.permissions ?? [],
        user_kind: mine?.kind ?? 'staff',
      };
    });
  },
  async beforeSave(input, { tx, mode, id, actor, now }) {
    const { password, roles: roleIds, ...rest } = input;
    if (Array.isArray(roleIds) && roleIds.includes(ADMIN_ROLE_ID)) {
      throw validationError('roles', RESOURCE_MSG.adminRoleNotPickable);
    }
    await checkAccountChange(tx, actor, {
      userId: mode === 'update' ? (id ?? null) : null,
      roleIds: roleIds as number[] | undefined,
    });
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
    await checkAccountChange(tx, actor, { userId: id });
    // Tokens would go with the row (cascade); revoking them first also disconnects the user's sockets.
    await endSessions(tx, id, { allBut: null });
  },
};

export default hooks;
