import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, Simulator, seededRandom } from '../src/simulator';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
/** The server's clock, moved by hand: the simulated hours take the same course on any machine. */
const clock = new ManualClock();
const WALL_LIMIT_MS = 10 * 60_000;

beforeAll(async () => {
  t = await buildTestApp({ clock });
}, WALL_LIMIT_MS);
afterAll(async () => {
  await t?.close();
});

describe('the simulator and the stations', () => {
  it(
    'idle captains drive to the nearest station and queue there',
    async () => {
      clock.set(Math.floor(Date.now() / 60_000) * 60_000);
      const sim = new Simulator(t.app, {
        captains: 6,
        bookingsPerHour: 0,
        clock,
        random: seededRandom(7),
        reportEverySeconds: 10,
      });
      await sim.init();
      const queued = () => t.app.geo.stations().reduce((n, s) => n + t.app.stationQueues.queue(s.id).length, 0);
      let most = 0;
      for (let s = 0; s < 2 * 3600 && most < 2; s += 10) {
        clock.advance(10_000);
        await sim.step();
        most = Math.max(most, queued());
      }
      expect(most).toBeGreaterThanOrEqual(2);
    },
    WALL_LIMIT_MS,
  );
});
