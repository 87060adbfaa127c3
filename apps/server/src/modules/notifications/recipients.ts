import { AIRPORT_ROLE_IDS, type Permission } from '@taxi/shared';
import { sql } from 'drizzle-orm';
import { type DbOrTx, selectRows } from '../../db/client';
import { intArray } from '../../db/number-arrays';

/**
 * Active staff (null: all of them) whose first role (shell.md §6: the first one counts) holds the permission. Airport roles
 * never receive notifications (the bell is hidden for them). Admin (role 1) holds every permission
 * through its role's rows like any other role.
 */
export async function usersHolding(db: DbOrTx, permission: Permission | null): Promise<number[]> {
  const holds =
    permission === null
      ? sql``
      : sql`join role_permissions rp on rp.role_id = first_role.role_id
    join permissions p on p.id = rp.permission_id and p.name = ${permission}`;
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select u.id from users u
    join lateral (
      select ur.role_id from user_roles ur where ur.user_id = u.id order by ur.position, ur.role_id limit 1
    ) first_role on true
    ${holds}
    where u.active and first_role.role_id <> all(${intArray(AIRPORT_ROLE_IDS)})
    order by u.id`,
  );
  return rows.map((r) => Number(r.id));
}
