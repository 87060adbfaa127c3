import {
  ADMIN_ROLE_ID,
  banksResource,
  captainCancellationReasonsResource,
  carBrandsResource,
  carModelsResource,
  cashRegistersResource,
  changeCaptainReasonsResource,
  colorsResource,
  nationalitiesResource,
  RESOURCE_MSG,
  ratingCausesResource,
  rolesResource,
  staffResource,
  vouchersResource,
} from '@taxi/shared';
import { count, eq, inArray, max } from 'drizzle-orm';
import {
  banks,
  captainCancellationReasons,
  carBrands,
  carModels,
  cashRegisters,
  changeCaptainReasons,
  colors,
  nationalities,
  permissions,
  ratingCauses,
  rolePermissions,
  roles,
  userRoles,
  users,
  vouchers,
} from '../../db/schema';
import { HttpError, validationError } from '../../http/errors';
import { hashPassword } from '../../lib/password';
import type { ResourceBinding } from './service';

/** Staff users: password hashed, roles in user_roles (the first one counts), role 1 never assigned here. */
const staffBinding: ResourceBinding = {
  declaration: staffResource,
  table: users,
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
    return rows.map((row) => {
      const mine = held.filter((h) => h.userId === row.id);
      return {
        ...row,
        roles: mine.map((h) => h.id),
        roles_label: mine.map((h) => h.name).join(', '),
        role_list: mine.map(({ id, name }) => ({ id, name })),
      };
    });
  },
  async beforeSave(input) {
    const { password, roles: roleIds, ...rest } = input;
    if (Array.isArray(roleIds) && roleIds.includes(ADMIN_ROLE_ID)) {
      throw validationError('roles', RESOURCE_MSG.adminRoleNotPickable);
    }
    const values: Record<string, unknown> = { ...rest, updated_at: new Date() };
    if (typeof password === 'string' && password) values.password_hash = await hashPassword(password);
    return values;
  },
  async afterSave(input, { tx, id }) {
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
};

/** Roles: ids are explicit (the spec names 1, 11, 12), so a new role takes the next free id. */
const rolesBinding: ResourceBinding = {
  declaration: rolesResource,
  table: roles,
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
      return { ...row, permissions: mine.map((h) => h.id), permissions_label: mine.map((h) => h.name).join(', ') };
    });
  },
  async beforeSave(input, { tx, mode }) {
    const { permissions: _permissions, ...rest } = input;
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
  async beforeDelete(id, tx) {
    const [row] = await tx.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, id));
    if (row.n > 0) throw new HttpError(409, RESOURCE_MSG.roleInUse);
  },
};

/** Declaration + table, one line per simple catalogue. */
export const BINDINGS: readonly ResourceBinding[] = [
  { declaration: carBrandsResource, table: carBrands },
  { declaration: carModelsResource, table: carModels },
  { declaration: colorsResource, table: colors },
  { declaration: nationalitiesResource, table: nationalities },
  { declaration: banksResource, table: banks },
  { declaration: ratingCausesResource, table: ratingCauses },
  { declaration: captainCancellationReasonsResource, table: captainCancellationReasons },
  { declaration: changeCaptainReasonsResource, table: changeCaptainReasons },
  { declaration: cashRegistersResource, table: cashRegisters },
  { declaration: vouchersResource, table: vouchers },
  staffBinding,
  rolesBinding,
];
