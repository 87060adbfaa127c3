import type { RoleSubject } from '@taxi/shared';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { permissions, rolePermissions } from '../../db/schema';

/** The names of these permission ids (unknown ids are refused later as invalid references). */
export async function permissionNames(tx: Tx, ids: readonly number[]): Promise<string[]> {
  const numeric = ids.filter((id) => Number.isInteger(id));
  if (!numeric.length) return [];
  const rows = await tx.select({ name: permissions.name }).from(permissions).where(inArray(permissions.id, numeric));
  return rows.map((r) => r.name);
}

/** Every permission these roles grant (all of them, not only the first: a later reorder must not escalate). */
export async function permissionsOfRoles(tx: Tx, roleIds: readonly number[]): Promise<string[]> {
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
export async function permissionsByRole(db: DbOrTx, roleIds: readonly number[]): Promise<Map<number, string[]>> {
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

export async function roleSubjectOf(tx: Tx, id: number): Promise<RoleSubject> {
  return { id, permissions: await permissionsOfRoles(tx, [id]) };
}
