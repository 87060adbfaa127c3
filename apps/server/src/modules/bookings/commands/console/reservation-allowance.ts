import { CANCELLED_STATUSES, RESERVATION_MSG, type Season } from '@taxi/shared';
import { and, count, eq, gte, isNull, notInArray, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../../db/client';
import {
  seasonalReservationAllowances as allowances,
  bookings,
  captains,
  rides,
  settings,
} from '../../../../db/schema';
import { conflict } from '../../../../http/errors';

/** When the current season began: the SEASON setting's last change (null: never changed, the default). */
async function seasonStart(tx: DbOrTx): Promise<Date | null> {
  const [row] = await tx.select({ at: settings.updatedAt }).from(settings).where(eq(settings.key, 'SEASON'));
  return row?.at ?? null;
}

/**
 * Scheduled bookings the captain took this season: dispatched to them since the season began, and not
 * cancelled (held now, or done). A captain drives one ride at a time, so the allowance counts the season's.
 */
export async function reservationsThisSeason(tx: DbOrTx, captainId: number): Promise<number> {
  const since = await seasonStart(tx);
  const [{ n }] = await tx
    .select({ n: count() })
    .from(bookings)
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .where(
      and(
        eq(rides.captainId, captainId),
        eq(bookings.now, false),
        notInArray(bookings.status, [...CANCELLED_STATUSES]),
        since ? gte(rides.createdAt, since) : undefined,
      ),
    );
  return n;
}

/** The captain's allowance this season: their special case, else the season's default, else none (null). */
export async function reservationAllowance(tx: DbOrTx, captainId: number, season: Season): Promise<number | null> {
  const rows = await tx
    .select({ captainId: allowances.captainId, max: allowances.maxReservations })
    .from(allowances)
    .where(and(eq(allowances.season, season), or(isNull(allowances.captainId), eq(allowances.captainId, captainId))));
  const own = rows.find((r) => r.captainId === captainId) ?? rows.find((r) => r.captainId === null);
  return own?.max ?? null;
}

/**
 * A scheduled booking given to a captain who already took their season's allowance of them: 409. Runs
 * after the captain's row is locked (lockAvailableCaptain), so two dispatches to them count one by one.
 */
export async function assertReservationAllowance(tx: Tx, captainId: number, season: Season): Promise<void> {
  const max = await reservationAllowance(tx, captainId, season);
  if (max === null) return;
  const taken = await reservationsThisSeason(tx, captainId);
  if (taken < max) return;
  const [c] = await tx
    .select({ first: captains.firstName, last: captains.lastName })
    .from(captains)
    .where(eq(captains.id, captainId));
  throw conflict(RESERVATION_MSG.overAllowance(`${c?.first ?? ''} ${c?.last ?? ''}`.trim(), taken));
}

/**
 * Of these captains, those who took their season's allowance of scheduled bookings: the AI does not offer
 * them another one (a dispatch to them would be refused). One query when the season has no allowance.
 */
export async function captainsAtAllowance(
  db: DbOrTx,
  captainIds: readonly number[],
  season: Season,
): Promise<Set<number>> {
  const out = new Set<number>();
  if (captainIds.length === 0) return out;
  const rows = await db
    .select({ captainId: allowances.captainId, max: allowances.maxReservations })
    .from(allowances)
    .where(eq(allowances.season, season));
  if (rows.length === 0) return out;
  const fallback = rows.find((r) => r.captainId === null)?.max ?? null;
  const own = new Map(rows.flatMap((r) => (r.captainId === null ? [] : [[r.captainId, r.max] as const])));
  for (const id of captainIds) {
    const max = own.get(id) ?? fallback;
    if (max !== null && (await reservationsThisSeason(db, id)) >= max) out.add(id);
  }
  return out;
}
