import { type Engine, enginesToRun, openBenchApp } from './db';
import { bearer } from './http';
import { loginToken, measure, QueryRecorder, type Stats, writeResult } from './lib';

/**
 * Board and advanced-search calls over a generated city history (default 1,000,000 bookings,
 * BENCH_BOOKINGS to change), on PostgreSQL and PGlite. Each call is timed through the whole API
 * (app.inject: auth, validation, queries, presenter, JSON) and its captured SQL is replayed directly;
 * the ratio is API p50 / SQL p50.
 */
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 1_000_000);
const PASSENGERS = Math.max(1000, Math.round(BOOKINGS / 10));
const CAPTAINS = 5000;
const RUNS = Number(process.env.BENCH_RUNS ?? 60);

const FIRST = `array['Lucas','Emma','Louis','Chiara','Marco','Léa','Hugo','Giulia','Nathan','Sofia','Jules','Camille','Luca','Alice','Enzo','Anna']`;
const LAST = `array['Rossi','Martin','Bernard','Ferrari','Dubois','Bianchi','Moreau','Romano','Laurent','Gallo','Fontana','Girard','Costa','Mercier','Rinaldi','Blanc']`;

/** Loads `bookings` generated bookings (a tenth as many passengers, 5,000 captains) with their status rows. */
export async function generateHistory(sql: (text: string) => Promise<void>, bookings = BOOKINGS): Promise<void> {
  const passengers = Math.max(1000, Math.round(bookings / 10));
  await sql(`
    INSERT INTO services (id, name, is_pooling) VALUES (1,'Pooling',true),(2,'Full car',false),(7,'VIP',false)
      ON CONFLICT (id) DO NOTHING;
    INSERT INTO passengers (first_name, last_name, phone_number, active, approved_at)
      SELECT (${FIRST})[1 + g % 16], (${LAST})[1 + (g / 16) % 16] || ' ' || g, '+3776' || lpad(g::text, 7, '0'), true, now()
      FROM generate_series(1, ${passengers}) g;
    INSERT INTO captains (first_name, last_name, phone_number, active, online)
      SELECT (${FIRST})[1 + g % 16], (${LAST})[1 + (g / 7) % 16] || ' C' || g, '+3364' || lpad(g::text, 7, '0'), true, g % 3 = 0
      FROM generate_series(1, ${CAPTAINS}) g;
    INSERT INTO cars (captain_id, number) SELECT id, 'MC-' || lpad(id::text, 5, '0') FROM captains;
    INSERT INTO rides (captain_id, car_id, created_at) SELECT captain_id, id, now() FROM cars;
  `);
  await sql(`
    INSERT INTO bookings (status, origin, datetime, now, seats, service_id, passenger_id,
      pick_up_location_name, pick_up_lon, pick_up_lat, pull_down_location_name, pull_down_lon, pull_down_lat,
      pickup_sector_id, dropoff_sector_id, ride_id, created_at, updated_at)
    SELECT
      CASE WHEN g % 1000 = 1 THEN (array['PENDING','APPROVED','ACCEPTED','STARTED','ARRIVED','PICKED_UP'])[1 + (g / 1000) % 6]
           WHEN g % 7 = 0 THEN (array['PAX_CANCELLED','CAPTAIN_CANCELLED','SYSTEM_CANCELLED','DELETED'])[1 + g % 4]
           ELSE (array['PAID','DONE'])[1 + g % 2] END,
      -- origin and sectors vary independently (g % 3 would tie origin to g % 6 and make combinations impossible)
      (array['app','dashboard','phone'])[1 + (g / 7) % 3],
      CASE WHEN g % 1000 = 1 THEN now() + ((g % 120) || ' minutes')::interval ELSE now() - ((g * 30) || ' seconds')::interval END,
      g % 5 <> 0, 1 + g % 3, (array[1,2,7])[1 + g % 3], 1 + g % ${passengers},
      'Pickup ' || (g % 129), 7.40 + (g % 400) / 10000.0, 43.72 + (g % 300) / 10000.0,
      'Dropoff ' || (g % 97), 7.41 + (g % 350) / 10000.0, 43.73 + (g % 250) / 10000.0,
      (SELECT min(id) FROM sectors) + g % 6, (SELECT min(id) FROM sectors) + (g / 6) % 6,
      CASE WHEN g % 1000 = 1 AND (g / 1000) % 6 = 0 THEN NULL ELSE 1 + g % ${CAPTAINS} END,
      now() - ((g * 30 + 600) || ' seconds')::interval, now() - ((g * 30) || ' seconds')::interval
    FROM generate_series(1, ${bookings}) g;
  `);
  await sql(`
    INSERT INTO booking_statuses (booking_id, status, created_at) SELECT id, status, updated_at FROM bookings;
  `);
}

