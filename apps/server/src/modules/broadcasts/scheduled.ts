import {
  BROADCAST_MSG,
  type BroadcastTarget,
  cityLocalToDate,
  nextRunAfter,
  type Paginated,
  parseTarget,
  type Recurrence,
  type ScheduledMessageDto,
  targetCode,
} from '@taxi/shared';
import { count, desc, eq, inArray, max } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { auditLog, broadcasts, scheduledMessages, users } from '../../db/schema';
import { conflict, HttpError, notFound, validationError } from '../../http/errors';
import { paginate } from '../../http/pagination';
import type { JobQueue } from '../../jobs/worker';
import { type Clock, dateOf } from '../../lib/clock';
import type { BroadcastService } from './service';

/** The durable job that sends one run of a scheduled message. */
export const SCHEDULED_MESSAGE_JOB = 'broadcast.scheduled';

export interface ScheduledRunPayload {
  scheduled_message_id: number;
  /** The run's time (ISO): a job whose run is no longer the message's next one does nothing. */
  run_at: string;
}

export interface ScheduledMessageInput {
  body: string;
  target: string;
  /** A `numbers` target's phone numbers. */
  phone_numbers?: string[];
  /** City-local `YYYY-MM-DD HH:mm`. */
  send_at: string;
  recurrence: Recurrence;
  ends_at: string | null;
}

export interface ScheduledDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  broadcasts: BroadcastService;
}

type Row = typeof scheduledMessages.$inferSelect;

/**
 * Scheduled messages: creating one writes the job of its first run in the same transaction; the job sends
 * through the broadcast path (each run is a broadcast with its counts) and, in the same transaction,
 * schedules the next run of a recurring message. Cancelling or deleting a message cancels its job.
 * Times are typed on the city's clock.
 */
export class ScheduledMessageService {
  constructor(private readonly deps: ScheduledDeps) {}

  private now(): Date {
    return dateOf(this.deps.clock);
  }

  private schedule(tx: Tx, id: number, at: Date): Promise<number> {
    const payload: ScheduledRunPayload = { scheduled_message_id: id, run_at: at.toISOString() };
    return this.deps.jobs.schedule(SCHEDULED_MESSAGE_JOB, payload, at, tx);
  }

  /** POST scheduled_messages. */
  async create(input: ScheduledMessageInput, actorId: number): Promise<ScheduledMessageDto> {
    // A list of numbers names its captains once, now: the runs reach those captains.
    const target = await this.deps.broadcasts.audience.listed(
      this.deps.db,
      parseTarget(input.target) as BroadcastTarget,
      input.phone_numbers ?? [],
    );
    const sendAt = cityLocalToDate(input.send_at);
    if (!sendAt) throw validationError('send_at', BROADCAST_MSG.invalidTime);
    if (sendAt <= this.now()) throw validationError('send_at', BROADCAST_MSG.timeInPast);
    const recurring = input.recurrence !== 'none';
    const endsAt = recurring && input.ends_at ? cityLocalToDate(input.ends_at) : null;
    if (endsAt && endsAt <= sendAt) throw validationError('ends_at', BROADCAST_MSG.endBeforeStart);
    const id = await this.deps.db.transaction(async (tx) => {
      const named = await this.deps.broadcasts.audience.named(tx, target);
      const now = this.now();
      const [row] = await tx
        .insert(scheduledMessages)
        .values({
          body: input.body,
          targetKind: named.kind,
          targetId: named.id,
          targetName: named.name,
          targetCaptainIds: target.captainIds ? [...target.captainIds] : null,
          recurrence: input.recurrence,
          sendAt,
          nextRunAt: sendAt,
          endsAt,
          status: 'scheduled',
          createdBy: actorId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: scheduledMessages.id });
      const jobId = await this.schedule(tx, row.id, sendAt);
      await tx.update(scheduledMessages).set({ jobId }).where(eq(scheduledMessages.id, row.id));
      await this.audit(tx, actorId, 'create', row.id, {
        target: targetCode(target),
        send_at: sendAt.toISOString(),
        recurrence: input.recurrence,
      });
      return row.id;
    });
    return this.get(id);
  }

  /** PUT scheduled_messages/{id}/cancel: no further run; 409 once done or cancelled. */
  async cancel(id: number, actorId: number): Promise<ScheduledMessageDto> {
    await this.deps.db.transaction(async (tx) => {
      const row = await this.lock(tx, id);
      if (row.status !== 'scheduled') throw conflict(BROADCAST_MSG.notActive);
      if (row.jobId !== null) await this.deps.jobs.cancel(row.jobId, tx);
      await tx
        .update(scheduledMessages)
        .set({ status: 'cancelled', nextRunAt: null, jobId: null, updatedAt: this.now() })
        .where(eq(scheduledMessages.id, id));
      await this.audit(tx, actorId, 'cancel', id, null);
    });
    return this.get(id);
  }

