import {
  type Actor,
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
  type RoleSubject,
  ratingCausesResource,
  rolesResource,
  staffPolicy,
  staffResource,
  vouchersResource,
} from '@taxi/shared';
import { count, eq, inArray, max } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
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
import { endSessions, endSessionsOnStaffChange } from '../auth/sessions';
import { staffSubjectOf } from '../users/queries';
import type { ResourceBinding } from './service';

/** The names of these permission ids (unknown ids are refused later as invalid references). */
async function permissionNames(tx: Tx, ids: readonly number[]): Promise<string[]> {
  const numeric = ids.filter((id) => Number.isInteger(id));
  if (!numeric.length) return [];
  const rows = await tx.select({ name: permissions.name }).from(permissions).where(inArray(permissions.id, numeric));
  return rows.map((r) => r.name);
}

/** Every permission these roles grant (all of them, not only the first: a later reorder must not escalate). */
async function permissionsOfRoles(tx: Tx, roleIds: readonly number[]): Promise<string[]> {
  const numeric = roleIds.filter((id) => Number.isInteger(id));
  if (!numeric.length) return [];
  const rows = await tx
    .selectDistinct({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, numeric));
  return rows.map((r) => r.name);
}

/** Role id → the names of the permissions it grants. */
async function permissionsByRole(db: DbOrTx, roleIds: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!roleIds.length) return out;
  const rows = await db
    .select({ roleId: rolePermissions.roleId, name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, [...new Set(roleIds)]));
  for (const r of rows) out.set(r.roleId, [...(out.get(r.roleId) ?? []), r.name]);
  return out;
}

async function roleSubjectOf(tx: Tx, id: number): Promise<RoleSubject> {
  return { id, permissions: await permissionsOfRoles(tx, [id]) };
}

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
  async beforeSave(input, { tx, mode, id, actor }) {
    const { password, roles: roleIds, ...rest } = input;
    if (Array.isArray(roleIds) && roleIds.includes(ADMIN_ROLE_ID)) {
      throw validationError('roles', RESOURCE_MSG.adminRoleNotPickable);
    }
    await checkStaffChange(tx, actor, mode === 'update' ? (id ?? null) : null, roleIds as number[] | undefined);
    const values: Record<string, unknown> = { ...rest, updated_at: new Date() };
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
  async beforeDelete(id, tx, actor) {
    await checkStaffChange(tx, actor, id, undefined);
    // Tokens would go with the row (cascade); revoking them first also disconnects the user's sockets.
    await endSessions(tx, id, { allBut: null });
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
  async beforeDelete(id, tx, actor) {
    if (!staffPolicy.editRole.allows(actor, await roleSubjectOf(tx, id))) {
      throw new HttpError(403, RESOURCE_MSG.cannotEditRole);
    }
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
