// Vehicle types (/VehicleTypesManagement) and the vehicle types of a service (/services/{id}/cars): the
// dispatcher's fit rule reads them (cached, refreshed on every write) instead of the service's own type.
import { FLEET_MSG } from '@taxi/shared';
import { eq, min, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { carModels, cars, colors, vehicleTypes } from '../src/db/schema';
import { makeBooking, makeCaptain } from './factories';
import { apiCaller, loginAll, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);
let admin = '';
let disp = '';
beforeAll(async () => {
  [admin, disp] = await loginAll(t.app, 'admin@example.com', 'dispatcher@example.com');
});

/** A pickup far from the demo fleet, so that only this file's captains are near it. */
const AWAY = { pickUpLon: 2.35, pickUpLat: 48.85 };

async function captainWith(vehicleType: string, dLon: number) {
  const { captain } = await makeCaptain(
    t.db,
    { lastLon: AWAY.pickUpLon + dLon, lastLat: AWAY.pickUpLat },
    { vehicleType, seats: 4 },
  );
  await t.app.locations.setOnline(captain.id, true);
  t.app.locations.report(captain.id, AWAY.pickUpLon + dLon, AWAY.pickUpLat);
  return captain.id;
}

const typeId = async (name: string) =>
  (
    await t.db
      .select()
      .from(vehicleTypes)
      .where(eq(sql`lower(${vehicleTypes.name})`, name))
  )[0].id;

const candidates = async (serviceId: number, vehicleType: string | null = null) => {
  const b = await makeBooking(t.db, { ...AWAY, serviceId, vehicleType });
  const ranking = await t.app.dispatchEngine.rank(b.id);
  return { ids: ranking.candidates.map((c) => c.captain_id), excluded: ranking.excluded };
};

describe('vehicle types catalogue', () => {
  it('401, 403 for writes without VEHICLE_TYPE_MANAGEMENT, 422 with field errors', async () => {
    expect((await call('GET', 'vehicle_types', null)).statusCode).toBe(401);
    expect((await call('GET', 'vehicle_types', disp)).statusCode).toBe(200);
    expect((await call('POST', 'vehicle_types', disp, { name: 'Bus', seats: 30 })).statusCode).toBe(403);
    const bad = await call('POST', 'vehicle_types', admin, { name: '', seats: 0 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['name', 'seats']));
    const unknown = await call('POST', 'vehicle_types', admin, { name: 'Bus', seats: 30, service_ids: [999] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.service_ids).toEqual([FLEET_MSG.unknownService]);
    const dup = await call('POST', 'vehicle_types', admin, { name: 'SEDAN', seats: 4 });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.name).toBeDefined();
  });

  it('lists the seeded types with their services and cars; a rename carries to the cars', async () => {
    const page = (await call('GET', 'vehicle_types?perPage=50', admin)).json().data.data as {
      name: string;
      service_ids: number[];
      service_ids_label: string;
    }[];
    expect(page.find((r) => r.name === 'van')).toMatchObject({
      service_ids: [1, 2, 4],
      service_ids_label: 'Pooling, Full car, Van',
    });
    const created = await call('POST', 'vehicle_types', admin, {
      name: 'People mover',
      seats: 8,
      service_ids: [4, 2, 4],
    });
    expect(created.statusCode, created.body).toBe(200);
    const row = created.json().data;
    expect(row).toMatchObject({ name: 'People mover', seats: 8, service_ids: [2, 4], cars: 0 });
    await makeCaptain(t.db, {}, { vehicleType: 'people mover' });
    expect((await call('GET', `vehicle_types/${row.id}`, admin)).json().data.cars).toBe(1);
    const renamed = await call('PUT', `vehicle_types/${row.id}`, admin, { name: 'Shuttle' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [car] = await t.db.select().from(cars).where(eq(cars.vehicleType, 'Shuttle'));
    expect(car).toBeDefined();
    expect(renamed.json().data.cars).toBe(1);
  });
});

describe('a car names a type of the catalogue', () => {
  it('POST captain/{id}/cars refuses an unknown type (422) and stores the catalogue spelling', async () => {
    const { captain } = await makeCaptain(t.db, {}, null);
    const [{ model }] = await t.db.select({ model: min(carModels.id) }).from(carModels);
    const [{ color }] = await t.db.select({ color: min(colors.id) }).from(colors);
    const body = { number: 'vt-1', color_id: color, car_model_id: model, seats: 4 };
    const unknown = await call('POST', `captain/${captain.id}/cars`, admin, { ...body, vehicle_type: 'hovercraft' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.vehicle_type).toEqual([FLEET_MSG.unknownVehicleType]);
    await call('POST', 'vehicle_types', admin, { name: 'Cabriolet', seats: 2, service_ids: [7] });
    const ok = await call('POST', `captain/${captain.id}/cars`, admin, { ...body, vehicle_type: 'CABRIOLET' });
    expect(ok.statusCode, ok.body).toBe(200);
    const [car] = await t.db.select().from(cars).where(eq(cars.captainId, captain.id));
    expect(car.vehicleType).toBe('Cabriolet');
  });
});

describe('GET/PUT services/{id}/cars', () => {
  it('401, 403 without PRICE_RULES, 404 unknown service, 422 unknown type or malformed body', async () => {
    expect((await call('GET', 'services/3/cars', null)).statusCode).toBe(401);
    expect((await call('GET', 'services/3/cars', disp)).statusCode).toBe(403);
    expect((await call('PUT', 'services/3/cars', disp, { vehicle_type_ids: [] })).statusCode).toBe(403);
    expect((await call('GET', 'services/999/cars', admin)).statusCode).toBe(404);
    const unknown = await call('PUT', 'services/3/cars', admin, { vehicle_type_ids: [999_999] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.vehicle_type_ids).toEqual([FLEET_MSG.unknownVehicleType]);
    const malformed = await call('PUT', 'services/3/cars', admin, { vehicle_type_ids: 'sedan' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.vehicle_type_ids).toBeDefined();
  });

  it('removing a type from a service leaves its captains out of the candidates; adding one lets others in', async () => {
    const sedanCaptain = await captainWith('sedan', 0.001);
    const vanCaptain = await captainWith('van', 0.002);
    const sedan = await typeId('sedan');
    const van = await typeId('van');
    expect((await call('GET', 'services/3/cars', admin)).json().data.vehicle_type_ids).toEqual([sedan]);

    let found = await candidates(3);
    expect(found.ids).toContain(sedanCaptain);
    expect(found.ids).not.toContain(vanCaptain);

    const res = await call('PUT', 'services/3/cars', admin, { vehicle_type_ids: [van] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ service_id: 3, vehicle_type_ids: [van] });
    expect(res.json().data.cars).toBeGreaterThanOrEqual(1);
    found = await candidates(3);
    expect(found.ids).not.toContain(sedanCaptain);
    expect(found.ids).toContain(vanCaptain);
    expect(found.excluded.vehicle_type).toBeGreaterThanOrEqual(1);

    // The same relation from the catalogue: the sedan type carries service 3 again.
    const row = (await call('GET', `vehicle_types/${sedan}`, admin)).json().data;
    const put = await call('PUT', `vehicle_types/${sedan}`, admin, { service_ids: [...row.service_ids, 3] });
    expect(put.statusCode, put.body).toBe(200);
    found = await candidates(3);
    expect(found.ids).toEqual(expect.arrayContaining([sedanCaptain, vanCaptain]));
  });

  it("a service with no type set keeps the booking's own vehicle type", async () => {
    const sedanCaptain = await captainWith('sedan', 0.003);
    const vanCaptain = await captainWith('van', 0.004);
    expect((await call('PUT', 'services/6/cars', admin, { vehicle_type_ids: [] })).statusCode).toBe(200);
    const found = await candidates(6, 'sedan');
    expect(found.ids).toContain(sedanCaptain);
    expect(found.ids).not.toContain(vanCaptain);
  });
});
