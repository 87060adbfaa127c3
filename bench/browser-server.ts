import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SessionUser } from '@taxi/shared';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { seedBase, seedDemo } from '../apps/server/src/db/seed';

/**
 * The real product for the browser benchmark, in this process: a fresh PGlite database (migrated, base
 * and demo seed at scale 0), the bench's captains and bookings loaded in SQL before the app is built (the
 * location service loads online captains at start), then buildApp with the built web app, listening.
 * In-process so the benchmark can drive `app.locations.report` and `app.realtime.emit` directly.
 */
export interface BrowserServer {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

export const CAPTAIN_ID_BASE = 100_000;
export const CENTRE: [number, number] = [7.4246, 43.7384];
export const SPREAD = 0.08;

const FIRST = `array['Lucas','Emma','Louis','Chiara','Marco','Léa','Hugo','Giulia','Nathan','Sofia','Jules','Camille','Luca','Alice','Enzo','Anna']`;
const LAST = `array['Rossi','Martin','Bernard','Ferrari','Dubois','Bianchi','Moreau','Romano','Laurent','Gallo','Fontana','Girard','Costa','Mercier','Rinaldi','Blanc']`;

/** `captains` online captains (ids CAPTAIN_ID_BASE + 1…) with cars and positions; `bookings` PENDING orders. */
async function load(sql: (text: string) => Promise<void>, captains: number, bookings: number): Promise<void> {
  await sql(`
    UPDATE captains SET online = false;
    INSERT INTO captains (id, first_name, last_name, phone_number, active, online, last_lon, last_lat, last_location_at)
      SELECT ${CAPTAIN_ID_BASE} + g, (${FIRST})[1 + g % 16], (${LAST})[1 + (g / 16) % 16] || ' B' || g,
        '+3365' || lpad(g::text, 7, '0'), true, true,
        ${CENTRE[0]} + (((g::bigint * 7919) % 1000) / 1000.0 - 0.5) * ${SPREAD},
        ${CENTRE[1]} + (((g::bigint * 104729) % 1000) / 1000.0 - 0.5) * ${SPREAD}, now()
      FROM generate_series(1, ${captains}) g;
    INSERT INTO cars (captain_id, number)
      SELECT ${CAPTAIN_ID_BASE} + g, 'MB-' || lpad(g::text, 5, '0') FROM generate_series(1, ${captains}) g;
    INSERT INTO passengers (first_name, last_name, phone_number, active, approved_at)
      SELECT (${FIRST})[1 + g % 16], (${LAST})[1 + (g / 16) % 16] || ' P' || g, '+3779' || lpad(g::text, 7, '0'),
        true, now()
      FROM generate_series(1, ${bookings}) g;
  `);
  await sql(`
    INSERT INTO bookings (status, origin, datetime, now, seats, service_id, passenger_id,
      pick_up_location_name, pick_up_lon, pick_up_lat, pull_down_location_name, pull_down_lon, pull_down_lat,
      pickup_sector_id, dropoff_sector_id, created_at, updated_at)
    SELECT 'PENDING', (array['app','dashboard','phone'])[1 + g % 3],
      now() + ((g % 180) || ' minutes')::interval, g % 5 <> 0, 1 + g % 3,
      (SELECT min(id) FROM services), (SELECT max(id) FROM passengers) - g + 1,
      'Pickup ' || (g % 129), 7.40 + (g % 400) / 10000.0, 43.72 + (g % 300) / 10000.0,
      'Dropoff ' || (g % 97), 7.41 + (g % 350) / 10000.0, 43.73 + (g % 250) / 10000.0,
      (SELECT min(id) FROM sectors), (SELECT max(id) FROM sectors), now(), now()
    FROM generate_series(1, ${bookings}) g;
    INSERT INTO booking_statuses (booking_id, status, created_at)
      SELECT id, status, created_at FROM bookings WHERE status = 'PENDING';
  `);
}

export async function startServer(opts: { port: number; captains: number; bookings: number }): Promise<BrowserServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'taxi-bench-browser-'));
  const config = loadConfig({
    APP_ENV: 'development',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: String(opts.port),
    SIMULATOR: 'off',
  });
  if (!existsSync(path.join(config.webDist, 'index.html'))) {
    throw new Error(`${config.webDist} is missing: run npm run build first`);
  }
  let database: Database | null = null;
  let app: FastifyInstance | null = null;
  const close = async () => {
    await app?.close().catch(() => {});
    await database?.close().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    database = await openDatabase();
    const raw = database.raw;
    const sql = async (text: string) => {
      if (raw.kind === 'pglite') await raw.client.exec(text);
      else await raw.client.query(text);
    };
    await database.migrate();
    await seedBase(database.db);
    await seedDemo(database.db, { log: () => {}, scale: 0 });
    await load(sql, opts.captains, opts.bookings);
    await sql('ANALYZE');
    app = await buildApp({ config, db: database.db, logger: false, serveWeb: true });
    await app.listen({ port: opts.port, host: '127.0.0.1' });
    return { app, url: `http://127.0.0.1:${opts.port}`, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The two-step admin login (dev outbox): the stored session the web app keeps in localStorage. */
export async function loginSession(app: FastifyInstance, email = 'admin@example.com'): Promise<SessionUser> {
  const body = { username: email, password: 'Demo#2026', provider: 'users', remember_me: false };
  await app.inject({ method: 'POST', url: '/api/admin_send_code', payload: body });
  const outbox = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
  const code = (outbox.json().data as { to: string; code: string }[]).find((m) => m.to === email)?.code;
  const res = await app.inject({ method: 'POST', url: '/api/admin_login', payload: { ...body, code } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().data as SessionUser;
}
