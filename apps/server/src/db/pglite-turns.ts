import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite runs each statement in this thread and hands its mutex to the next waiting statement in a microtask: four
 * exports reading batch after batch ran back to back for 200 ms and more while `/api/health` and every socket
 * waited. Here the statements and transactions form one queue of their own in front of PGlite: each starts once
 * the one before it has ended and the event loop has taken a turn, so what arrived meanwhile (I/O, timers) is
 * served between any two statements. The order is the callers' order; the cost is one turn per statement.
 * A transaction is one turn (its statements go through its own handle, not through this queue).
 */
export function statementsTakeTurns(client: PGlite): void {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    ((...args: A): Promise<R> => {
      const result = last.then(() => nextTurn()).then(() => run(...args));
      last = result.catch(() => undefined);
      return result;
    }) as (...args: A) => Promise<R>;
  client.query = inTurn(client.query.bind(client)) as PGlite['query'];
  client.exec = inTurn(client.exec.bind(client)) as PGlite['exec'];
  client.transaction = inTurn(client.transaction.bind(client)) as PGlite['transaction'];
}
