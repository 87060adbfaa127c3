import { and, eq, isNull, sql } from 'drizzle-orm';
import { geofenceLogs } from '../../../../db/schema';
import { dateOf } from '../../../../lib/clock';
import { audit, type BookingDeps } from '../../store';

/** Geofence of the pickup radius: an enter opens a row, a leave closes the open one. */
export async function geofence(
  deps: BookingDeps,
  id: number,
  captainId: number,
  kind: 'enter' | 'leave',
): Promise<void> {
  const now = dateOf(deps.clock);
  await deps.bus.transact(async (tx) => {
    if (kind === 'enter') {
      await tx.insert(geofenceLogs).values({ bookingId: id, captainId, enterTime: now });
    } else {
      const [open] = await tx
        .select({ id: geofenceLogs.id })
        .from(geofenceLogs)
        .where(
          and(eq(geofenceLogs.bookingId, id), eq(geofenceLogs.captainId, captainId), isNull(geofenceLogs.leaveTime)),
        )
        .orderBy(sql`${geofenceLogs.id} desc`)
        .limit(1);
      if (open) await tx.update(geofenceLogs).set({ leaveTime: now }).where(eq(geofenceLogs.id, open.id));
      else await tx.insert(geofenceLogs).values({ bookingId: id, captainId, leaveTime: now });
    }
    await audit(tx, null, `geofence_${kind}`, id, null, { captain_id: captainId });
  });
}
