import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AI_ACTOR_ID, FINISHED_STATUSES } from '@taxi/shared';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { seedBase, seedDemo } from '../apps/server/src/db/seed';
import { ManualClock, Simulator, seededRandom } from '../apps/server/src/simulator';
import { writeResult } from './lib';

/**
 * Dispatch quality: the simulator's busy hour with a fixed seed, once with greedy dispatch (each booking its
 * best captain in turn) and once with batch matching (all waiting bookings at once, an optimal assignment):
 * same city, fleet, demand and seed. Reported per run: mean and p90 pickup time (from the dispatch to the
 * captain's arrival at the pickup, as driven), mean time to dispatch, share of the hour's bookings completed,
 * share dispatched without a human, captains' idle share. Several seeds; the figures are their means.
 * Knobs: BENCH_DQ_SEEDS (2), BENCH_DQ_CAPTAINS (60), BENCH_DQ_PER_HOUR (480), BENCH_DQ_MINUTES (60).
 */
const SEEDS = Number(process.env.BENCH_DQ_SEEDS ?? 2);
const CAPTAINS = Number(process.env.BENCH_DQ_CAPTAINS ?? 60);
const PER_HOUR = Number(process.env.BENCH_DQ_PER_HOUR ?? 480);
const MINUTES = Number(process.env.BENCH_DQ_MINUTES ?? 60);
/** After the hour, the world runs on this long so the hour's rides can finish (its new bookings are not counted). */
const DRAIN_MINUTES = 20;
const STEP_S = 5;
const MODES = ['greedy', 'batch'] as const;
type Mode = (typeof MODES)[number];

interface RunFigures {
  bookings: number;
  pickup_mean_s: number;
  pickup_p90_s: number;
  dispatch_mean_s: number;
  completed_share: number;
  automation_rate: number;
  captain_idle_share: number;
  /** Milliseconds the AI's sweep took per simulated step (its cost: the batch ranks every waiting booking). */
  ai_ms_per_sweep: number;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const p90 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(0.9 * s.length) - 1)] : 0;
};
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

async function runOnce(mode: Mode, seed: number): Promise<RunFigures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'taxi-dq-'));
  const database = await openDatabase();
  await database.migrate();
  await seedBase(database.db);
  await seedDemo(database.db, { log: () => {}, scale: 0 });
  const clock = new ManualClock();
  // A whole minute: booking times are kept to the minute.
  const start = Math.floor(Date.parse('2026-07-15T16:00:00Z') / 60_000) * 60_000;
  clock.set(start);
  const config = loadConfig({ APP_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SIMULATOR: 'off' });
  const app = await buildApp({ config, db: database.db, logger: false, clock });
  await app.ready();
  try {
    await app.settings.setMany({ DISPATCH_MATCHING: mode }, null);
    const sim = new Simulator(app, {
      captains: CAPTAINS,
      bookingsPerHour: PER_HOUR,
      clock,
      random: seededRandom(seed),
      driveAi: true,
      reportEverySeconds: 5,
    });
    await sim.init();
    let online = 0;
    let free = 0;
    let steps = 0;
    const end = start + MINUTES * 60_000;
    for (let t = start; t < end + DRAIN_MINUTES * 60_000; t += STEP_S * 1000) {
      clock.advance(STEP_S * 1000);
      await sim.step();
      steps++;
      if (clock.now() <= end) {
        // The captains' idle share over the hour, sampled each step from the live states.
        for (const c of await app.locations.index.all()) {
          if (c.meta.state === 'OFFLINE') continue;
          online++;
          if (c.meta.state === 'FREE') free++;
        }
      }
    }
    const result = await database.db.execute(sql`
      select b.id, b.status, greatest(b.created_at, b.datetime) as due,
        (select min(s.created_at) from booking_statuses s where s.booking_id = b.id and s.status = 'APPROVED') as approved,
        (select min(s.created_at) from booking_statuses s where s.booking_id = b.id and s.status = 'ARRIVED') as arrived,
        (select a.actor_id from audit_log a where a.entity = 'booking' and a.entity_id = b.id::text and a.action = 'dispatch'
          order by a.id desc limit 1) as dispatcher
      from bookings b where b.created_at >= ${new Date(start)} and b.created_at < ${new Date(end)}`);
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    const ms = (v: unknown) => (v == null ? null : new Date(v as string).getTime());
    const pickups: number[] = [];
    const waits: number[] = [];
    let dispatched = 0;
    let auto = 0;
    for (const r of rows) {
      const approved = ms(r.approved);
      const arrived = ms(r.arrived);
      if (approved !== null) {
        dispatched++;
        if (Number(r.dispatcher) === AI_ACTOR_ID) auto++;
        waits.push(Math.max(0, (approved - (ms(r.due) ?? approved)) / 1000));
        if (arrived !== null) pickups.push(Math.max(0, (arrived - approved) / 1000));
      }
    }
    const completed = rows.filter((r) => FINISHED_STATUSES.includes(r.status as never)).length;
    return {
      bookings: rows.length,
      pickup_mean_s: round(mean(pickups)),
      pickup_p90_s: round(p90(pickups)),
      dispatch_mean_s: round(mean(waits)),
      completed_share: round(rows.length ? completed / rows.length : 0, 3),
      automation_rate: round(dispatched ? auto / dispatched : 0, 3),
      captain_idle_share: round(online ? free / online : 0, 3),
      ai_ms_per_sweep: round((sim.phaseMs.ai ?? 0) / Math.max(1, steps)),
    };
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchDispatchQuality(): Promise<void> {
  const runs: Record<Mode, RunFigures[]> = { greedy: [], batch: [] };
  for (let s = 0; s < SEEDS; s++) {
    for (const mode of MODES) {
      const t0 = performance.now();
      const figures = await runOnce(mode, 1000 + s);
      runs[mode].push(figures);
      console.log(`seed ${1000 + s} ${mode}: ${JSON.stringify(figures)} (${Math.round(performance.now() - t0)} ms)`);
    }
  }
  const summary = (mode: Mode) => {
    const list = runs[mode];
    const keys = Object.keys(list[0]) as (keyof RunFigures)[];
    return Object.fromEntries(keys.map((k) => [k, round(mean(list.map((r) => r[k])), 3)])) as unknown as RunFigures;
  };
  const greedy = summary('greedy');
  const batch = summary('batch');
  const result = {
    scenario: {
      captains: CAPTAINS,
      bookings_per_hour: PER_HOUR,
      minutes: MINUTES,
      drain_minutes: DRAIN_MINUTES,
      step_s: STEP_S,
      seeds: SEEDS,
    },
    greedy,
    batch,
    runs,
    /** Batch's mean pickup time against greedy's: the target is at most 0.9 at equal completion. */
    pickup_mean_ratio: round(batch.pickup_mean_s / greedy.pickup_mean_s, 3),
    completed_share_difference: round(batch.completed_share - greedy.completed_share, 3),
  };
  console.log(JSON.stringify({ greedy, batch, pickup_mean_ratio: result.pickup_mean_ratio }, null, 2));
  console.log(`written ${writeResult('dispatch-quality', result)}`);
}
