import type { Paginated } from '@taxi/shared';
import { count, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { notFound } from '../http/errors';
import { paginate } from '../http/pagination';
import type { DbOrTx } from './client';

/** One page of a table's rows matching `where`, in `order`, with the total, each row presented. */
export function tablePage<T extends PgTable, R>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  order: (SQL | PgColumn)[],
  present: (row: T['$inferSelect']) => R,
  opts: { page: number; perPage: number; url?: string },
): Promise<Paginated<R>> {
  const from = table as PgTable;
  return paginate(
    {
      count: async () => (await db.select({ n: count() }).from(from).where(where))[0].n,
      rows: async (limit, offset) => {
        const rows = await db
          .select()
          .from(from)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset);
        return (rows as T['$inferSelect'][]).map(present);
      },
    },
    opts,
  );
}

/** The row of `table` with this id (locked FOR UPDATE when asked), or 404. */
export async function rowById<T extends PgTable & { id: PgColumn }>(
  db: DbOrTx,
  table: T,
  id: number,
  lock = false,
): Promise<T['$inferSelect']> {
  const q = db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row as T['$inferSelect'];
}