interface Call {
  name: string;
  url: string;
}

const CALLS: Call[] = [
  { name: 'board all active', url: '/api/booking?group=all&perPage=25' },
  { name: 'board pending', url: '/api/booking?group=pending&perPage=25' },
  { name: 'board finished page 1', url: '/api/booking?group=finished&perPage=25' },
  { name: 'board finished page 200', url: '/api/booking?group=finished&perPage=25&page=200' },
  { name: 'board search passenger', url: '/api/booking?group=finished&perPage=25&search=Rossi%2012' },
  { name: 'search customer', url: '/api/booking/search?customer=Rossi%2012' },
  { name: 'search driver', url: '/api/booking/search?driver=Martin%20C17' },
  { name: 'search pickup_sector', url: '/api/booking/search?pickup_sector=Monte-Carlo' },
  { name: 'search dropoff_sector', url: '/api/booking/search?dropoff_sector=Fontvieille' },
  { name: 'search order_id', url: '/api/booking/search?order_id=424242' },
  { name: 'search requested_by', url: '/api/booking/search?requested_by=DASHBOARD' },
  { name: 'search car', url: '/api/booking/search?car=MC-00042' },
  { name: 'search dates', url: '/api/booking/search?from_date=2026-09-01&to_date=2026-09-07' },
  {
    name: 'search combined',
    url: '/api/booking/search?pickup_sector=Monte-Carlo&requested_by=APP&from_date=2026-08-01&to_date=2026-10-31',
  },
];

interface Row {
  call: string;
  url: string;
  status: number;
  api: Stats;
  sql: Stats;
  ratio_api_to_sql_p50: number;
  queries: number;
}

async function runEngine(engine: Engine): Promise<{ engine: Engine; load_s: number; rows: Row[] }> {
  const t0 = performance.now();
  const bench = await openBenchApp(engine, (sql) => generateHistory(sql));
  const loadS = (performance.now() - t0) / 1000;
  console.log(`[${engine}] ${BOOKINGS} bookings loaded in ${loadS.toFixed(1)} s`);
  const token = await loginToken(bench.app);
  const recorder = new QueryRecorder(bench.database);
  const rows: Row[] = [];
  for (const call of CALLS) {
    const inject = () => bench.app.inject({ method: 'GET', url: call.url, headers: bearer(token) });
    const first = await inject();
    const queries = await recorder.capture(inject);
    const api = await measure(inject, RUNS);
    const direct = await measure(() => recorder.replay(queries), RUNS);
    const row = {
      call: call.name,
      url: call.url,
      status: first.statusCode,
      api,
      sql: direct,
      ratio_api_to_sql_p50: Math.round((api.p50_ms / Math.max(direct.p50_ms, 0.001)) * 100) / 100,
      queries: queries.length,
    };
    rows.push(row);
    console.log(
      `[${engine}] ${call.name.padEnd(26)} ${first.statusCode} p50 ${api.p50_ms} p95 ${api.p95_ms} p99 ${api.p99_ms} ms; sql p50 ${direct.p50_ms} ms; ratio ${row.ratio_api_to_sql_p50}`,
    );
  }
  await bench.close();
  return { engine, load_s: Math.round(loadS * 10) / 10, rows };
}

export async function benchBookings(): Promise<void> {
  for (const engine of await enginesToRun()) {
    const result = await runEngine(engine);
    // Issue target: every call p95 under 20 ms through the API at 1,000,000 bookings, API/SQL at most 1.5.
    const target =
      engine === 'postgres'
        ? {
            p95_ms_under: 20,
            api_to_sql_p50_at_most: 1.5,
            met: result.rows.every((r) => r.api.p95_ms < 20 && r.ratio_api_to_sql_p50 <= 1.5),
            over: result.rows.filter((r) => r.api.p95_ms >= 20).map((r) => r.call),
          }
        : null;
    const file = writeResult(`bookings-${engine}`, {
      suite: 'bookings',
      bookings: BOOKINGS,
      passengers: PASSENGERS,
      captains: CAPTAINS,
      machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
      date: new Date().toISOString(),
      target,
      ...result,
    });
    console.log(`written ${file}`);
  }
}
