import { type BookingConstraint, type BookingCreate, CAPTAIN_CONSTRAINT_MSG, captainConstraint } from '@taxi/shared';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client';
import { captains } from '../../../../db/schema';
import { HttpError } from '../../../../http/errors';

/**
 * The order's captain constraints as the booking stores them (dynamic constraints, `captain:<id>:<MODE>`):
 * 422 on each `captain_constraints.<i>.captain_id` that names no captain.
 */
export async function captainConstraintsOf(
  db: DbOrTx,
  list: NonNullable<BookingCreate['captain_constraints']>,
): Promise<BookingConstraint[]> {
  if (list.length === 0) return [];
  const ids = list.map((c) => c.captain_id);
  const known = new Set(
    (await db.select({ id: captains.id }).from(captains).where(inArray(captains.id, ids))).map((r) => r.id),
  );
  const errors: Record<string, string[]> = {};
  list.forEach((c, i) => {
    if (!known.has(c.captain_id))
      errors[`captain_constraints.${i}.captain_id`] = [CAPTAIN_CONSTRAINT_MSG.unknownCaptain];
  });
  if (Object.keys(errors).length) throw new HttpError(422, CAPTAIN_CONSTRAINT_MSG.unknownCaptain, errors);
  return list.map((c) => captainConstraint(c.captain_id, c.mode));
}
