import { cityDayEnd, cityLocalToDate, SHIFT_MSG, type ShiftDto, type ShiftStatus } from '@taxi/shared';
import { and, asc, count, desc, eq, gt, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { auditLog, captains, shifts } from '../../db/schema';
import { conflict, HttpError, notFound, validationError } from '../../http/errors';
import { paginate } from '../../http/pagination';
import type { JobQueue } from '../../jobs/worker';
import { type Clock, dateOf } from '../../lib/clock';
import type { CityService } from '../city/service';

/** The durable jobs of a shift: its window opens (a captain already online starts it) and closes. */
export const SHIFT_START_JOB = 'shift.start';
export const SHIFT_END_JOB = 'shift.end';
export interface ShiftJobPayload {
  shift_id: number;
  /** The time the job was written for (ISO): a job whose shift moved since does nothing. */
  at: string;
}

export interface ShiftInput {
  captain_id: number;
  sector_ids: number[];
  starts_at: string;
  ends_at: string;
}

export interface ShiftFilters {
  captain_id?: number;
  sector_id?: number;
  status?: ShiftStatus;
  /** City day `YYYY-MM-DD`: shifts that touch it. */
  day?: string;
}

export type ShiftRow = typeof shifts.$inferSelect;

export interface ShiftDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  city: Pick<CityService, 'sector'>;
}

/**
 * Captains' shifts (/shifts): CRUD with its rules — a known captain and known sectors, the end after the
 * start (the body's schema), and no two shifts of one captain overlapping (422 on starts_at). Only a
 * planned shift is changed or deleted (409 once it started). Writing a shift writes its two jobs in the
 * same transaction; moving it cancels and rewrites them.
 */
export class ShiftService {
  constructor(private readonly deps: ShiftDeps) {}

  present(row: ShiftRow, captainName: string): ShiftDto {
    const names = this.sectorNames(row.sectorIds);
    return {
      id: row.id,
      captain: { id: row.captainId, full_name: captainName },
      sectors: row.sectorIds.map((id, i) => ({ id, name: names[i] })),
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
      status: row.status,
      started_at: row.startedAt?.toISOString() ?? null,
      ended_at: row.endedAt?.toISOString() ?? null,
    };
  }

  /** The sectors' names of a shift's zone (`#id` for a sector the city no longer has). */
  sectorNames(ids: readonly number[]): string[] {
    return ids.map((id) => this.deps.city.sector(id)?.name ?? `#${id}`);
  }

  /** A shift with its captain's name (GET shifts and its CSV export, which adds its keyset cursor). */
  select<X extends Record<`k${number}`, SQL>>(db: DbOrTx = this.deps.db, extra?: X) {
    return db
      .select({
        shift: shifts,
        name: sql<string>`${captains.firstName} || ' ' || ${captains.lastName}`,
        ...(extra as X),
      })
      .from(shifts)
      .innerJoin(captains, eq(captains.id, shifts.captainId));
  }

  /** The list's filters as SQL (GET shifts and its CSV export); 422 for a day the calendar lacks. */
  where(f: ShiftFilters): SQL | undefined {
    const parts: SQL[] = [];
    if (f.captain_id) parts.push(eq(shifts.captainId, f.captain_id));
    if (f.status) parts.push(eq(shifts.status, f.status));
    if (f.sector_id) parts.push(sql`${shifts.sectorIds} @> ${JSON.stringify([f.sector_id])}::jsonb`);
    if (f.day) {
      const from = cityLocalToDate(f.day);
      const to = cityDayEnd(f.day);
      if (!from || !to) throw validationError('day', SHIFT_MSG.invalidTime);
      parts.push(lt(shifts.startsAt, to), gt(shifts.endsAt, from));
    }
    return parts.length ? and(...parts) : undefined;
  }

  /** GET shifts: newest start first, filtered. */
  async list(f: ShiftFilters & { page: number; perPage: number; url: string }) {
    const where = this.where(f);
    return paginate(
      {
        count: async () => (await this.deps.db.select({ n: count() }).from(shifts).where(where))[0].n,
        rows: async (limit, offset) =>
          (
            await this.select().where(where).orderBy(desc(shifts.startsAt), desc(shifts.id)).limit(limit).offset(offset)
          ).map((r) => this.present(r.shift, r.name)),
      },
      f,
    );
  }

  /** Shifts touching a window, oldest first (coverage). */
  async between(from: Date, to: Date): Promise<{ shift: ShiftRow; name: string }[]> {
    return this.select()
      .where(and(lt(shifts.startsAt, to), gt(shifts.endsAt, from)))
      .orderBy(asc(shifts.startsAt), asc(shifts.id));
  }

  async get(id: number, db: DbOrTx = this.deps.db): Promise<ShiftDto> {
    const [row] = await this.select(db).where(eq(shifts.id, id));
    if (!row) throw notFound();
    return this.present(row.shift, row.name);
  }

