import { GEO_MSG, RESOURCE_MSG } from '@taxi/shared';
import type { LonLat } from '@taxi/shared/geo';
import { count, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, restrictedAreas, sectors } from '../src/db/schema';
import { apiCaller, loginAll, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);
let admin: string;
let supervisor: string;
let dispatcher: string;
let airport: string;

beforeAll(async () => {
  [admin, supervisor, dispatcher, airport] = await loginAll(
    t.app,
    'admin@example.com',
    'supervisor@example.com',
    'dispatcher@example.com',
    'airport@example.com',
  );
});

/** A square outline (half side in degrees) around a point, as GeoJSON text. */
const square = ([lon, lat]: LonLat, half = 0.0005) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon - half, lat - half],
      [lon + half, lat - half],
      [lon + half, lat + half],
      [lon - half, lat + half],
      [lon - half, lat - half],
    ],
  ],
});
// Places of the demo city (places.geojson): the casino (Monte-Carlo), out at sea east of Larvotto.
const CASINO: LonLat = [7.428023, 43.73916];
const SEA: LonLat = [7.46, 43.72];
const lookup = async (p: LonLat, token = admin) =>
  (await call('GET', `geo/lookup?lon=${p[0]}&lat=${p[1]}`, token)).json().data;
const check = async (p: LonLat, role: 'pickup' | 'dropoff', service = 1) =>
  (await call('GET', `geo/check?lon=${p[0]}&lat=${p[1]}&role=${role}&service_id=${service}`, dispatcher)).json().data;

describe('map layer catalogues: who may', () => {
  it('401 without a token on every layer and the geo calls', async () => {
    for (const url of [
      'location_containers',
      'locations',
      'landmarks',
      'stations',
      'blacklist_locations',
      'restricted_areas',
      'seasonal_destinations',
      'geo/sectors',
      'beesline/area_cluster',
      'geo/lookup?lon=7.42&lat=43.73',
      'geo/check?lon=7.42&lat=43.73&role=pickup',
      'geo/layers/sectors',
      'stations/1/queue',
    ])
      expect((await call('GET', url, null)).statusCode, url).toBe(401);
  });

  it('403 for roles without the layer’s permission', async () => {
    for (const url of ['locations', 'landmarks', 'stations', 'blacklist_locations', 'geo/sectors'])
      expect((await call('GET', url, dispatcher)).statusCode, url).toBe(403);
    // The supervisor holds LOCATIONS and LANDMARK_MANAGEMENT, not RESTRICTED_AREA, EDIT_DESTINATION_SEASONAL or EDIT_MAP.
    expect((await call('GET', 'restricted_areas', supervisor)).statusCode).toBe(403);
    expect((await call('GET', 'seasonal_destinations', supervisor)).statusCode).toBe(403);
    expect((await call('GET', 'geo/sectors', supervisor)).statusCode).toBe(200);
    expect((await call('PUT', 'geo/sectors/1', supervisor, { name: 'X' })).statusCode).toBe(403);
    expect((await call('GET', 'geo/layers/restricted_areas', supervisor)).statusCode).toBe(403);
    expect((await call('GET', 'geo/layers/stations', supervisor)).statusCode).toBe(200);
    expect(
      (await call('PUT', 'geo/layers/sectors', supervisor, { type: 'FeatureCollection', features: [] })).statusCode,
    ).toBe(403);
    expect((await call('GET', 'geo/lookup?lon=7.42&lat=43.73', dispatcher)).statusCode).toBe(403);
    expect((await call('GET', 'geo/check?lon=7.42&lat=43.73&role=pickup', airport)).statusCode).toBe(403);
    // Every signed-in console loads the area cluster picker (people.md §2).
    const clusters = await call('GET', 'beesline/area_cluster?perPage=50', dispatcher);
    expect(clusters.statusCode).toBe(200);
    expect(clusters.json().data.data.map((c: { name: string }) => c.name)).toEqual(['East', 'Harbour', 'West']);
  });
});

