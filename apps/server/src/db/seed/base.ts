import { ADMIN_ROLE_ID, DEMO_DATA, PERMISSIONS } from '@taxi/shared';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { permissions, rolePermissions, roles } from '../schema';

/** Roles every environment needs (ids fixed by the spec). */
export const BASE_ROLES = [
  { id: ADMIN_ROLE_ID, name: DEMO_DATA.roles.admin },
  { id: 4, name: DEMO_DATA.roles.government },
  { id: 11, name: DEMO_DATA.roles.airportAgency },
  { id: 12, name: DEMO_DATA.roles.airportSupervisor },
] as const;

/** Runs at every start, in every environment: permission strings, base roles, admin holds all. */
export async function seedBase(db: DbOrTx): Promise<void> {
  await db
    .insert(permissions)
    .values(PERMISSIONS.map((name) => ({ name })))
    .onConflictDoNothing({ target: permissions.name });
  await db
    .insert(roles)
    .values([...BASE_ROLES])
    .onConflictDoNothing();
  await grant(db, ADMIN_ROLE_ID, PERMISSIONS);
}

/** Adds permissions to a role (idempotent). */
export async function grant(db: DbOrTx, roleId: number, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  const rows = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.name, [...names]));
  await db
    .insert(rolePermissions)
    .values(rows.map((p) => ({ roleId, permissionId: p.id })))
    .onConflictDoNothing();
}

export async function roleExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.select({ id: roles.id }).from(roles).where(eq(roles.id, id)).limit(1)).length === 1;
}
