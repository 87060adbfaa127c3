// Where a service runs (/services/{id}/locations): its zones are city sectors, and a booking of the service
// whose pickup lies outside them is refused with a 422 on pickup.
import { FLEET_MSG, MAP_CENTER } from '@taxi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, loginAll, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);
let admin = '';
let disp = '';
beforeAll(async () => {
  [admin, disp] = await loginAll(t.app, 'admin@example.com', 'dispatcher@example.com');
});

/** Two sectors whose centroids lie inside themselves, one of them the map centre's. */
function twoSectors() {
  const city = t.app.city;
  const inside = city.sectors().filter((s) => city.sectorOf(s.centroid, 0)?.id === s.id);
  const home = city.sectorOf(MAP_CENTER, 0);
  const other = inside.find((s) => s.id !== home?.id);
  if (!home || !other) throw new Error('the demo city needs two sectors');
  return { home, other };
}

const order = (service_id: number, lon: number, lat: number) =>
  call('POST', 'bookings', disp, {
    new_passenger: { first_name: 'Zone', last_name: 'Test', phone_number: '+377 6 12 34 56 70' },
    service_id,
    pickup: { name: 'Pickup', lon, lat },
    now: true,
    origin: 'phone',
  });

describe('GET/PUT services/{id}/locations', () => {
  it('401, 403 without PRICE_RULES, 404 unknown service, 422 unknown zone or malformed body', async () => {
    expect((await call('GET', 'services/2/locations', null)).statusCode).toBe(401);
    expect((await call('GET', 'services/2/locations', disp)).statusCode).toBe(403);
    expect((await call('PUT', 'services/2/locations', disp, { sector_ids: [] })).statusCode).toBe(403);
    expect((await call('GET', 'services/999/locations', admin)).statusCode).toBe(404);
    const unknown = await call('PUT', 'services/2/locations', admin, { sector_ids: [999_999] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.sector_ids).toEqual([FLEET_MSG.unknownSector]);
    const malformed = await call('PUT', 'services/2/locations', admin, { sector_ids: [-1] });
    expect(malformed.statusCode).toBe(422);
    expect(Object.keys(malformed.json().errors)[0]).toMatch(/^sector_ids/);
    expect((await call('GET', 'services/2/locations', admin)).json().data).toEqual({ service_id: 2, sector_ids: [] });
  });

  it('a booking whose pickup is outside the zones of its service is refused on pickup; inside, taken', async () => {
    const { home, other } = twoSectors();
    const put = await call('PUT', 'services/5/locations', admin, { sector_ids: [other.id, other.id] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toEqual({ service_id: 5, sector_ids: [other.id] });

    const outside = await order(5, MAP_CENTER[0], MAP_CENTER[1]);
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors.pickup).toEqual([FLEET_MSG.outsideArea('Airport')]);
    // Another service without zones runs everywhere.
    expect((await order(2, MAP_CENTER[0], MAP_CENTER[1])).statusCode).toBe(201);

    const inside = await order(5, other.centroid[0], other.centroid[1]);
    expect(inside.statusCode, inside.body).toBe(201);

    // Adding the centre's zone lets that pickup in; emptying the list lets every pickup in.
    await call('PUT', 'services/5/locations', admin, { sector_ids: [other.id, home.id] });
    expect((await order(5, MAP_CENTER[0], MAP_CENTER[1])).statusCode).toBe(201);
    await call('PUT', 'services/5/locations', admin, { sector_ids: [other.id] });
    expect((await order(5, MAP_CENTER[0], MAP_CENTER[1])).statusCode).toBe(422);
    await call('PUT', 'services/5/locations', admin, { sector_ids: [] });
    expect((await order(5, MAP_CENTER[0], MAP_CENTER[1])).statusCode).toBe(201);
  });
});
