import { dateToCityLocal } from '@taxi/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captains, cars, shifts } from '../src/db/schema';
import { ManualClock, Simulator, seededRandom } from '../src/simulator';
import { hasCity } from './city-fixtures';
import { buildTestApp, type TestApp } from './helpers';

const MIN = 60_000;
const clock = new ManualClock(Math.floor(Date.now() / MIN) * MIN);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
}, 60_000);
afterAll(() => t?.close());

describe.skipIf(!hasCity)('the simulator follows the planned shifts', () => {
  it('its captain logs on at the shift start and off at its end; the shift starts and ends with it', async () => {
    // The captain the simulator drives first: the lowest id among active sedans.
    const [first] = await t.db
      .select({ id: captains.id })
      .from(captains)
      .innerJoin(cars, eq(cars.captainId, captains.id))
      .where(and(eq(captains.active, true), inArray(cars.vehicleType, ['sedan', 'luxury'])))
      .orderBy(asc(captains.id))
      .limit(1);
    const t0 = clock.now();
    const [sector] = t.app.city.sectors();
    const shift = await t.app.shifts.create(
      {
        captain_id: first.id,
        sector_ids: [sector.id],
        starts_at: dateToCityLocal(new Date(t0 + 30 * MIN)),
        ends_at: dateToCityLocal(new Date(t0 + 120 * MIN)),
      },
      1,
    );
    const sim = new Simulator(t.app, { captains: 1, bookingsPerHour: 0, clock, random: seededRandom(3) });
    await sim.init();
    const online = async () =>
      (await t.db.select({ online: captains.online }).from(captains).where(eq(captains.id, first.id)))[0].online;
    const run = async (to: number) => {
      clock.set(to);
      await sim.step();
      await t.app.jobs.runDue();
    };

    await run(t0 + 10 * MIN);
    expect(await online()).toBe(false);
    expect((await t.app.shifts.get(shift.id)).status).toBe('planned');

    await run(t0 + 31 * MIN);
    expect(await online()).toBe(true);
    expect(await t.app.shifts.get(shift.id)).toMatchObject({
      status: 'started',
      started_at: new Date(t0 + 31 * MIN).toISOString(),
    });

    await run(t0 + 121 * MIN);
    expect(await online()).toBe(false);
    const ended = await t.app.shifts.get(shift.id);
    expect(ended.status).toBe('ended');
    expect(Date.parse(ended.ended_at ?? '')).toBeGreaterThanOrEqual(t0 + 120 * MIN);
    expect((await t.db.select().from(shifts).where(eq(shifts.captainId, first.id))).length).toBe(1);
  }, 120_000);
});
