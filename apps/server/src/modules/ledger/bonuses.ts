import { CITY_TIME_ZONE, cityDayEnd, cityLocalToDate, dateToCityLocal, eurosToCents } from '@taxi/shared';
import { and, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bonuses, bonusPackages, conditionalBonuses, jobs } from '../../db/schema';
import type { JobQueue } from '../../jobs/worker';
import { type Clock, dateOf } from '../../lib/clock';
import { appendEntries, type NewEntry } from './entries';

export const DAILY_BONUS_JOB = 'ledger.dailyBonuses';
/** The day's bonuses are paid this long after the city's midnight (late payments of the day are in). */
const AFTER_MIDNIGHT_MS = 30 * 60_000;

type Earned = { captainId: number };
const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const tz = sql.raw(`'${CITY_TIME_ZONE}'`);
const nextDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
};

/**
 * The daily bonus job: from the day's PAID rides (in the bonus's time slices, when it has any), which captains
 * earned which bonus of an active, valid package and which conditional bonus; each is paid as a
 * `captain_bonus` entry referenced `bonus:{id}:{day}` (`conditional_bonus:{id}:{day}`), so a second run of the
 * same day writes nothing.
 */
export class BonusService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly jobs: JobQueue,
  ) {}

  /** Pays the bonuses earned on the city day `YYYY-MM-DD`; returns the entries written. */
  async payDay(day: string): Promise<number> {
    const from = cityLocalToDate(day);
    const to = cityDayEnd(day);
    if (!from || !to) throw new Error(`not a day: ${day}`);
    const now = dateOf(this.clock);
    const entries: NewEntry[] = [];
    const pay = (rows: Earned[], reference: string, euros: number, note: string) => {
      for (const r of rows)
        entries.push({
          ownerKind: 'captain',
          ownerId: r.captainId,
          type: 'captain_bonus',
          cents: eurosToCents(euros),
          reference,
          note,
          createdAt: now,
        });
    };

    const packaged = await this.db
      .select({ bonus: bonuses })
      .from(bonuses)
      .innerJoin(bonusPackages, eq(bonusPackages.id, bonuses.bonusPackageId))
      .where(
        and(
          eq(bonusPackages.active, true),
          lte(bonusPackages.validFrom, day),
          or(isNull(bonusPackages.validTo), gte(bonusPackages.validTo, day)),
        ),
      );
    for (const { bonus } of packaged) {
      pay(await this.earners(bonus, from, to), `bonus:${bonus.id}:${day}`, bonus.amount, bonus.name);
    }
    const conditional = await this.db.select().from(conditionalBonuses).where(eq(conditionalBonuses.active, true));
    for (const c of conditional) {
      pay(await this.conditionalEarners(c, from, to), `conditional_bonus:${c.id}:${day}`, c.amount, c.name);
    }
    return (await appendEntries(this.db, entries)).length;
  }

  /** Captains who reached a packaged bonus's threshold with the day's paid rides in its time slices. */
  private async earners(bonus: typeof bonuses.$inferSelect, from: Date, to: Date): Promise<Earned[]> {
    const zone = bonus.kind === 'zone_rides' ? sql`and b.pickup_sector_id = ${bonus.sectorId}` : sql``;
    const inSlices = sql`(not exists (select 1 from bonus_time_slices s where s.bonus_id = ${bonus.id})
      or exists (select 1 from bonus_time_slices s where s.bonus_id = ${bonus.id}
        and s.day_of_week = extract(isodow from b.datetime at time zone ${tz})::int
        and to_char(b.datetime at time zone ${tz}, 'HH24:MI') >= s.from_time
        and to_char(b.datetime at time zone ${tz}, 'HH24:MI') < s.to_time))`;
    const rides = sql`select r.captain_id, count(*)::int as rides from bookings b join rides r on r.id = b.ride_id
      where b.status = 'PAID' and b.datetime >= ${iso(from)} and b.datetime < ${iso(to)} ${zone} and ${inSlices}
      group by r.captain_id`;
    if (bonus.kind === 'acceptance_rate') {
      return this.rows(sql`with paid as (${rides}), answered as (
          select s.captain_id, count(*) filter (where s.status = 'ACCEPTED') as accepted, count(*) as answered
          from booking_suggestions s
          where s.status in ('ACCEPTED', 'REFUSED') and s.created_at >= ${iso(from)} and s.created_at < ${iso(to)}
          group by s.captain_id)
        select paid.captain_id as "captainId" from paid join answered a on a.captain_id = paid.captain_id
        where a.accepted * 100 >= ${bonus.threshold} * a.answered`);
    }
    return this.rows(sql`select captain_id as "captainId" from (${rides}) paid where rides >= ${bonus.threshold}`);
  }

  /** Captains for whom every condition of a conditional bonus holds over the day. */
  private async conditionalEarners(c: typeof conditionalBonuses.$inferSelect, from: Date, to: Date) {
    const service = c.serviceId === null ? sql`` : sql`and b.service_id = ${c.serviceId}`;
    const rate =
      c.minAcceptanceRate === null
        ? sql``
        : sql`and (select count(*) > 0 and count(*) filter (where s.status = 'ACCEPTED') * 100 >= ${c.minAcceptanceRate} * count(*)
              from booking_suggestions s where s.captain_id = paid.captain_id
                and s.status in ('ACCEPTED', 'REFUSED') and s.created_at >= ${iso(from)} and s.created_at < ${iso(to)})`;
    return this.rows(sql`select paid.captain_id as "captainId" from (
        select r.captain_id, count(*)::int as rides from bookings b join rides r on r.id = b.ride_id
        where b.status = 'PAID' and b.datetime >= ${iso(from)} and b.datetime < ${iso(to)} ${service}
        group by r.captain_id) paid
      where paid.rides >= ${c.minRides} ${rate}`);
  }

  private async rows(query: ReturnType<typeof sql>): Promise<Earned[]> {
    const result = (await this.db.execute(query)) as unknown as { rows: { captainId: number }[] };
    return result.rows.map((r) => ({ captainId: Number(r.captainId) }));
  }

  /** Schedules the run of `day`, just after it ends, unless it is already waiting (two nodes starting together). */
  async schedule(day: string): Promise<void> {
    const end = cityDayEnd(day);
    if (!end) throw new Error(`not a day: ${day}`);
    const [waiting] = await this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, DAILY_BONUS_JOB), isNull(jobs.doneAt), sql`${jobs.payload}->>'day' = ${day}`))
      .limit(1);
    if (!waiting) await this.jobs.schedule(DAILY_BONUS_JOB, { day }, new Date(end.getTime() + AFTER_MIDNIGHT_MS));
  }

  /** The job: pays the day, then schedules the next one. */
  async run({ day }: { day: string }): Promise<void> {
    await this.payDay(day);
    await this.schedule(nextDay(day));
  }

  /** At start-up: today's run, unless one is already waiting. */
  async ensureScheduled(): Promise<void> {
    const [pending] = await this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, DAILY_BONUS_JOB), isNull(jobs.doneAt)))
      .limit(1);
    if (!pending) await this.schedule(dateToCityLocal(dateOf(this.clock)).slice(0, 10));
  }
}
