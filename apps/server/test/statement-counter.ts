import type { Db } from '../src/db/client';

/**
 * Counts the SQL statements the app sends through its driver (PGlite or a pg Pool): the client under
 * drizzle is wrapped once, and `count` answers how many statements a call sent.
 */
export class StatementCounter {
  private recording: string[] | null = null;

  constructor(db: Db) {
    const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
    const original = client.query.bind(client);
    client.query = (...args: unknown[]) => {
      if (this.recording) {
        const first = args[0] as string | { text: string };
        this.recording.push(typeof first === 'string' ? first : first.text);
      }
      return original(...args);
    };
  }

  /** The statements sent while `fn` ran (run calls one at a time). */
  async statements(fn: () => Promise<unknown>): Promise<string[]> {
    this.recording = [];
    try {
      await fn();
      return this.recording;
    } finally {
      this.recording = null;
    }
  }

  async count(fn: () => Promise<unknown>): Promise<number> {
    return (await this.statements(fn)).length;
  }
}
