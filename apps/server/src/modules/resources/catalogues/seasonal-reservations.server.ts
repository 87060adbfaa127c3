import { RESERVATION_MSG } from '@taxi/shared';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { seasonalReservationAllowances as allowances, captains } from '../../../db/schema';
import { validationError } from '../../../http/errors';
import type { ServerHooks, Values } from '../service';

const given = (v: unknown): v is number => typeof v === 'number';

/**
 * Seasonal reservation allowances: a whole number, a captain who exists, and one row per season and
 * captain (one default per season) — 422 on the field otherwise. Rows show the captain's name.
 */
const hooks: ServerHooks = {
  async present(rows, db) {
    const ids = [...new Set(rows.map((r) => r.captain_id).filter(given))];
    const names = new Map(
      ids.length
        ? (
            await db
              .select({ id: captains.id, name: sql<string>`${captains.firstName} || ' ' || ${captains.lastName}` })
              .from(captains)
              .where(inArray(captains.id, ids))
          ).map((r) => [r.id, r.name])
        : [],
    );
    return rows.map((row) => ({
      ...row,
      captain_name: given(row.captain_id) ? (names.get(row.captain_id) ?? null) : null,
    }));
  },

  async beforeSave(input, { tx, id }) {
    if (input.max_reservations !== undefined && !Number.isInteger(input.max_reservations))
      throw validationError('max_reservations', RESERVATION_MSG.wholeNumber);
    const [current] = id === undefined ? [] : await tx.select().from(allowances).where(eq(allowances.id, id)).limit(1);
    const season = (input.season ?? current?.season) as string;
    const captainId = (input.captain_id !== undefined ? input.captain_id : (current?.captainId ?? null)) as
      | number
      | null;
    if (given(captainId)) {
      const [c] = await tx.select({ id: captains.id }).from(captains).where(eq(captains.id, captainId));
      if (!c) throw validationError('captain_id', RESERVATION_MSG.captainNotFound);
    }
    const [twin] = await tx
      .select({ id: allowances.id })
      .from(allowances)
      .where(
        and(
          eq(allowances.season, season),
          given(captainId) ? eq(allowances.captainId, captainId) : isNull(allowances.captainId),
          id === undefined ? undefined : ne(allowances.id, id),
        ),
      )
      .limit(1);
    if (twin)
      throw given(captainId)
        ? validationError('captain_id', RESERVATION_MSG.duplicate)
        : validationError('season', RESERVATION_MSG.duplicateDefault);
    return { ...input } as Values;
  },
};

export default hooks;