  /** DELETE scheduled_messages/{id}: its job is cancelled; its runs stay in the broadcasts' history. */
  async remove(id: number, actorId: number): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const row = await this.lock(tx, id);
      if (row.jobId !== null) await this.deps.jobs.cancel(row.jobId, tx);
      await tx.delete(scheduledMessages).where(eq(scheduledMessages.id, id));
      await this.audit(tx, actorId, 'delete', id, null);
    });
  }

  /**
   * The job: under the message's row lock, sends this run unless the message was cancelled, deleted or
   * moved on (a run already sent, a stale job), then schedules the next run or marks the message done.
   * Two nodes never both send a run: the queue gives a job to one, and the row lock with the unique run
   * of `broadcasts` stops a retried job.
   */
  async run(payload: ScheduledRunPayload, log?: FastifyBaseLogger): Promise<void> {
    const runAt = new Date(payload.run_at);
    await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(scheduledMessages)
        .where(eq(scheduledMessages.id, payload.scheduled_message_id))
        .for('update');
      if (row?.status !== 'scheduled' || row.nextRunAt?.getTime() !== runAt.getTime()) return;
      const target: BroadcastTarget = {
        kind: row.targetKind,
        id: row.targetId,
        ...(row.targetCaptainIds ? { captainIds: row.targetCaptainIds } : {}),
      };
      const sent = await this.deps.broadcasts
        .sendIn(tx, {
          body: row.body,
          target,
          actorId: row.createdBy,
          run: { scheduledMessageId: row.id, scheduledFor: runAt },
        })
        .catch((error: unknown) => {
          // The sector or service is gone: this run reaches nobody, the next ones are still due.
          if (error instanceof HttpError && error.status === 422) {
            log?.warn({ scheduledMessage: row.id, err: error }, 'scheduled message target is gone');
            return null;
          }
          throw error;
        });
      if (sent === null) log?.info({ scheduledMessage: row.id, runAt: payload.run_at }, 'scheduled run not sent');
      const next = nextRunAfter(runAt, row.recurrence, this.now(), row.endsAt);
      const now = this.now();
      if (next) {
        const jobId = await this.schedule(tx, row.id, next);
        await tx
          .update(scheduledMessages)
          .set({ nextRunAt: next, jobId, updatedAt: now })
          .where(eq(scheduledMessages.id, row.id));
      } else {
        await tx
          .update(scheduledMessages)
          .set({ status: 'done', nextRunAt: null, jobId: null, updatedAt: now })
          .where(eq(scheduledMessages.id, row.id));
      }
    });
  }

  private async lock(tx: Tx, id: number): Promise<Row> {
    const [row] = await tx.select().from(scheduledMessages).where(eq(scheduledMessages.id, id)).for('update');
    if (!row) throw notFound();
    return row;
  }

  private audit(tx: Tx, actorId: number, action: string, id: number, after: unknown) {
    return tx.insert(auditLog).values({
      actorId,
      action: `scheduled_message.${action}`,
      entity: 'scheduled_message',
      entityId: String(id),
      after: after ?? null,
    });
  }

  async get(id: number): Promise<ScheduledMessageDto> {
    const [dto] = await this.present(await this.rows({ id }, 1, 0));
    if (!dto) throw notFound();
    return dto;
  }

  /** GET scheduled_messages: the newest first. */
  list(paging: { page: number; perPage: number; url?: string }): Promise<Paginated<ScheduledMessageDto>> {
    const { db } = this.deps;
    return paginate(
      {
        count: async () => (await db.select({ n: count() }).from(scheduledMessages))[0].n,
        rows: async (limit, offset) => this.present(await this.rows({}, limit, offset)),
      },
      paging,
    );
  }

  /** GET scheduled_messages/{id}/runs: each run is a broadcast with its counts. */
  async runs(id: number, paging: { page: number; perPage: number; url?: string }) {
    await this.get(id);
    return this.deps.broadcasts.history(paging, { scheduledMessageId: id });
  }

  private rows(filter: { id?: number }, limit: number, offset: number) {
    return this.deps.db
      .select({ message: scheduledMessages, first: users.firstName, last: users.lastName })
      .from(scheduledMessages)
      .leftJoin(users, eq(users.id, scheduledMessages.createdBy))
      .where(filter.id === undefined ? undefined : eq(scheduledMessages.id, filter.id))
      .orderBy(desc(scheduledMessages.createdAt), desc(scheduledMessages.id))
      .limit(limit)
      .offset(offset);
  }

  private async present(
    rows: { message: Row; first: string | null; last: string | null }[],
  ): Promise<ScheduledMessageDto[]> {
    const ids = rows.map((r) => r.message.id);
    const runs = ids.length
      ? await this.deps.db
          .select({ id: broadcasts.scheduledMessageId, n: count(), last: max(broadcasts.createdAt) })
          .from(broadcasts)
          .where(inArray(broadcasts.scheduledMessageId, ids))
          .groupBy(broadcasts.scheduledMessageId)
      : [];
    const runsOf = new Map(runs.map((r) => [r.id, r]));
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    return rows.map(({ message: m, first, last }) => {
      const r = runsOf.get(m.id);
      return {
        id: m.id,
        body: m.body,
        target: targetCode({ kind: m.targetKind, id: m.targetId }),
        target_kind: m.targetKind,
        target_id: m.targetId,
        target_name: m.targetName,
        recurrence: m.recurrence,
        send_at: m.sendAt.toISOString(),
        next_run_at: iso(m.nextRunAt),
        ends_at: iso(m.endsAt),
        status: m.status,
        runs: r?.n ?? 0,
        last_run_at: r?.last ? new Date(r.last).toISOString() : null,
        sender: first === null ? null : `${first} ${last ?? ''}`.trim(),
        created_at: m.createdAt.toISOString(),
      };
    });
  }
}
