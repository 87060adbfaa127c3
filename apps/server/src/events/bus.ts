import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client';
import type { DomainEvent, DomainEvents, EventName } from './types';

/** Records a command's events; only what a committed transaction recorded is published. */
export type RecordEvent = <K extends EventName>(name: K, payload: DomainEvents[K]) => void;

type AfterHandler<K extends EventName, C> = (payload: DomainEvents[K], ctx: C) => Promise<void> | void;
type WithinHandler<K extends EventName> = (payload: DomainEvents[K], tx: Tx) => Promise<void>;

/**
 * The domain event bus. `transact` runs a command's transaction with a recorder; `within` handlers run
 * inside that transaction once the command's work is done (so a durable timer commits with its change);
 * after commit, `after` handlers run in registration order with a per-command context (C: memoised
 * views, so that a handler and the command present a booking once). A failed transaction publishes nothing;
 * a failing after-commit handler is logged and does not undo the command.
 */
export class EventBus<C> {
  private readonly afterHandlers = new Map<EventName, AfterHandler<EventName, C>[]>();
  private readonly withinHandlers = new Map<EventName, WithinHandler<EventName>[]>();

  constructor(private readonly deps: { db: Db; log: Pick<FastifyBaseLogger, 'warn'>; context: () => C }) {}

  after<K extends EventName>(name: K, handler: AfterHandler<K, C>): void {
    const list = this.afterHandlers.get(name) ?? [];
    list.push(handler as AfterHandler<EventName, C>);
    this.afterHandlers.set(name, list);
  }

  within<K extends EventName>(name: K, handler: WithinHandler<K>): void {
    const list = this.withinHandlers.get(name) ?? [];
    list.push(handler as WithinHandler<EventName>);
    this.withinHandlers.set(name, list);
  }

  /** A fresh per-command context (the one `transact` hands its handlers). */
  context(): C {
    return this.deps.context();
  }

  /** Runs `work` in one transaction, then publishes what it recorded. Returns its result and the context. */
  async transact<T>(
    work: (tx: Tx, record: RecordEvent) => Promise<T>,
    ctx: C = this.context(),
  ): Promise<{ result: T; ctx: C }> {
    const events: DomainEvent[] = [];
    const record: RecordEvent = (name, payload) => {
      events.push({ name, payload } as DomainEvent);
    };
    const result = await this.deps.db.transaction(async (tx) => {
      const out = await work(tx, record);
      for (const e of events) for (const h of this.withinHandlers.get(e.name) ?? []) await h(e.payload, tx);
      return out;
    });
    await this.publish(events, ctx);
    return { result, ctx };
  }

  /** Runs the after-commit handlers of events recorded outside `transact` (a single-statement change). */
  async publish(events: readonly DomainEvent[], ctx: C = this.context()): Promise<void> {
    for (const e of events) {
      for (const h of this.afterHandlers.get(e.name) ?? []) {
        try {
          await h(e.payload, ctx);
        } catch (error) {
          this.deps.log.warn({ err: error, event: e.name }, 'domain event handler failed');
        }
      }
    }
  }
}
