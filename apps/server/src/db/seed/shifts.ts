import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { SHIFT_END_JOB, SHIFT_START_JOB } from '../../modules/planning/shifts';
import { captains, cars, jobs, sectors, shifts } from '../schema';
import { HISTORY_DAYS } from './bookings';
import type { Seeder } from './index';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** The captains the simulator drives by default (SIM_CAPTAINS): the ones given shifts. */
const CAPTAINS_WITH_SHIFTS = 150;
/** Six staggered starts (one per captain, every day), ten hours each: about two captains in five are on shift at any hour, and a captain's shifts never overlap. */
const STARTS = [0, 4, 8, 12, 16, 20];
const LENGTH = 10 * HOUR;

/**
 * Shifts of the captains the simulator drives, from the first day of the bookings' history to six days ahead,
 * each on one or two sectors: the past ones are over (started a few minutes after their start: the time on
 * shift that captain utilisation is measured against), the rest are planned with their start and end jobs; the
 * simulator's captains come online at their start and go offline at their end.
 */
export const seedShifts: Seeder = {
  name: 'shifts',
  async run(db, { scale }) {
    if (scale <= 0) return;
    const zones = (await db.select({ id: sectors.id }).from(sectors).orderBy(asc(sectors.id))).map((s) => s.id);
    if (zones.length === 0) return;
    const now = new Date();
    // The simulator's fleet: active sedans and luxury cars, unblocked, in id order.
    const fleet = await db
      .selectDistinctOn([captains.id], { id: captains.id })
      .from(captains)
      .innerJoin(cars, eq(cars.captainId, captains.id))
      .where(
        and(
          eq(captains.active, true),
          inArray(cars.vehicleType, ['sedan', 'luxury']),
          or(isNull(captains.blockedUntil), lt(captains.blockedUntil, now)),
        ),
      )
      .orderBy(asc(captains.id))
      .limit(CAPTAINS_WITH_SHIFTS);
    const today = new Date(now);
    today.setUTCHours(0, 0, 0, 0);
    const rows: (typeof shifts.$inferInsert)[] = [];
    for (const [k, { id }] of fleet.entries()) {
      const zone = [zones[k % zones.length], ...(k % 3 === 0 ? [zones[(k + 7) % zones.length]] : [])];
      for (let d = -HISTORY_DAYS - 1; d <= 6; d++) {
        // Each sector gets every start time (the sector and the start do not follow one another).
        const startsAt = new Date(today.getTime() + d * DAY + STARTS[(k + Math.floor(k / 6)) % STARTS.length] * HOUR);
        const endsAt = new Date(startsAt.getTime() + LENGTH);
        const over = endsAt <= now;
        rows.push({
          captainId: id,
          sectorIds: [...new Set(zone)],
          startsAt,
          endsAt,
          status: over ? 'ended' : 'planned',
          startedAt: over ? new Date(startsAt.getTime() + (k % 9) * 60_000) : null,
          endedAt: over ? endsAt : null,
        });
      }
    }
    for (let i = 0; i < rows.length; i += 500) {
      const saved = await db
        .insert(shifts)
        .values(rows.slice(i, i + 500))
        .returning();
      const live = saved.filter((s) => s.status !== 'ended');
      if (live.length === 0) continue;
      await db.insert(jobs).values(
        live.flatMap((s) => [
          { kind: SHIFT_START_JOB, payload: { shift_id: s.id, at: s.startsAt.toISOString() }, runAt: s.startsAt },
          { kind: SHIFT_END_JOB, payload: { shift_id: s.id, at: s.endsAt.toISOString() }, runAt: s.endsAt },
        ]),
      );
    }
    // Each shift keeps its jobs' ids (a moved shift cancels them).
    await db.execute(sql`
      UPDATE shifts SET start_job_id = j.start_id, end_job_id = j.end_id
      FROM (SELECT (payload->>'shift_id')::int AS shift_id,
                   max(id) FILTER (WHERE kind = 'shift.start') AS start_id,
                   max(id) FILTER (WHERE kind = 'shift.end') AS end_id
            FROM jobs WHERE kind IN ('shift.start', 'shift.end') GROUP BY 1) j
      WHERE shifts.id = j.shift_id AND shifts.start_job_id IS NULL`);
  },
};