describe('map layer catalogues: validation (422)', () => {
  it('refuses outlines that are not valid GeoJSON polygons', async () => {
    const bowTie = JSON.stringify({
      type: 'Polygon',
      coordinates: [
        [
          [7.42, 43.73],
          [7.43, 43.74],
          [7.43, 43.73],
          [7.42, 43.74],
          [7.42, 43.73],
        ],
      ],
    });
    const crossed = await call('POST', 'restricted_areas', admin, {
      name: 'Bow tie',
      applies_to: 'both',
      geometry: bowTie,
    });
    expect(crossed.statusCode).toBe(422);
    expect(crossed.json().errors.geometry).toEqual([GEO_MSG.selfIntersects]);
    const open = square(CASINO);
    open.coordinates[0].pop();
    const unclosed = await call('POST', 'restricted_areas', admin, {
      name: 'Open',
      applies_to: 'both',
      geometry: JSON.stringify(open),
    });
    expect(unclosed.json().errors.geometry).toEqual([GEO_MSG.ringNotClosed]);
    const range = await call('POST', 'restricted_areas', admin, {
      name: 'Far',
      applies_to: 'both',
      geometry: JSON.stringify(square([200, 10])),
    });
    expect(range.json().errors.geometry).toEqual([GEO_MSG.outOfRange]);
    const text = await call('POST', 'restricted_areas', admin, {
      name: 'Text',
      applies_to: 'both',
      geometry: 'square',
    });
    expect(text.json().errors.geometry).toEqual([GEO_MSG.notJson]);
    const missing = await call('POST', 'restricted_areas', admin, { name: 'None', applies_to: 'sideways' });
    expect(missing.json().errors.applies_to).toEqual([RESOURCE_MSG.invalidOption]);
    expect(missing.json().errors.geometry).toBeDefined();
  });

  it('refuses half a time window, a bad time and unknown services', async () => {
    const geometry = JSON.stringify(square(SEA));
    const half = await call('POST', 'restricted_areas', admin, {
      name: 'Half',
      applies_to: 'both',
      geometry,
      allowed_from: '07:00',
    });
    expect(half.json().errors.allowed_to).toEqual([GEO_MSG.bothTimes]);
    const bad = await call('POST', 'restricted_areas', admin, {
      name: 'Bad',
      applies_to: 'both',
      geometry,
      allowed_from: '7h',
      allowed_to: '09:00',
    });
    expect(bad.json().errors.allowed_from).toEqual([GEO_MSG.timeFormat]);
    const services = await call('POST', 'restricted_areas', admin, {
      name: 'Services',
      applies_to: 'both',
      geometry,
      allowed_service_ids: [999],
    });
    expect(services.statusCode).toBe(422);
    expect(services.json().errors.allowed_service_ids).toBeDefined();
  });

  it('needs a blacklist location to be a point with a radius or an outline', async () => {
    const res = await call('POST', 'blacklist_locations', admin, {
      name: 'Nowhere',
      action: 'refuse',
      reason: 'Fraud',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.lat).toEqual([GEO_MSG.pointOrArea]);
    const noRadius = await call('POST', 'blacklist_locations', admin, {
      name: 'No radius',
      action: 'refuse',
      reason: 'Fraud',
      lat: 43.73,
      lon: 7.42,
    });
    expect(noRadius.json().errors.radius_m).toEqual([GEO_MSG.pointOrArea]);
  });

  it('refuses a sector overlapping another one, naming it', async () => {
    const res = await call('POST', 'geo/sectors', admin, {
      name: 'Casino square',
      geometry: JSON.stringify(square(CASINO)),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.geometry).toEqual([GEO_MSG.overlaps('Monte-Carlo')]);
  });

  it('refuses an area cluster of unknown sectors', async () => {
    const res = await call('POST', 'beesline/area_cluster', admin, { name: 'Ghost', sector_ids: [9999] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.sector_ids).toEqual([RESOURCE_MSG.invalidReference]);
  });
});

describe('map layer catalogues: writes reach the lookups at once, audited', () => {
  it('a restricted area refuses pickups inside it until it is changed, then deleted', async () => {
    const point: LonLat = [7.4189, 43.7262];
    expect((await check(point, 'pickup')).allowed).toBe(true);
    const created = await call('POST', 'restricted_areas', admin, {
      name: 'Test apron',
      applies_to: 'pickup',
      geometry: JSON.stringify(square(point)),
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    expect(JSON.parse(created.json().data.geometry).type).toBe('Polygon');

    const refused = await check(point, 'pickup');
    expect(refused.allowed).toBe(false);
    expect(refused.refusals).toEqual([
      { kind: 'restricted_area', id, name: 'Test apron', reason: null, message: GEO_MSG.restricted('Test apron') },
    ]);
    expect((await check(point, 'dropoff')).allowed).toBe(true);
    const seen = await lookup(point);
    expect(seen.restricted_areas).toEqual([
      { id, name: 'Test apron', applies_to: 'pickup', refuses_pickup: true, refuses_dropoff: false },
    ]);

    expect((await call('PUT', `restricted_areas/${id}`, admin, { allowed_service_ids: [1] })).statusCode).toBe(200);
    expect((await check(point, 'pickup', 1)).allowed).toBe(true);
    expect((await check(point, 'pickup', 2)).allowed).toBe(false);

    expect((await call('DELETE', `restricted_areas/${id}`, admin)).statusCode).toBe(200);
    expect((await check(point, 'pickup', 2)).allowed).toBe(true);
    const audits = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audits.map((a) => a.action).filter((a) => a.startsWith('restricted_areas.'))).toEqual([
      'restricted_areas.create',
      'restricted_areas.update',
      'restricted_areas.delete',
    ]);
  });

  it('a new sector becomes the zone of its points (lookups and the city’s sector of a booking)', async () => {
    expect((await lookup(SEA)).sector).toBeNull();
    const res = await call('POST', 'geo/sectors', admin, {
      name: 'Offshore',
      geometry: JSON.stringify(square(SEA, 0.005)),
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id as number;
    const [row] = await t.db.select().from(sectors).where(eq(sectors.id, id));
    expect(row.centroidLon).toBeCloseTo(SEA[0], 5);
    expect((await lookup(SEA)).sector).toEqual({ id, name: 'Offshore' });
    expect(t.app.city.sectorOf(SEA, 0)?.id).toBe(id);
    const cluster = await call('POST', 'beesline/area_cluster', admin, { name: 'Sea', sector_ids: [id] });
    expect(cluster.json().data.sectors_label).toBe('Offshore');
    expect((await lookup(SEA)).area_clusters).toEqual([{ id: cluster.json().data.id, name: 'Sea' }]);
  });

  it('the lookup tells the sector, clusters, fare zone, nearest station and services of a point', async () => {
    const res = await call('GET', `geo/lookup?lon=${CASINO[0]}&lat=${CASINO[1]}`, supervisor);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.sector.name).toBe('Monte-Carlo');
    expect(data.fare_zone).toEqual(data.sector);
    expect(data.area_clusters.map((c: { name: string }) => c.name)).toEqual(['East']);
    expect(data.nearest_station.name).toBe('Place du Casino');
    expect(data.nearest_station.metres).toBeLessThan(60);
    expect(data.services.length).toBeGreaterThan(0);
    expect(data.services.every((s: { runs: boolean }) => s.runs)).toBe(true);
    const bad = await call('GET', 'geo/lookup?lon=181&lat=43', admin);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.lon).toEqual([GEO_MSG.outOfRange]);
    expect((await call('GET', 'geo/check?lon=7.42&lat=43.73', dispatcher)).json().errors.role).toBeDefined();
  });

  it('landmarks, stations and locations are the demo city’s places, editable', async () => {
    const landmarks = (await call('GET', 'landmarks?search=casino', supervisor)).json().data.data;
    expect(
      landmarks.some(
        (l: { name: string; category: string }) => l.name === 'Casino de Monte Carlo' && l.category === 'venue',
      ),
    ).toBe(true);
    const stations = (await call('GET', 'stations', supervisor)).json().data.data;
    expect(stations.map((s: { name: string }) => s.name)).toContain('Monaco - Monte Carlo');
    const container = await call('POST', 'location_containers', supervisor, { name: 'Hotel de Paris' });
    const loc = await call('POST', 'locations', supervisor, {
      name: 'Front door',
      container_id: container.json().data.id,
      lat: 43.7387,
      lon: 7.4275,
    });
    expect(loc.statusCode).toBe(200);
    expect(loc.json().data.container_name).toBe('Hotel de Paris');
    const dest = await call('POST', 'seasonal_destinations', admin, {
      season: 'hot',
      name: 'Menton',
      lat: 43.77,
      lon: 7.49,
      price: 45,
    });
    expect(dest.statusCode).toBe(200);
  });

  it('the place pickers search the landmarks’ aliases, as edited', async () => {
    const names = async (search: string) =>
      (await call('GET', `places?search=${encodeURIComponent(search)}`, admin))
        .json()
        .data.data.map((p: { name: string }) => p.name);
    expect(await names('Aquarium')).toContain('Musée Océanographique');
    expect(await names('Rock museum')).toEqual([]);
    const [landmark] = (await call('GET', 'landmarks?search=Oc%C3%A9anographique', admin)).json().data.data;
    expect((await call('PUT', `landmarks/${landmark.id}`, admin, { aliases: 'Rock museum' })).statusCode).toBe(200);
    expect(await names('Rock museum')).toEqual(['Musée Océanographique']);
    expect(await names('Aquarium')).not.toContain('Musée Océanographique');
  });
});

describe('landmarks made in the console', () => {
  const places = async (search: string) =>
    (await call('GET', `places?search=${encodeURIComponent(search)}`, admin)).json().data.data as {
      id: number;
      name: string;
      category: string;
      lat: number;
      source?: string;
    }[];

  it('are offered by the place pickers, by name and alias, and a booking from one names it as its landmark', async () => {
    const made = await call('POST', 'landmarks', admin, {
      name: 'Zqx Sculpture Garden',
      category: 'park',
      aliases: 'Zqx statues',
      lon: CASINO[0] + 0.001,
      lat: CASINO[1] + 0.001,
    });
    expect(made.statusCode, made.body).toBe(200);
    const [offered] = await places('zqx statues');
    expect(offered).toMatchObject({ name: 'Zqx Sculpture Garden', category: 'landmark' });
    expect((await places('Sculpture Garden')).map((p) => p.id)).toEqual([offered.id]);

    const [disp] = await loginAll(t.app, 'dispatcher@example.com');
    const passenger = (await call('GET', 'passenger?perPage=1', admin)).json().data.data[0];
    const booked = await call('POST', 'bookings', disp, {
      passenger_id: passenger.id,
      service_id: 2,
      pickup: { name: offered.name, lon: CASINO[0] + 0.001, lat: CASINO[1] + 0.001, place_id: offered.id },
      dropoff: { name: 'To', lon: CASINO[0] + 0.01, lat: CASINO[1] + 0.005 },
      now: true,
      origin: 'phone',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().data.landmark_pickup).toMatchObject({ id: offered.id, name: 'Zqx Sculpture Garden' });

    // Renamed and moved: the pickers follow. Deleted: no longer offered, the booking keeps its landmark.
    const id = made.json().data.id;
    expect(
      (await call('PUT', `landmarks/${id}`, admin, { name: 'Zqx Statue Park', lat: CASINO[1] + 0.002 })).statusCode,
    ).toBe(200);
    const [moved] = await places('zqx statues');
    expect(moved).toMatchObject({ id: offered.id, name: 'Zqx Statue Park', lat: CASINO[1] + 0.002 });
    expect((await call('DELETE', `landmarks/${id}`, admin)).statusCode).toBe(200);
    expect(await places('zqx')).toEqual([]);
    const card = (await call('GET', `bookings/${booked.json().data.id}`, disp)).json().data;
    expect(card.landmark_pickup).toMatchObject({ id: offered.id });
  });
});

describe('GeoJSON layers (GET/PUT geo/layers/:layer)', () => {
  it('exports outlines and points as FeatureCollections', async () => {
    const sectorsFc = (await call('GET', 'geo/layers/sectors', admin)).json().data;
    expect(sectorsFc.type).toBe('FeatureCollection');
    const larvotto = sectorsFc.features.find((f: { properties: { name: string } }) => f.properties.name === 'Larvotto');
    expect(larvotto.geometry.type).toBe('MultiPolygon');
    expect(typeof larvotto.id).toBe('number');
    const stationsFc = (await call('GET', 'geo/layers/stations', admin)).json().data;
    expect(stationsFc.features[0].geometry.type).toBe('Point');
    expect(stationsFc.features[0].properties.radius_m).toBeGreaterThan(0);
    expect((await call('GET', 'geo/layers/nowhere', admin)).statusCode).toBe(422);
  });

  it("seasonal destinations are a layer too: exported as points, imported with the catalogue's rules", async () => {
    const fc = (await call('GET', 'geo/layers/seasonal_destinations', admin)).json().data;
    const menton = fc.features.find((f: { properties: { name: string } }) => f.properties.name === 'Menton');
    expect(menton).toMatchObject({ geometry: { type: 'Point' }, properties: { season: 'hot', price: 45 } });
    const point = (season: string) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [7.42, 43.74] },
      properties: { name: 'Imported cove', season, price: 12, active: true },
    });
    const bad = await call('PUT', 'geo/layers/seasonal_destinations', admin, {
      type: 'FeatureCollection',
      features: [point('monsoon')],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['features.0.season']);
    const saved = await call('PUT', 'geo/layers/seasonal_destinations', admin, {
      type: 'FeatureCollection',
      features: [point('day')],
    });
    expect(saved.json().data).toMatchObject({ created: 1 });
    // Writers only: the supervisor reads the maps but does not edit destinations.
    const refused = await call('PUT', 'geo/layers/seasonal_destinations', supervisor, {
      type: 'FeatureCollection',
      features: [],
    });
    expect(refused.statusCode).toBe(403);
  });

  it('imports all or nothing: one bad feature refuses the whole collection, listing it', async () => {
    const before = (await t.db.select({ n: count() }).from(restrictedAreas))[0].n;
    const good = {
      type: 'Feature',
      geometry: square([7.4, 43.7]),
      properties: { name: 'Imported A', applies_to: 'both' },
    };
    const bad = {
      type: 'Feature',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [7.4, 43.7],
            [7.41, 43.71],
            [7.41, 43.7],
            [7.4, 43.71],
            [7.4, 43.7],
          ],
        ],
      },
      properties: { name: 'Imported B', applies_to: 'both' },
    };
    const refused = await call('PUT', 'geo/layers/restricted_areas', admin, {
      type: 'FeatureCollection',
      features: [good, bad],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'features.1.geometry': [GEO_MSG.selfIntersects] });
    expect((await t.db.select({ n: count() }).from(restrictedAreas))[0].n).toBe(before);

    const saved = await call('PUT', 'geo/layers/restricted_areas', admin, {
      type: 'FeatureCollection',
      features: [good],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ created: 1, updated: 0, deleted: 0 });
    expect((await check([7.4, 43.7], 'pickup')).allowed).toBe(false);

    const exported = (await call('GET', 'geo/layers/restricted_areas', admin)).json().data;
    const feature = exported.features.find((f: { properties: { name: string } }) => f.properties.name === 'Imported A');
    feature.properties.applies_to = 'dropoff';
    const again = await call('PUT', 'geo/layers/restricted_areas', admin, {
      type: 'FeatureCollection',
      features: [feature],
    });
    // Without `replace`, the areas the collection leaves out stay.
    expect(again.json().data).toEqual({ created: 0, updated: 1, deleted: 0 });
    expect((await check([7.4, 43.7], 'pickup')).allowed).toBe(true);
    const audits = await t.db.select({ n: count() }).from(auditLog).where(like(auditLog.action, 'restricted_areas.%'));
    expect(audits[0].n).toBeGreaterThanOrEqual(2);
  });

  it('saves a whole layer with replace: the rows left out are deleted, audited, and the lookups follow', async () => {
    const collection = async () => (await call('GET', 'geo/layers/blacklist_locations', admin)).json().data;
    const start = await collection();
    const added = await call('PUT', 'geo/layers/blacklist_locations', admin, {
      type: 'FeatureCollection',
      features: [
        ...start.features,
        {
          type: 'Feature',
          geometry: square([7.43, 43.74], 0.0003),
          properties: { name: 'Replace me', action: 'refuse', reason: 'Works', active: true },
        },
      ],
    });
    expect(added.json().data).toMatchObject({ created: 1, deleted: 0 });
    expect((await check([7.43, 43.74], 'pickup')).allowed).toBe(false);
    const dropped = await call('PUT', 'geo/layers/blacklist_locations?replace=true', admin, start);
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json().data).toEqual({ created: 0, updated: start.features.length, deleted: 1 });
    expect((await check([7.43, 43.74], 'pickup')).allowed).toBe(true);
    expect((await collection()).features.map((f: { id: number }) => f.id)).toEqual(
      start.features.map((f: { id: number }) => f.id),
    );
    const deletes = await t.db
      .select({ before: auditLog.before })
      .from(auditLog)
      .where(eq(auditLog.action, 'blacklist_locations.delete'));
    expect(deletes.some((d) => (d.before as { name?: string }).name === 'Replace me')).toBe(true);
    const bad = await call('PUT', 'geo/layers/blacklist_locations?replace=maybe', admin, start);
    expect(bad.statusCode).toBe(422);
  });

  it('refuses an import of sectors overlapping each other inside the same collection', async () => {
    const a = { type: 'Feature', geometry: square([7.5, 43.6], 0.01), properties: { name: 'Import east' } };
    const b = { type: 'Feature', geometry: square([7.505, 43.6], 0.01), properties: { name: 'Import west' } };
    const res = await call('PUT', 'geo/layers/sectors', admin, { type: 'FeatureCollection', features: [a, b] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['features.1.geometry']).toEqual([GEO_MSG.overlaps('Import east')]);
    expect((await lookup([7.5, 43.6])).sector).toBeNull();
  });

  it('area clusters are a layer: the outline of their sectors out, sector_ids or a drawn outline in', async () => {
    const fc = (await call('GET', 'geo/layers/area_clusters', admin)).json().data;
    expect(fc.features.length).toBeGreaterThan(0);
    const first = fc.features[0];
    expect(first.geometry.type).toBe('MultiPolygon');
    expect(first.properties.sector_ids.length).toBeGreaterThan(0);
    // Its outline is its sectors' outlines, polygon for polygon.
    const sectorsFc = (await call('GET', 'geo/layers/sectors', admin)).json().data;
    const polygonsOf = (g: { type: string; coordinates: unknown[] }) =>
      g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
    const expected = first.properties.sector_ids.flatMap((id: number) =>
      polygonsOf(sectorsFc.features.find((f: { id: number }) => f.id === id).geometry),
    );
    expect(first.geometry.coordinates).toEqual(expected);

    // A cluster drawn around one sector takes that sector, not the neighbours its edge grazes.
    const larvotto = sectorsFc.features.find((f: { properties: { name: string } }) => f.properties.name === 'Larvotto');
    const imported = await call('PUT', 'geo/layers/area_clusters', admin, {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: larvotto.geometry, properties: { name: 'Drawn around Larvotto' } }],
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data).toEqual({ created: 1, updated: 0, deleted: 0 });
    const again = (await call('GET', 'geo/layers/area_clusters', admin)).json().data;
    const drawn = again.features.find(
      (f: { properties: { name: string } }) => f.properties.name === 'Drawn around Larvotto',
    );
    expect(drawn.properties.sector_ids).toEqual([larvotto.id]);
    expect((await lookup(CASINO)).area_clusters.map((c: { name: string }) => c.name)).not.toContain(
      'Drawn around Larvotto',
    );

    // An outline over the sea covers no sector; an unknown sector id is refused by the catalogue's rule.
    const refused = await call('PUT', 'geo/layers/area_clusters', admin, {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: square(SEA), properties: { name: 'Sea cluster' } }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'features.0.geometry': [GEO_MSG.coversNoSector] });
    const ghosts = await call('PUT', 'geo/layers/area_clusters', admin, {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'MultiPolygon', coordinates: [] },
          properties: { name: 'Ghosts', sector_ids: [999999] },
        },
      ],
    });
    expect(ghosts.statusCode).toBe(422);
    expect(Object.keys(ghosts.json().errors)).toEqual(['features.0.sector_ids']);

    // Round trip of the export (ids kept, outlines recomputed): nothing is created or lost.
    const round = await call('PUT', 'geo/layers/area_clusters?replace=true', admin, again);
    expect(round.json().data).toEqual({ created: 0, updated: again.features.length, deleted: 0 });
    // Readers: the supervisor holds LOCATIONS; the dispatcher reads the clusters' picker but not the layer.
    expect((await call('GET', 'geo/layers/area_clusters', supervisor)).statusCode).toBe(200);
  });

  it('location containers are a layer: the points of their locations out, name and description in', async () => {
    const container = (await call('POST', 'location_containers', admin, { name: 'Quays of Fontvieille' })).json().data;
    for (const [name, lon] of [
      ['Quay one', 7.418],
      ['Quay two', 7.419],
    ] as const)
      await call('POST', 'locations', admin, { name, container_id: container.id, lat: 43.728, lon });
    const fc = (await call('GET', 'geo/layers/location_containers', admin)).json().data;
    const feature = fc.features.find((f: { id: number }) => f.id === container.id);
    expect(feature.geometry).toEqual({
      type: 'MultiPoint',
      coordinates: [
        [7.418, 43.728],
        [7.419, 43.728],
      ],
    });
    expect(feature.properties.location_ids).toHaveLength(2);
    feature.properties.description = 'Where the ferries berth';
    const saved = await call('PUT', 'geo/layers/location_containers', admin, {
      type: 'FeatureCollection',
      features: [feature],
    });
    expect(saved.json().data).toEqual({ created: 0, updated: 1, deleted: 0 });
    const row = (await call('GET', `location_containers/${container.id}`, admin)).json().data;
    expect(row.description).toBe('Where the ferries berth');
    const blank = await call('PUT', 'geo/layers/location_containers', admin, {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: { type: 'MultiPoint', coordinates: [] }, properties: { name: '' } }],
    });
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(blank.json().errors)).toEqual(['features.0.name']);
  });

  it('the place pickers offer the locations catalogue first, by name, container or address, as edited', async () => {
    const search = async (q: string, category = '') =>
      (
        await call('GET', `places?search=${encodeURIComponent(q)}${category && `&category=${category}`}`, dispatcher)
      ).json().data.data as {
        id: number;
        name: string;
        source: string;
        category: string;
        sector_name: string | null;
      }[];
    const container = await call('POST', 'location_containers', admin, { name: 'Zephyr marina' });
    const quay = await call('POST', 'locations', admin, {
      name: 'Pontoon Zeta',
      container_id: container.json().data.id,
      address: 'Quai Xylo',
      lat: 43.7355,
      lon: 7.4225,
    });
    expect(quay.statusCode, quay.body).toBe(200);
    const [first] = await search('zephyr');
    expect(first).toMatchObject({
      id: quay.json().data.id,
      name: 'Pontoon Zeta (Zephyr marina)',
      source: 'location',
      category: 'location',
    });
    expect(first.sector_name).not.toBeNull();
    expect((await search('xylo', 'location')).map((p) => p.name)).toEqual(['Pontoon Zeta (Zephyr marina)']);
    expect((await search('zeta', 'hotel')).some((p) => p.source === 'location')).toBe(false);
    await call('PUT', `locations/${quay.json().data.id}`, admin, { name: 'Pontoon Omega' });
    expect((await search('zephyr', 'location')).map((p) => p.name)).toEqual(['Pontoon Omega (Zephyr marina)']);
    await call('DELETE', `locations/${quay.json().data.id}`, admin);
    expect(await search('zephyr', 'location')).toEqual([]);
  });
});
