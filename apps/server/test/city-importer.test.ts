import { PGlite } from '@electric-sql/pglite';
import type { BasemapFeatureCollection } from '@taxi/shared/geo';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { eq } from 'drizzle-orm';
import { drizzle, type PgliteDatabase } from 'drizzle-orm/pglite';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as citySchema from '../src/db/schema/city';
import { errorsPlugin } from '../src/http/errors';
import { importCity, loadCityFolder } from '../src/modules/city/importer';
import cityRoutes from '../src/modules/city/routes';
import { CityService } from '../src/modules/city/service';
import { CITY, hasCity, hasPbf, PBF } from './city-fixtures';

const quiet = { info: () => {}, warn: () => {} };

describe('loadCityFolder', () => {
  it('returns the folder when present, else null with the documented log line', () => {
    const lines: string[] = [];
    const log = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) };
    expect(loadCityFolder(log, '/nonexistent/demo-city')).toBeNull();
    expect(lines).toEqual([
      'Demo city data not found at /nonexistent/demo-city: starting without streets (straight-line distances, no street routes)',
    ]);
    if (hasCity) expect(loadCityFolder(log)).toBe(CITY);
  });

  it('a city without data routes in straight lines', () => {
    const city = CityService.empty();
    expect(city.hasStreets).toBe(false);
    expect(city.route([7.42, 43.73], [7.43, 43.74]).kind).toBe('straight');
    expect(city.sectorOf([7.42, 43.73])).toBeNull();
  });
});

describe.skipIf(!hasCity)('importCity into PGlite', () => {
  let client: PGlite;
  let db: PgliteDatabase<typeof citySchema>;

  beforeAll(async () => {
    client = new PGlite();
    db = drizzle(client, { schema: citySchema });
    // The tables exactly as drizzle-kit generates them from src/db/schema/city.ts.
    const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson(citySchema));
    for (const sql of statements) await client.exec(sql);
  });
  afterAll(async () => {
    await client?.close();
    // drizzle-kit/api adds an enumerable Array.prototype.random when imported. Server test files share their
    // worker (isolate: false), and pdf.js (partner-invoices.test.ts) refuses to run with it there.
    delete (Array.prototype as { random?: unknown }).random;
  });

  it('imports the demo folder idempotently', async () => {
    const first = await importCity(db, { folder: CITY }, quiet);
    expect(first).toEqual({ streets: 869, places: 129, sectors: 6, warnings: 0 });
    const second = await importCity(db, { folder: CITY }, quiet);
    expect(second).toEqual(first);
    expect(await db.$count(citySchema.streets)).toBe(869);
    expect(await db.$count(citySchema.places)).toBe(129);
    expect(await db.$count(citySchema.sectors)).toBe(6);
    const [casino] = await db
      .select({ sector: citySchema.sectors.name })
      .from(citySchema.places)
      .innerJoin(citySchema.sectors, eq(citySchema.places.sectorId, citySchema.sectors.id))
      .where(eq(citySchema.places.name, 'Casino de Monte Carlo'));
    expect(casino.sector).toBe('Monte-Carlo');
  });

  it.skipIf(!hasPbf)('imports roads and places from the .osm.pbf as well (same osm ids: no duplicates)', async () => {
    const counts = await importCity(db, { pbfPath: PBF, folder: CITY }, quiet);
    expect(counts.streets).toBe(869);
    expect(counts.sectors).toBe(6);
    expect(await db.$count(citySchema.streets)).toBe(869);
    expect(await db.$count(citySchema.places)).toBe(129);
  });

  it('CityService loads from the database and serves the HTTP routes', async () => {
    const t0 = performance.now();
    const city = await CityService.load(db);
    console.log(`CityService.load from PGlite: ${(performance.now() - t0).toFixed(0)} ms`);
    expect(city.hasStreets).toBe(true);
    expect(city.graph?.stats.largestComponentNodes).toBe(5177);
    const casino = city.places(undefined, 'casino de monte')[0];
    expect(casino.sector_name).toBe('Monte-Carlo');
    expect(city.sectorOf([casino.lng, casino.lat])?.name).toBe('Monte-Carlo');
    expect(city.places('hotel').length).toBe(17);
    expect(city.places(undefined, 'theatre').map((p) => p.name)).toContain('Théatre Princesse Grace');
    expect(city.nearestPlace([casino.lng + 0.00001, casino.lat])?.place.id).toBe(casino.id);
    expect(city.eta([casino.lng, casino.lat], [7.4155, 43.7275])).toBeGreaterThan(60);

    const app = Fastify();
    // As app.ts: the routes validate their input and reply with zod schemas.
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    await app.register(cityRoutes, { city, prefix: '/api' });
    const routes = app.printRoutes({ commonPrefix: false });
    expect(routes).toContain('/api/places');
    try {
      const places = await app.inject({ url: '/api/places?category=hotel&perPage=5&page=2' });
      expect(places.statusCode).toBe(200);
      const body = places.json();
      expect(body.data).toMatchObject({ current_page: 2, per_page: 5, total: 17, last_page: 4 });
      expect(body.data.data).toHaveLength(5);
      expect(body.data.next_page_url).toContain('page=3');
      expect(body.data.data[0]).toHaveProperty('lat');

      const sectors = (await app.inject({ url: '/api/sectors' })).json();
      expect(sectors.data).toHaveLength(6);
      expect(Object.keys(sectors.data[0]).sort()).toEqual(['id', 'name']);

      const route = await app.inject({ url: `/api/city/route?from=${casino.lng},${casino.lat}&to=7.4155,43.7275` });
      expect(route.statusCode).toBe(200);
      const r = route.json().data;
      expect(r.seconds).toBeGreaterThan(60);
      expect(r.metres).toBeGreaterThan(500);
      expect(r.route[0]).toEqual({ lat: casino.lat, lng: casino.lng });

      const basemap = await app.inject({ url: '/api/city/basemap' });
      expect(basemap.statusCode).toBe(200);
      expect(basemap.headers['content-type']).toContain('application/json');
      const map = basemap.json().data as BasemapFeatureCollection;
      expect(map.type).toBe('FeatureCollection');
      const streets = map.features.filter((f) => f.properties.kind === 'street');
      expect(streets).toHaveLength(869);
      expect(map.features.filter((f) => f.properties.kind === 'sector')).toHaveLength(6);
      const classes = new Set(streets.map((f) => (f.properties.kind === 'street' ? f.properties.class : null)));
      expect([...classes].sort()).toEqual(['major', 'minor', 'service']);
      // Rounded to 5 decimals (about a metre): smaller, and the same lines on screen.
      const [lon] = streets[0].geometry.coordinates[0] as [number, number];
      expect(Math.round(lon * 1e5) / 1e5).toBe(lon);

      const bad = await app.inject({ url: '/api/city/route?from=abc&to=7.4,43.7' });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toHaveProperty('from');
      const badCategory = await app.inject({ url: '/api/places?category=shop' });
      expect(badCategory.statusCode).toBe(422);
    } finally {
      await app.close();
    }
  });
});
