import { PROJECT_SCHEDULE_MSG as M, type ProjectDto, type ProjectScheduleDto } from '@taxi/shared';
import { and, asc, count, desc, eq, gt, ilike, isNull, lt, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { auditLog, projects, userProjectSchedules } from '../../db/schema';
import { conflict, notFound, validationError } from '../../http/errors';
import { paginate } from '../../http/pagination';
import { type Clock, dateOf } from '../../lib/clock';

export interface StartInput {
  project_id: number;
  from?: string | null;
  to?: string | null;
  now: boolean;
}

type Row = { schedule: typeof userProjectSchedules.$inferSelect; project: ProjectDto };

const present = ({ schedule: s, project }: Row): ProjectScheduleDto => ({
  id: s.id,
  user_id: s.userId,
  project_id: s.projectId,
  project,
  from: s.from.toISOString(),
  to: s.to?.toISOString() ?? null,
});

/**
 * The project schedule (people.md §2, §7): the projects staff work on, and each user's working periods.
 * A user has at most one open period (`to` null); starting one while another runs is a 409, as is ending
 * one twice. Times are the server's clock unless the user gives them (never in the future).
 */
export class ProjectScheduleService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  private select(db: DbOrTx = this.deps.db) {
    return db
      .select({ schedule: userProjectSchedules, project: { id: projects.id, name: projects.name } })
      .from(userProjectSchedules)
      .innerJoin(projects, eq(projects.id, userProjectSchedules.projectId));
  }

  /** GET projects: every active project, by name. */
  async projects(): Promise<ProjectDto[]> {
    return this.deps.db
      .select({ id: projects.id, name: projects.name })
      .from(projects)
      .where(eq(projects.active, true))
      .orderBy(asc(projects.name), asc(projects.id));
  }

  /** GET project?perPage=50: the picker's page, searched by name. */
  async projectPage(query: { page: number; perPage: number; search?: string; url: string }) {
    const where = and(eq(projects.active, true), query.search ? ilike(projects.name, `%${query.search}%`) : undefined);
    return paginate(
      {
        count: async () => (await this.deps.db.select({ n: count() }).from(projects).where(where))[0].n,
        rows: (limit, offset) =>
          this.deps.db
            .select({ id: projects.id, name: projects.name })
            .from(projects)
            .where(where)
            .orderBy(asc(projects.id))
            .limit(limit)
            .offset(offset),
      },
      query,
    );
  }

  /** GET last-project-schedule: the user's latest period (open or not), or null. */
  async last(userId: number): Promise<ProjectScheduleDto | null> {
    const [row] = await this.select()
      .where(eq(userProjectSchedules.userId, userId))
      .orderBy(desc(userProjectSchedules.from), desc(userProjectSchedules.id))
      .limit(1);
    return row ? present(row) : null;
  }

  /** The owner of a schedule (404 when there is none): the routes' object check reads it. */
  async ownerOf(id: number): Promise<number> {
    const [row] = await this.deps.db
      .select({ userId: userProjectSchedules.userId })
      .from(userProjectSchedules)
      .where(eq(userProjectSchedules.id, id));
    if (!row) throw notFound();
    return row.userId;
  }

  /** POST user-project-schedules: 'Schedule Started!'. */
  async start(userId: number, input: StartInput): Promise<ProjectScheduleDto> {
    const now = dateOf(this.deps.clock);
    let from = now;
    if (!input.now) {
      if (!input.from) throw validationError('from', M.fromRequired);
      from = new Date(input.from);
      if (from > now) throw validationError('from', M.startInFuture);
    }
    const to = input.to ? new Date(input.to) : null;
    if (to && to <= from) throw validationError('to', M.endBeforeStart);
    if (to && to > now) throw validationError('to', M.startInFuture);
    return this.deps.db.transaction(async (tx) => {
      const [project] = await tx
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.id, input.project_id), eq(projects.active, true)));
      if (!project) throw validationError('project_id', M.unknownProject);
      if (!to) {
        const [open] = await tx
          .select({ id: userProjectSchedules.id })
          .from(userProjectSchedules)
          .where(and(eq(userProjectSchedules.userId, userId), isNull(userProjectSchedules.to)))
          .for('update');
        if (open) throw conflict(M.alreadyRunning);
      }
      const [row] = await tx
        .insert(userProjectSchedules)
        .values({ userId, projectId: project.id, from, to, createdAt: now })
        .returning({ id: userProjectSchedules.id });
      await this.audit(tx, userId, 'start', row.id, { project_id: project.id, from: from.toISOString() });
      return this.get(row.id, tx);
    });
  }

  /** PUT user-project-schedules/{id}: 'Schedule Ended!'. */
  async end(userId: number, id: number, input: { to?: string | null }): Promise<ProjectScheduleDto> {
    const now = dateOf(this.deps.clock);
    const to = input.to ? new Date(input.to) : now;
    if (to > now) throw validationError('to', M.startInFuture);
    return this.deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(userProjectSchedules).where(eq(userProjectSchedules.id, id)).for('update');
      if (!row) throw notFound();
      if (row.to !== null) throw conflict(M.alreadyEnded);
      if (to <= row.from) throw validationError('to', M.endBeforeStart);
      await tx.update(userProjectSchedules).set({ to }).where(eq(userProjectSchedules.id, id));
      await this.audit(tx, userId, 'end', id, { to: to.toISOString() });
      return this.get(id, tx);
    });
  }

  /** GET user-project-schedules?user_id&from&to: the periods that overlap the window (the calendar). */
  async between(userId: number, from: Date, to: Date): Promise<ProjectScheduleDto[]> {
    const rows = await this.select()
      .where(
        and(
          eq(userProjectSchedules.userId, userId),
          lt(userProjectSchedules.from, to),
          or(isNull(userProjectSchedules.to), gt(userProjectSchedules.to, from)),
        ),
      )
      .orderBy(asc(userProjectSchedules.from))
      .limit(1000);
    return rows.map(present);
  }

  private async get(id: number, db: DbOrTx): Promise<ProjectScheduleDto> {
    const [row] = await this.select(db).where(eq(userProjectSchedules.id, id));
    if (!row) throw notFound();
    return present(row);
  }

  private async audit(tx: DbOrTx, actorId: number, action: string, id: number, after: Record<string, unknown>) {
    await tx.insert(auditLog).values({ actorId, action, entity: 'user_project_schedule', entityId: String(id), after });
  }
}
