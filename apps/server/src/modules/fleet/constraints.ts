import { type BookingConstraint, FLEET_MSG } from '@taxi/shared';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { constraints } from '../../db/schema';
import { validationError } from '../../http/errors';

/**
 * The booking's constraints from catalogue ids (422 on constraint_ids for an unknown one): static ones
 * and dynamic ones, each with its name, abbreviation and the capability a captain must offer.
 */
export async function bookingConstraints(
  db: DbOrTx,
  ids: readonly number[],
): Promise<{ staticConstraints: BookingConstraint[]; dynamicConstraints: BookingConstraint[] }> {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await db.select().from(constraints).where(inArray(constraints.id, unique)).orderBy(constraints.id)
    : [];
  if (rows.length !== unique.length) throw validationError('constraint_ids', FLEET_MSG.unknownConstraint);
  const of = (kind: string) =>
    rows
      .filter((r) => r.kind === kind)
      .map((r) => ({ constraint_name: r.constraintName, Abbreviation: r.abbreviation, capability: r.capability }));
  return { staticConstraints: of('static'), dynamicConstraints: of('dynamic') };
}
