import { CAR_REQUEST_MSG, PEOPLE_MSG } from '@taxi/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, captainDeliveries, carModels, cars, colors } from '../src/db/schema';
import { makeCaptain } from './factories';
import { apiCaller, login, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);

async function refs() {
  const models = await t.db.select({ id: carModels.id }).from(carModels).orderBy(asc(carModels.id)).limit(2);
  const [color] = await t.db.select({ id: colors.id }).from(colors).orderBy(desc(colors.id)).limit(1);
  return { model: models[models.length - 1].id, color: color.id };
}

/** Files a request as the captain's app does (the development loopback). */
async function file(token: string, body: Record<string, unknown>) {
  const res = await call('POST', 'car_requests/dev/file', token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const inboxOf = (captainId: number, requestId: number) =>
  t.db
    .select()
    .from(captainDeliveries)
    .where(
      and(
        eq(captainDeliveries.captainId, captainId),
        eq(captainDeliveries.sourceKind, 'car_request'),
        eq(captainDeliveries.sourceId, requestId),
      ),
    );

describe('car requests', () => {
  it('401 without a token, 422 with field errors, 403 for the Goverment role and a role without CAPTAINS', async () => {
    expect((await call('GET', 'car_requests', null)).statusCode).toBe(401);
    expect((await call('PUT', 'car_requests/1/approve', null)).statusCode).toBe(401);
    const admin = await login(t.app, 'admin@example.com');
    const { captain } = await makeCaptain(t.db);

    const bad = await call('POST', 'car_requests/dev/file', admin, {
      captain_id: captain.id,
      kind: 'change',
      car_model_id: 999999,
      color_id: 'x',
      number: '<b>',
      year: 1900,
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors;
    expect(errors.color_id).toEqual([PEOPLE_MSG.unknownColor]);
    expect(errors.number).toEqual([CAR_REQUEST_MSG.invalidPlate]);
    expect(errors.year).toEqual([CAR_REQUEST_MSG.invalidYear]);
    const { model, color } = await refs();
    const noCar = await call('POST', 'car_requests/dev/file', admin, {
      captain_id: captain.id,
      kind: 'change',
      car_model_id: model,
      color_id: color,
      number: 'MC-1',
      year: 2020,
    });
    expect(noCar.statusCode).toBe(422);
    expect(noCar.json().errors.car_id).toEqual([CAR_REQUEST_MSG.carRequired]);
    const unknownModel = await call('POST', 'car_requests/dev/file', admin, {
      captain_id: captain.id,
      kind: 'add',
      car_model_id: 999999,
      color_id: color,
      number: 'MC-1',
      year: 2020,
    });
    expect(unknownModel.statusCode).toBe(422);
    expect(unknownModel.json().errors.car_model_id).toEqual([PEOPLE_MSG.unknownCarModel]);
    const other = await makeCaptain(t.db);
    const notTheirs = await call('POST', 'car_requests/dev/file', admin, {
      captain_id: captain.id,
      kind: 'change',
      car_id: other.car?.id,
      car_model_id: model,
      color_id: color,
      number: 'MC-1',
      year: 2020,
    });
    expect(notTheirs.json().errors.car_id).toEqual([CAR_REQUEST_MSG.notTheirCar]);
    const badStatus = await call('GET', 'car_requests?status=lost', admin);
    expect(badStatus.statusCode).toBe(422);
    expect(badStatus.json().errors.status).toBeDefined();

    const request = await file(admin, {
      captain_id: captain.id,
      kind: 'add',
      car_model_id: model,
      color_id: color,
      number: 'mc-7',
      year: 2023,
    });
    const noReason = await call('PUT', `car_requests/${request.id}/refuse`, admin, { reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual([CAR_REQUEST_MSG.reasonRequired]);

    const call_centre = await login(t.app, 'callcenter@example.com');
    const gov = await login(t.app, 'gov@example.com');
    for (const token of [call_centre, gov]) {
      expect((await call('GET', 'car_requests', token)).statusCode).toBe(403);
      expect((await call('PUT', `car_requests/${request.id}/approve`, token)).statusCode).toBe(403);
    }
    const dispatcher = await login(t.app, 'dispatcher@example.com');
    const list = await call('GET', 'car_requests?status=pending', dispatcher);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.data.every((r: { status: string }) => r.status === 'pending')).toBe(true);
  });

  it('approving an "add" creates the car in one transaction, audited, the captain told; a second approval is a 409', async () => {
    const admin = await login(t.app, 'admin@example.com');
    const { captain } = await makeCaptain(t.db, {}, null);
    const { model, color } = await refs();
    const request = await file(admin, {
      captain_id: captain.id,
      kind: 'add',
      car_model_id: model,
      color_id: color,
      number: 'mc-4242',
      year: 2024,
    });
    expect(request).toMatchObject({ status: 'pending', current: null, requested: { number: 'MC-4242', year: 2024 } });

    const approved = await call('PUT', `car_requests/${request.id}/approve`, admin);
    expect(approved.statusCode).toBe(200);
    const dto = approved.json().data;
    expect(dto).toMatchObject({ status: 'approved', decided_by: expect.any(String) });
    const owned = await t.db.select().from(cars).where(eq(cars.captainId, captain.id));
    expect(owned).toHaveLength(1);
    expect(owned[0]).toMatchObject({
      id: dto.car_id,
      number: 'MC-4242',
      carModelId: model,
      colorId: color,
      year: 2024,
    });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'car'), eq(auditLog.entityId, String(dto.car_id))));
    expect(audit.map((a) => a.action)).toEqual(['car.create']);
    const told = await inboxOf(captain.id, request.id);
    expect(told).toHaveLength(1);
    expect(told[0].body).toBe(CAR_REQUEST_MSG.approvedNotice);

    const again = await call('PUT', `car_requests/${request.id}/approve`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CAR_REQUEST_MSG.notPending);
    expect((await call('PUT', `car_requests/${request.id}/refuse`, admin, { reason: 'Late' })).statusCode).toBe(409);
    expect(await t.db.select().from(cars).where(eq(cars.captainId, captain.id))).toHaveLength(1);
  });

  it('approving a "change" changes that car; the page shows the current car beside the requested one until then', async () => {
    const admin = await login(t.app, 'admin@example.com');
    const { captain, car } = await makeCaptain(t.db, {}, { number: 'OLD-1' });
    const { model, color } = await refs();
    const request = await file(admin, {
      captain_id: captain.id,
      kind: 'change',
      car_id: car?.id,
      car_model_id: model,
      color_id: color,
      number: 'NEW-2',
      year: 2021,
    });
    expect(request.current).toMatchObject({ id: car?.id, number: 'OLD-1' });
    const approved = await call('PUT', `car_requests/${request.id}/approve`, admin);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.car_id).toBe(car?.id);
    const [changed] = await t.db
      .select()
      .from(cars)
      .where(eq(cars.id, car?.id ?? 0));
    expect(changed).toMatchObject({
      number: 'NEW-2',
      carModelId: model,
      colorId: color,
      year: 2021,
      captainId: captain.id,
    });
    expect(await t.db.select().from(cars).where(eq(cars.captainId, captain.id))).toHaveLength(1);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'car.update'), eq(auditLog.entityId, String(car?.id))));
    expect(audit.before).toMatchObject({ number: 'OLD-1' });
  });

  it('refusing keeps the car, stores the reason and tells the captain; the list puts pending requests first', async () => {
    const admin = await login(t.app, 'admin@example.com');
    const { captain, car } = await makeCaptain(t.db, {}, { number: 'KEEP-1' });
    const { model, color } = await refs();
    const request = await file(admin, {
      captain_id: captain.id,
      kind: 'change',
      car_id: car?.id,
      car_model_id: model,
      color_id: color,
      number: 'NOPE-1',
      year: 2020,
    });
    const refused = await call('PUT', `car_requests/${request.id}/refuse`, admin, { reason: 'Papers unreadable' });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data).toMatchObject({ status: 'refused', reason: 'Papers unreadable', car_id: null });
    const [kept] = await t.db
      .select()
      .from(cars)
      .where(eq(cars.id, car?.id ?? 0));
    expect(kept.number).toBe('KEEP-1');
    const [told] = await inboxOf(captain.id, request.id);
    expect(told.body).toContain('Papers unreadable');

    const all = (await call('GET', 'car_requests?page=1&perPage=100', admin)).json().data.data as { status: string }[];
    const firstDecided = all.findIndex((r) => r.status !== 'pending');
    expect(firstDecided).toBeGreaterThan(0);
    expect(all.slice(firstDecided).every((r) => r.status !== 'pending')).toBe(true);
    const refusedOnly = (await call('GET', 'car_requests?status=refused', admin)).json().data.data as { id: number }[];
    expect(refusedOnly.map((r) => r.id)).toContain(request.id);
  });
});
