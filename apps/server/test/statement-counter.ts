import type { Db } from '../src/db/client';

export interface CapturedQuery {
  text: string;
  params: unknown[];
}

type Queryable = {
  query: (...args: unknown[]) => Promise<unknown>;
  /** PGlite: a transaction is a client of its own. */
  transaction?: (fn: (tx: Queryable) => Promise<unknown>) => Promise<unknown>;
};

/** A pg Pool: every statement, in a transaction or not, runs on one of its clients. */
type Pool = Queryable & {
  on: (event: 'connect', listener: (client: Queryable) => void) => void;
  _clients?: Queryable[];
};

/** Transaction control is the driver's, not the app's statements. */
const CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/**
 * Records the SQL statements (with their parameters) the app sends through its driver (PGlite or a pg
 * Pool) while a call runs: the client under drizzle is wrapped once, and so is each PGlite transaction
 * it opens (BEGIN/COMMIT are not the app's statements and are not recorded).
 */
export class StatementRecorder {
  private recording: CapturedQuery[] | null = null;
  private readonly wrapped = new WeakSet<Queryable>();

  constructor(db: Db) {
    const client = (db as unknown as { $client: Queryable | Pool }).$client;
    if ('on' in client && typeof client.on === 'function') {
      // The pool's clients are wrapped (not the pool, whose query runs on a client: no double count).
      for (const c of client._clients ?? []) this.wrap(c);
      client.on('connect', (c) => this.wrap(c));
      return;
    }
    this.wrap(client);
    const transaction = client.transaction?.bind(client);
    if (transaction) client.transaction = (fn) => transaction((tx) => fn(this.wrap(tx)));
  }

  private wrap(target: Queryable): Queryable {
    if (this.wrapped.has(target)) return target;
    this.wrapped.add(target);
    const original = target.query.bind(target);
    target.query = (...args: unknown[]) => {
      const first = args[0] as string | { text: string; values?: unknown[] };
      const text = typeof first === 'string' ? first : first?.text;
      if (this.recording && typeof text === 'string' && !CONTROL.test(text)) {
        // drizzle passes the parameters as the second argument, pg's query config may carry them as values
        const params = ((typeof first === 'string' ? undefined : first.values) ?? args[1]) as unknown[] | undefined;
        this.recording.push({ text, params: params ?? [] });
      }
      return original(...args);
    };
    return target;
  }

  /** The statements sent while `fn` ran (record one call at a time). */
  async capture(fn: () => Promise<unknown>): Promise<CapturedQuery[]> {
    this.recording = [];
    try {
      await fn();
      return this.recording;
    } finally {
      this.recording = null;
    }
  }
}

/** Counts the statements a request sends: a bound on statements does not depend on the machine. */
export class StatementCounter extends StatementRecorder {
  async statements(fn: () => Promise<unknown>): Promise<string[]> {
    return (await this.capture(fn)).map((q) => q.text);
  }

  async count(fn: () => Promise<unknown>): Promise<number> {
    return (await this.statements(fn)).length;
  }
}
