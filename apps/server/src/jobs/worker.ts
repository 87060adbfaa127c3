import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { jobs } from '../db/schema';
import { type Clock, systemClock } from '../lib/clock';

export type JobRow = typeof jobs.$inferSelect;
export type JobHandler<P = unknown> = (
  payload: P,
  ctx: { db: Db; job: JobRow; log: FastifyBaseLogger },
) => Promise<void>;

/** A job that failed this many times is given up (done, with its last error). */
export const MAX_ATTEMPTS = 5;
/** A claim older than this is considered abandoned (crashed node) and taken again. */
const STALE_LOCK_MS = 5 * 60_000;

/**
 * Durable timers: `schedule()` writes a row (inside the caller's transaction when given one);
 * `runDue()` claims due rows with FOR UPDATE SKIP LOCKED, so each runs once across nodes.
 * Features register their kinds: `app.jobs.register('besoin.expire', handler)`.
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** Called as each job starts (the metrics' job lag). */
    private readonly onRun: (job: JobRow) => void = () => {},
    /** Due means due on this clock (the server's; a test's hand-moved one). */
    private readonly clock: Clock = systemClock,
  ) {}

  private now(): Date {
    return new Date(this.clock.now());
  }

  register<P>(kind: string, handler: JobHandler<P>): void {
    if (this.handlers.has(kind)) throw new Error(`Job kind ${kind} is already registered`);
    this.handlers.set(kind, handler as JobHandler);
  }

  async schedule(kind: string, payload: unknown, runAt: Date = this.now(), db: DbOrTx = this.db): Promise<number> {
    const [row] = await db.insert(jobs).values({ kind, payload, runAt }).returning({ id: jobs.id });
    return row.id;
  }

  async cancel(id: number, db: DbOrTx = this.db): Promise<void> {
    await db
      .update(jobs)
      .set({ doneAt: this.now(), lastError: 'cancelled' })
      .where(and(eq(jobs.id, id), isNull(jobs.doneAt)));
  }

  /** Claims and runs due jobs once; returns how many ran. */
  async runDue(limit = 20): Promise<number> {
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return 0;
    const now = this.now();
    const claimed = await this.db.transaction(async (tx) => {
      const due = tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            isNull(jobs.doneAt),
            lte(jobs.runAt, now),
            inArray(jobs.kind, kinds),
            or(isNull(jobs.lockedAt), lt(jobs.lockedAt, new Date(now.getTime() - STALE_LOCK_MS))),
          ),
        )
        .orderBy(asc(jobs.runAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return tx
        .update(jobs)
        .set({ lockedAt: now, attempts: sql`${jobs.attempts} + 1` })
        .where(inArray(jobs.id, due))
        .returning();
    });
    for (const job of claimed) await this.runOne(job);
    return claimed.length;
  }

  private async runOne(job: JobRow): Promise<void> {
    const handler = this.handlers.get(job.kind);
    if (!handler) return;
    this.onRun(job);
    try {
      await handler(job.payload, { db: this.db, job, log: this.log });
      await this.db.update(jobs).set({ doneAt: this.now(), lockedAt: null }).where(eq(jobs.id, job.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.error({ err: error, job: job.id, kind: job.kind }, 'job failed');
      const giveUp = job.attempts >= MAX_ATTEMPTS;
      await this.db
        .update(jobs)
        .set({
          lockedAt: null,
          lastError: message,
          doneAt: giveUp ? this.now() : null,
          runAt: new Date(this.clock.now() + 2 ** job.attempts * 1000),
        })
        .where(eq(jobs.id, job.id));
    }
  }

  start(intervalMs: number): void {
    if (this.timer) return;
    const tick = () => {
      this.running = this.runDue()
        .catch((error) => this.log.error({ err: error }, 'job poll failed'))
        .finally(() => {
          this.running = null;
          if (this.timer) this.timer = setTimeout(tick, intervalMs);
        });
    };
    this.timer = setTimeout(tick, intervalMs);
  }

  /** Whether this process polls for due jobs (main.ts starts it; tests and scripts may not). */
  get polling(): boolean {
    return this.timer !== null;
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
