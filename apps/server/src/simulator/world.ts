import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors';
import type { SimClock } from './clock';

/** What every part of the simulated world shares: the app's services, the clock, one random sequence. */
export class SimWorld {
  readonly counters = { bookings: 0, signups: 0, reports: 0, paid: 0, paxCancels: 0, captainCancels: 0, errors: 0 };

  constructor(
    readonly app: FastifyInstance,
    readonly clock: SimClock,
    readonly random: () => number,
  ) {}

  get now() {
    return this.clock.now();
  }
  chance(p: number) {
    return this.random() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)];
  }
  between(a: number, b: number) {
    return a + (b - a) * this.random();
  }

  /** A 409 means the world moved (an operator acted first): the simulated app just carries on. */
  async guard(work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (error instanceof HttpError && [403, 404, 409, 422].includes(error.status)) return;
      this.counters.errors++;
      this.app.log.warn(error, 'simulator action failed');
    }
  }
}