  /** POST shifts. */
  async create(input: ShiftInput, actorId: number): Promise<ShiftDto> {
    const { start, end } = this.window(input);
    const id = await this.deps.db.transaction(async (tx) => {
      await this.check(tx, input, start, end, null);
      const now = dateOf(this.deps.clock);
      const [row] = await tx
        .insert(shifts)
        .values({
          captainId: input.captain_id,
          sectorIds: input.sector_ids,
          startsAt: start,
          endsAt: end,
          createdBy: actorId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await this.writeJobs(tx, row);
      await this.audit(tx, actorId, 'create', row.id, null, input);
      return row.id;
    });
    return this.get(id);
  }

  /** PUT shifts/{id}: a planned shift only. */
  async update(id: number, input: ShiftInput, actorId: number): Promise<ShiftDto> {
    const { start, end } = this.window(input);
    await this.deps.db.transaction(async (tx) => {
      const row = await this.lockPlanned(tx, id);
      await this.check(tx, input, start, end, id);
      for (const job of [row.startJobId, row.endJobId]) if (job !== null) await this.deps.jobs.cancel(job, tx);
      const [next] = await tx
        .update(shifts)
        .set({
          captainId: input.captain_id,
          sectorIds: input.sector_ids,
          startsAt: start,
          endsAt: end,
          updatedAt: dateOf(this.deps.clock),
        })
        .where(eq(shifts.id, id))
        .returning();
      await this.writeJobs(tx, next);
      await this.audit(tx, actorId, 'update', id, this.snapshot(row), input);
    });
    return this.get(id);
  }

  /** DELETE shifts/{id}: a planned shift only. */
  async remove(id: number, actorId: number): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const row = await this.lockPlanned(tx, id);
      for (const job of [row.startJobId, row.endJobId]) if (job !== null) await this.deps.jobs.cancel(job, tx);
      await tx.delete(shifts).where(eq(shifts.id, id));
      await this.audit(tx, actorId, 'delete', id, this.snapshot(row), null);
    });
  }

  private window(input: ShiftInput): { start: Date; end: Date } {
    const start = cityLocalToDate(input.starts_at);
    const end = cityLocalToDate(input.ends_at);
    // The body's schema checked both; a malformed one here is a caller's bug.
    if (!start || !end) throw new HttpError(422, SHIFT_MSG.invalidTime);
    return { start, end };
  }

  private async lockPlanned(tx: Tx, id: number): Promise<ShiftRow> {
    const [row] = await tx.select().from(shifts).where(eq(shifts.id, id)).for('update');
    if (!row) throw notFound();
    if (row.status !== 'planned') throw conflict(SHIFT_MSG.notPlanned);
    return row;
  }

  /** A known captain, known sectors, and no other shift of the captain over the window. */
  private async check(tx: Tx, input: ShiftInput, start: Date, end: Date, self: number | null): Promise<void> {
    const unknown = input.sector_ids.findIndex((id) => !this.deps.city.sector(id));
    if (unknown >= 0) throw validationError(`sector_ids.${unknown}`, SHIFT_MSG.unknownSector);
    // The captain's row is locked: two planners cannot slip overlapping shifts in side by side.
    const [captain] = await tx
      .select({ id: captains.id })
      .from(captains)
      .where(eq(captains.id, input.captain_id))
      .for('update');
    if (!captain) throw validationError('captain_id', SHIFT_MSG.unknownCaptain);
    const [clash] = await tx
      .select({ id: shifts.id })
      .from(shifts)
      .where(
        and(
          eq(shifts.captainId, input.captain_id),
          lt(shifts.startsAt, end),
          gt(shifts.endsAt, start),
          self === null ? undefined : ne(shifts.id, self),
        ),
      )
      .limit(1);
    if (clash) throw validationError('starts_at', SHIFT_MSG.overlap);
  }

  private async writeJobs(tx: Tx, row: ShiftRow): Promise<void> {
    const job = (at: Date): ShiftJobPayload => ({ shift_id: row.id, at: at.toISOString() });
    const startJobId = await this.deps.jobs.schedule(SHIFT_START_JOB, job(row.startsAt), row.startsAt, tx);
    const endJobId = await this.deps.jobs.schedule(SHIFT_END_JOB, job(row.endsAt), row.endsAt, tx);
    await tx.update(shifts).set({ startJobId, endJobId }).where(eq(shifts.id, row.id));
  }

  private snapshot(row: ShiftRow) {
    return {
      captain_id: row.captainId,
      sector_ids: row.sectorIds,
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
    };
  }

  private async audit(tx: Tx, actorId: number, action: string, id: number, before: unknown, after: unknown) {
    await tx.insert(auditLog).values({ actorId, action, entity: 'shift', entityId: String(id), before, after });
  }
}

/** Captains with a started shift now (the broadcast target "on shift now"). */
export async function captainsOnShift(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: shifts.captainId })
    .from(shifts)
    .innerJoin(captains, eq(captains.id, shifts.captainId))
    .where(and(eq(shifts.status, 'started'), eq(captains.active, true)))
    .orderBy(asc(shifts.captainId));
  return rows.map((r) => r.id);
}
