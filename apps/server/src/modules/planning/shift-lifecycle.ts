import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { captains, shifts } from '../../db/schema';
import { type Clock, dateOf } from '../../lib/clock';
import type { ShiftJobPayload, ShiftRow } from './shifts';

/**
 * A shift's life, driven by the captain's online/offline events and its two jobs:
 * - it starts when its captain comes online within its window, or when the window opens on a captain
 *   already online;
 * - it ends at its end when the captain is offline by then, else when the captain goes offline after it;
 *   a shift whose captain never came is ended at its end without a start.
 * Each transition is a compare-and-set on the status, so a job and an event racing do it once.
 */
export class ShiftLifecycle {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  private now(): Date {
    return dateOf(this.deps.clock);
  }

  /** captain.onlineChanged: online starts the shift open now; offline ends a started one that is over. */
  async onOnlineChanged(captainId: number, online: boolean): Promise<void> {
    const now = this.now();
    if (online) {
      await this.deps.db.transaction(async (tx) => {
        const [open] = await tx
          .select()
          .from(shifts)
          .where(
            and(
              eq(shifts.captainId, captainId),
              eq(shifts.status, 'planned'),
              lte(shifts.startsAt, now),
              gt(shifts.endsAt, now),
            ),
          )
          .limit(1)
          .for('update');
        if (open) await this.start(tx, open, now);
      });
      return;
    }
    await this.deps.db
      .update(shifts)
      .set({ status: 'ended', endedAt: now, updatedAt: now })
      .where(and(eq(shifts.captainId, captainId), eq(shifts.status, 'started'), lte(shifts.endsAt, now)));
  }

  /** shift.start: the window opens on a captain who is already online. */
  async onWindowOpens(payload: ShiftJobPayload): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const row = await this.current(tx, payload, 'startsAt');
      if (row?.status !== 'planned') return;
      const [captain] = await tx
        .select({ online: captains.online })
        .from(captains)
        .where(eq(captains.id, row.captainId));
      const now = this.now();
      if (captain?.online && row.endsAt > now) await this.start(tx, row, now);
    });
  }

  /** shift.end: over, unless its captain is still online (then their going offline ends it). */
  async onWindowCloses(payload: ShiftJobPayload): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const row = await this.current(tx, payload, 'endsAt');
      if (!row || row.status === 'ended') return;
      const [captain] = await tx
        .select({ online: captains.online })
        .from(captains)
        .where(eq(captains.id, row.captainId));
      if (row.status === 'started' && captain?.online) return;
      await tx
        .update(shifts)
        .set({ status: 'ended', endedAt: row.endsAt, updatedAt: this.now() })
        .where(and(eq(shifts.id, row.id), eq(shifts.status, row.status)));
    });
  }

  /** The shift of a job, locked, when the job is still its own (the shift did not move since). */
  private async current(tx: Tx, payload: ShiftJobPayload, field: 'startsAt' | 'endsAt'): Promise<ShiftRow | null> {
    const [row] = await tx.select().from(shifts).where(eq(shifts.id, payload.shift_id)).for('update');
    if (!row || row[field].toISOString() !== payload.at) return null;
    return row;
  }

  private async start(tx: Tx, row: ShiftRow, now: Date): Promise<void> {
    await tx
      .update(shifts)
      .set({ status: 'started', startedAt: now, updatedAt: now })
      .where(and(eq(shifts.id, row.id), eq(shifts.status, 'planned')));
  }
}
