import type { MessageChannel } from '@taxi/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { outboundMessages } from '../../db/schema';
import { type JobQueue, MAX_ATTEMPTS } from '../../jobs/worker';
import { type Clock, dateOf } from '../../lib/clock';
import type { MessageProvider } from './providers';
import { seal, unseal } from './sealed';

/** The job that sends one stored message. */
export const SEND_MESSAGE_JOB = 'message.send';

export type OutboundMessageRow = typeof outboundMessages.$inferSelect;

export interface NewMessage {
  channel: MessageChannel;
  /** E.164. */
  to: string;
  body: string;
  /** Why it is sent (`sms_code.signup`…), kept with the message. */
  purpose: string;
  /** A secret inside `body` (a code): masked in the stored body, sent from the sealed copy. */
  secret?: string;
}

export interface MessageServiceDeps {
  db: Db;
  jobs: JobQueue;
  provider: MessageProvider;
  clock: Clock;
  log: FastifyBaseLogger;
  /** 32 bytes keying the sealed bodies (derived from the server secret). */
  sealKey: Buffer;
}

/**
 * Outbound SMS and WhatsApp: `queue()` stores the message and schedules its send in the caller's
 * transaction; the job sends it through the provider once (the queue's row lock), retries what may pass
 * with the queue's back-off, and records sent (with the provider's id) or failed (with why).
 */
export class MessageService {
  private readonly failedListeners: ((messageId: number, db: DbOrTx) => Promise<void>)[] = [];

  constructor(private readonly deps: MessageServiceDeps) {
    deps.jobs.register<{ id: number }>(SEND_MESSAGE_JOB, async ({ id }, { job }) => this.deliver(id, job.attempts));
  }

  get provider(): MessageProvider {
    return this.deps.provider;
  }

  /** Called (in the same transaction) when a message fails for good. */
  onFailed(listener: (messageId: number, db: DbOrTx) => Promise<void>): void {
    this.failedListeners.push(listener);
  }

  /** Stores the message and schedules its send; returns its id. Pass the caller's transaction as `db`. */
  async queue(message: NewMessage, db: DbOrTx = this.deps.db): Promise<number> {
    const { secret } = message;
    if (secret !== undefined && (secret.length === 0 || !message.body.includes(secret))) {
      throw new Error('the secret of a message must appear in its body');
    }
    const [row] = await db
      .insert(outboundMessages)
      .values({
        channel: message.channel,
        toPhone: message.to,
        body: secret ? message.body.replaceAll(secret, '•'.repeat(secret.length)) : message.body,
        sealedBody: secret ? seal(this.deps.sealKey, message.body) : null,
        purpose: message.purpose,
        createdAt: dateOf(this.deps.clock),
      })
      .returning({ id: outboundMessages.id });
    await this.deps.jobs.schedule(SEND_MESSAGE_JOB, { id: row.id }, dateOf(this.deps.clock), db);
    return row.id;
  }

  async find(id: number): Promise<OutboundMessageRow | undefined> {
    const [row] = await this.deps.db.select().from(outboundMessages).where(eq(outboundMessages.id, id));
    return row;
  }

  /**
   * The job's work: one try at sending a queued message. Throws to have the queue try again later; on
   * the queue's last try a failure is final.
   */
  private async deliver(id: number, jobAttempt: number): Promise<void> {
    const { db, provider, log } = this.deps;
    const row = await this.find(id);
    if (row?.status !== 'queued') return;
    const attempts = row.attempts + 1;
    let result: Awaited<ReturnType<MessageProvider['send']>>;
    try {
      const body = row.sealedBody ? unseal(this.deps.sealKey, row.sealedBody) : row.body;
      result = await provider.send({ channel: row.channel, to: row.toPhone, body });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (jobAttempt < MAX_ATTEMPTS) {
        await db.update(outboundMessages).set({ attempts, error: reason }).where(eq(outboundMessages.id, id));
        throw error;
      }
      result = { providerId: null, status: 'failed', error: reason };
    }
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(outboundMessages)
        .set({
          status: result.status,
          providerId: result.providerId,
          error: result.error ?? null,
          attempts,
          sentAt: result.status === 'sent' ? dateOf(this.deps.clock) : null,
          sealedBody: null,
        })
        .where(and(eq(outboundMessages.id, id), eq(outboundMessages.status, 'queued')))
        .returning({ id: outboundMessages.id });
      if (updated.length === 1 && result.status === 'failed') {
        for (const listener of this.failedListeners) await listener(id, tx);
      }
    });
    if (result.status === 'failed') {
      log.warn({ message: id, provider: provider.name, error: result.error }, 'outbound message failed');
    }
  }
}
