import {
  dateToCityLocal,
  daysBetween,
  VACATION_MSG as M,
  type Paginated,
  staffCoverage,
  type VacationCoverageDto,
  type VacationDto,
  type VacationStatus,
} from '@taxi/shared';
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { auditLog, users, vacations } from '../../db/schema';
import { conflict, notFound, validationError } from '../../http/errors';
import { paginate } from '../../http/pagination';
import { type Clock, dateOf } from '../../lib/clock';
import type { SettingsService } from '../settings/service';

export interface VacationInput {
  from: string;
  to: string;
  reason: string;
}

type Row = typeof vacations.$inferSelect;

export interface VacationFilters {
  /** One user's requests; null for everyone's. */
  userId: number | null;
  status?: VacationStatus;
  /** `YYYY-MM`: the requests that touch the month. */
  month?: string;
}
/** Who decided a request. */
export const decider = alias(users, 'decider');
/** A request with its user's and decider's names (GET vacations and its CSV export, joined to both). */
export const vacationColumns = {
  v: vacations,
  name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
  decider: sql<string | null>`${decider.firstName} || ' ' || ${decider.lastName}`,
};

/** The city days from `from` to `to` inclusive, as YYYY-MM-DD. */
export function daysOf(from: string, to: string): string[] {
  const n = daysBetween(from, to) ?? -1;
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: n + 1 }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

/**
 * Staff leaves (/vacations): a staff member asks for days off (never starting in the past, never over a
 * request of theirs still standing); staff who manage users approve or refuse them. The planner's
 * warning — fewer staff at work on a day than the setting MIN_STAFF_ON_DUTY — is computed from the
 * approved leaves and, for what approving would do, the pending ones.
 */
export class VacationService {
  constructor(private readonly deps: { db: Db; clock: Clock; settings: Pick<SettingsService, 'value'> }) {}

  private today(): string {
    return dateToCityLocal(dateOf(this.deps.clock)).slice(0, 10);
  }

  private select(db: DbOrTx = this.deps.db) {
    return db
      .select(vacationColumns)
      .from(vacations)
      .innerJoin(users, eq(users.id, vacations.userId))
      .leftJoin(decider, eq(decider.id, vacations.decidedBy));
  }

  present(r: { v: Row; name: string; decider: string | null }): VacationDto {
    return {
      id: r.v.id,
      user: { id: r.v.userId, name: r.name },
      from: r.v.from,
      to: r.v.to,
      days: (daysBetween(r.v.from, r.v.to) ?? 0) + 1,
      reason: r.v.reason,
      status: r.v.status,
      decided_by: r.decider,
      decided_at: r.v.decidedAt?.toISOString() ?? null,
      refusal_reason: r.v.refusalReason,
      created_at: r.v.createdAt.toISOString(),
    };
  }

  /** The list's filters as SQL (GET vacations and its CSV export): one user's requests, or everyone's (userId null). */
  where(q: VacationFilters): SQL | undefined {
    const parts: SQL[] = [];
    if (q.userId !== null) parts.push(eq(vacations.userId, q.userId));
    if (q.status) parts.push(eq(vacations.status, q.status));
    if (q.month) {
      // The month's first and last days (the last one from the calendar, never a 31 February).
      const [y, m] = q.month.split('-').map(Number);
      const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
      parts.push(lte(vacations.from, last), gte(vacations.to, `${q.month}-01`));
    }
    return parts.length ? and(...parts) : undefined;
  }

  /** GET vacations: one user's requests, or everyone's (userId null); filtered by status and month. */
  async list(q: VacationFilters & { page: number; perPage: number; url: string }): Promise<Paginated<VacationDto>> {
    const where = this.where(q);
    return paginate(
      {
        count: async () => (await this.deps.db.select({ n: count() }).from(vacations).where(where))[0].n,
        rows: async (limit, offset) =>
          (
            await this.select()
              .where(where)
              .orderBy(desc(vacations.from), desc(vacations.id))
              .limit(limit)
              .offset(offset)
          ).map((r) => this.present(r)),
      },
      q,
    );
  }

  async get(id: number, db: DbOrTx = this.deps.db): Promise<VacationDto> {
    const [row] = await this.select(db).where(eq(vacations.id, id));
    if (!row) throw notFound();
    return this.present(row);
  }

  async ownerOf(id: number): Promise<number> {
    const [row] = await this.deps.db.select({ userId: vacations.userId }).from(vacations).where(eq(vacations.id, id));
    if (!row) throw notFound();
    return row.userId;
  }

  /** POST vacations: the signed-in user's own request. */
  async request(userId: number, input: VacationInput): Promise<VacationDto> {
    if (input.from < this.today()) throw validationError('from', M.inThePast);
    const id = await this.deps.db.transaction(async (tx) => {
      // The user's row is locked: two requests sent together cannot both pass the overlap check.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [clash] = await tx
        .select({ id: vacations.id })
        .from(vacations)
        .where(
          and(
            eq(vacations.userId, userId),
            inArray(vacations.status, ['pending', 'approved']),
            lte(vacations.from, input.to),
            gte(vacations.to, input.from),
          ),
        )
        .limit(1);
      if (clash) throw validationError('from', M.overlap);
      const [row] = await tx
        .insert(vacations)
        .values({ userId, from: input.from, to: input.to, reason: input.reason, createdAt: dateOf(this.deps.clock) })
        .returning({ id: vacations.id });
      await this.audit(tx, userId, 'request', row.id, input);
      return row.id;
    });
    return this.get(id);
  }

  /** PUT vacations/{id}/approve or /refuse: a pending request only (409 once decided). */
  async decide(
    actorId: number,
    id: number,
    status: 'approved' | 'refused',
    refusalReason: string | null = null,
  ): Promise<VacationDto> {
    await this.deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(vacations).where(eq(vacations.id, id)).for('update');
      if (!row) throw notFound();
      if (row.status !== 'pending') throw conflict(M.notPending);
      await tx
        .update(vacations)
        .set({ status, decidedBy: actorId, decidedAt: dateOf(this.deps.clock), refusalReason })
        .where(eq(vacations.id, id));
      await this.audit(tx, actorId, status === 'approved' ? 'approve' : 'refuse', id, {
        refusal_reason: refusalReason,
      });
    });
    return this.get(id);
  }

  /** GET vacations/coverage?from&to: staff at work per day against the threshold setting. */
  async coverage(from: string, to: string): Promise<VacationCoverageDto> {
    const days = daysOf(from, to);
    if (days.length === 0) throw validationError('to', M.toBeforeFrom);
    if (days.length > 62) throw validationError('to', M.tooLong(62));
    const [threshold, [{ staff }], leaves] = await Promise.all([
      this.deps.settings.value('MIN_STAFF_ON_DUTY'),
      this.deps.db.select({ staff: count() }).from(users).where(eq(users.active, true)),
      this.deps.db
        .select({ from: vacations.from, to: vacations.to, status: vacations.status })
        .from(vacations)
        .innerJoin(users, eq(users.id, vacations.userId))
        .where(
          and(
            eq(users.active, true),
            inArray(vacations.status, ['pending', 'approved']),
            lte(vacations.from, to),
            gte(vacations.to, from),
          ),
        )
        .orderBy(asc(vacations.from)),
    ]);
    return { threshold, staff, days: staffCoverage(days, leaves, staff, threshold) };
  }

  private async audit(tx: Tx, actorId: number, action: string, id: number, after: unknown) {
    await tx.insert(auditLog).values({ actorId, action, entity: 'vacation', entityId: String(id), after });
  }
}
