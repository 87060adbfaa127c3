import { RESOURCE_MSG, staffPolicy } from '@taxi/shared';
import { count, eq, inArray, max } from 'drizzle-orm';
import { permissions, rolePermissions, roles, userRoles } from '../../../db/schema';
import { HttpError, validationError } from '../../../http/errors';
import { permissionNames, roleSubjectOf } from '../role-permissions';
import type { ServerHooks } from '../service';

/** Roles: ids are explicit (the spec names 1, 11, 12), so a new role takes the next free id. */
const hooks: ServerHooks = {
  async present(rows, db) {
    const ids = rows.map((r) => r.id);
    const held = ids.length
      ? await db
          .select({ roleId: rolePermissions.roleId, id: permissions.id, name: permissions.name })
          .from(rolePermissions)
          .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
          .where(inArray(rolePermissions.roleId, ids))
          .orderBy(permissions.id)
      : [];
    return rows.map((row) => {
      const mine = held.filter((h) => h.roleId === row.id);
      return {
        ...row,
        permissions: mine.map((h) => h.id),
        permissions_label: mine.map((h) => h.name).join(', '),
        permission_names: mine.map((h) => h.name),
      };
    });
  },
  async beforeSave(input, { tx, mode, id, actor }) {
    const { permissions: _permissions, ...rest } = input;
    if (mode === 'update' && id !== undefined && !staffPolicy.editRole.allows(actor, await roleSubjectOf(tx, id))) {
      throw new HttpError(403, RESOURCE_MSG.cannotEditRole);
    }
    if (Array.isArray(input.permissions)) {
      const granted = await permissionNames(tx, input.permissions as number[]);
      if (!staffPolicy.grant.allows(actor, granted)) throw validationError('permissions', RESOURCE_MSG.cannotGrant);
    }
    if (mode === 'create') {
      const [row] = await tx.select({ top: max(roles.id) }).from(roles);
      return { ...rest, id: Math.max(row.top ?? 0, 12) + 1 };
    }
    return rest;
  },
  async afterSave(input, { tx, id }) {
    const ids = input.permissions as number[] | undefined;
    if (!ids) return;
    const unique = [...new Set(ids)];
    const existing = unique.length
      ? await tx.select({ id: permissions.id }).from(permissions).where(inArray(permissions.id, unique))
      : [];
    if (existing.length !== unique.length) throw validationError('permissions', RESOURCE_MSG.invalidReference);
    await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
    if (unique.length)
      await tx.insert(rolePermissions).values(unique.map((permissionId) => ({ roleId: id, permissionId })));
  },
  // Its holders' consoles move rooms at once, on every node: what the role no longer allows stops reaching them.
  async afterWrite({ mode, id }, app) {
    if (mode === 'create') return;
    const holders = await app.db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, id));
    await app.realtime.refreshRights(holders.map((h) => h.id));
  },
  async beforeDelete(id, tx, actor) {
    if (!staffPolicy.editRole.allows(actor, await roleSubjectOf(tx, id))) {
      throw new HttpError(403, RESOURCE_MSG.cannotEditRole);
    }
    const [row] = await tx.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, id));
    if (row.n > 0) throw new HttpError(409, RESOURCE_MSG.roleInUse);
  },
};

export default hooks;
