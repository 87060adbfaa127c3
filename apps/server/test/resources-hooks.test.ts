import { type Actor, catalogueResponses, defineResource, type ResourceDef, rowSchema } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { places } from '../src/db/schema';
import { loadBindings, loadDeclarations } from '../src/modules/resources/registry';
import { ResourceService, type WriteEvent } from '../src/modules/resources/service';
import { bearer, buildTestApp, login, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
const actor: Actor = { id: 1, roles: [{ id: 1, name: 'Administrator' }], permissions: ['ACCOMMODATION'] };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, 'admin@example.com');
});
afterAll(() => t.close());

describe('catalogue registry', () => {
  it('finds every declaration file and binds those with a table, hooks from <name>.server.ts', async () => {
    const declarations = await loadDeclarations();
    expect([...declarations.keys()]).toEqual([
      'airport-agencies',
      'airport-agency-users',
      'announcements',
      'area-clusters',
      'banks',
      'blacklist-locations',
      'bonus-packages',
      'bonus-time-slices',
      'bonuses',
      'captain-cancellation-reasons',
      'car-brands',
      'car-models',
      'cash-registers',
      'change-captain-reasons',
      'city-events',
      'colors',
      'companies',
      'company-users',
      'complaint-categories',
      'conditional-bonuses',
      'constraints',
      'contract-template-levels',
      'contract-templates',
      'hotel-users',
      'hotels',
      'landmarks',
      'location-containers',
      'locations',
      'lost-and-found',
      'nationalities',
      'payment-rides',
      'rating-causes',
      'restaurant-users',
      'restaurants',
      'restricted-areas',
      'roles',
      'seasonal-destinations',
      'seasonal-reservations',
      'sectors',
      'staff',
      'stations',
      'terms-and-conditions',
      'vehicle-types',
      'vouchers',
    ]);
    const bindings = await loadBindings();
    const keys = bindings.map((b) => b.declaration.key);
    // The payments page has no table: its own module serves it.
    expect(keys).not.toContain('payment_rides');
    expect(keys).toHaveLength(43);
    const staff = bindings.find((b) => b.declaration.key === 'users');
    expect(typeof staff?.beforeSave).toBe('function');
    expect(typeof staff?.present).toBe('function');
    expect(bindings.find((b) => b.declaration.key === 'colors')?.beforeSave).toBeUndefined();
  });

  it('every catalogue answers exactly its response schema: nothing dropped, nothing missing', async () => {
    for (const binding of await loadBindings()) {
      const { declaration } = binding;
      const url = `/api/${declaration.url.replace(/\{\w+\}/, '1')}`;
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().data.data.length, url).toBeGreaterThan(0);
      // What the service presents, before the reply's schema encodes it: every key is declared.
      const service = new ResourceService(t.app.db, binding, t.app);
      const parent = declaration.parent ? { [declaration.parent.param]: 1 } : {};
      const rows = await (await service.list({ page: 1, perPage: 10, descending: false }, parent)).rows(10, 0);
      const declared = Object.keys(rowSchema(declaration).shape).sort();
      for (const row of rows) {
        expect(Object.keys(row).sort(), url).toEqual(declared);
        expect(z.safeEncode(catalogueResponses(declaration).item, { data: row }).success, url).toBe(true);
      }
    }
  });
});

/** Hotels: the places of one category, as a catalogue over a filtered subset of the table. */
const hotels = defineResource({
  key: 'test_hotels',
  url: 'test_hotels',
  title: 'Hotels',
  route: null,
  permission: 'ACCOMMODATION',
  table: 'places',
  scope: { field: 'category', equals: 'hotel' },
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true, sortable: true, searchable: true },
    { name: 'osm_id', label: 'OSM id', type: 'number', required: true },
    { name: 'lon', label: 'Longitude', type: 'number', required: true },
    { name: 'lat', label: 'Latitude', type: 'number', required: true },
    { name: 'stars', label: 'Stars', type: 'number' },
  ],
}) satisfies ResourceDef;

describe('catalogue hooks: scope and after-write refresh', () => {
  /** An in-memory cache of hotel names, as the map keeps its places; afterWrite reloads it. */
  const cache = new Set<string>();
  const events: WriteEvent[] = [];
  let service: ResourceService;
  let restaurantId: number;

  beforeAll(async () => {
    const [restaurant] = await t.app.db
      .insert(places)
      .values({ osmId: 9_000_001, name: 'Zz Test Bistro', category: 'restaurant', lon: 7.1, lat: 43.7 })
      .returning();
    restaurantId = restaurant.id;
    await t.app.db
      .insert(places)
      .values({ osmId: 9_000_002, name: 'Zz Test Palace', category: 'hotel', lon: 7.2, lat: 43.7 });
    service = new ResourceService(
      t.app.db,
      {
        declaration: hotels,
        table: places,
        async afterWrite(event, app) {
          events.push(event);
          // Read outside the write's transaction: it has committed.
          const rows = await app.db.select({ name: places.name }).from(places).where(eq(places.category, 'hotel'));
          cache.clear();
          for (const r of rows) cache.add(r.name);
        },
      },
      t.app,
    );
  });

  const list = async (search?: string) => {
    const source = await service.list({ page: 1, perPage: 100, descending: false, search });
    return source.rows(100, 0);
  };

  it('lists, finds and searches only the rows of the scope', async () => {
    const names = (await list('Zz Test')).map((r) => r.name);
    expect(names).toEqual(['Zz Test Palace']);
    await expect(service.get(restaurantId)).rejects.toMatchObject({ status: 404 });
  });

  it('a new row joins the scope, and afterWrite refreshes the cache once the write has committed', async () => {
    const row = await service.create({ name: 'Zz Test Inn', osm_id: 9_000_003, lon: 7.3, lat: 43.7 }, actor);
    const [stored] = await t.app.db.select().from(places).where(eq(places.id, row.id));
    expect(stored.category).toBe('hotel');
    expect(events.at(-1)).toMatchObject({ mode: 'create', id: row.id, row: { name: 'Zz Test Inn' } });
    expect(cache.has('Zz Test Inn')).toBe(true);

    await service.update(row.id, { name: 'Zz Test Inn & Spa' }, actor);
    expect(events.at(-1)).toMatchObject({ mode: 'update', id: row.id });
    expect(cache.has('Zz Test Inn & Spa')).toBe(true);
    expect(cache.has('Zz Test Inn')).toBe(false);

    await service.remove(row.id, actor);
    expect(events.at(-1)).toMatchObject({ mode: 'delete', id: row.id, row: { name: 'Zz Test Inn & Spa' } });
    expect(cache.has('Zz Test Inn & Spa')).toBe(false);
  });

  it('a row outside the scope cannot be changed, and a failed write tells nobody', async () => {
    const before = events.length;
    await expect(service.update(restaurantId, { name: 'Hijacked' }, actor)).rejects.toMatchObject({ status: 404 });
    await expect(service.remove(restaurantId, actor)).rejects.toMatchObject({ status: 404 });
    // A clashing OSM id (unique column) fails inside the transaction.
    await expect(service.create({ name: 'Zz Clash', osm_id: 9_000_002, lon: 7, lat: 43 }, actor)).rejects.toMatchObject(
      { status: 422, errors: { osm_id: [expect.any(String)] } },
    );
    expect(events.length).toBe(before);
    const [restaurant] = await t.app.db.select().from(places).where(eq(places.id, restaurantId));
    expect(restaurant).toMatchObject({ name: 'Zz Test Bistro', category: 'restaurant' });
  });
});
