import { DEFAULT_COMPLAINT_STATUS, TIMELINE_KINDS, type TimelineItemDto, timelineKind } from '@taxi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookingSuggestions, complaints, geofenceLogs } from '../src/db/schema';
import { makeBooking, makeCaptain, makeReason } from './factories';
import { apiCaller, loginAll, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);
let admin: string;
let disp: string;
let callCentre: string;

beforeAll(async () => {
  [admin, disp, callCentre] = await loginAll(
    t.app,
    'admin@example.com',
    'dispatcher@example.com',
    'callcenter@example.com',
  );
});

const page = async (token: string, query = '') => {
  const res = await call('GET', `timeline${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { items: TimelineItemDto[]; next_before: number | null };
};

describe('the timeline', () => {
  it('classifies audit rows into its kinds', () => {
    expect(timelineKind('booking', 'create')).toBe('booking');
    expect(timelineKind('booking', 'passenger_cancel')).toBe('cancellation');
    expect(timelineKind('booking', 'dispatch')).toBe('dispatch');
    expect(timelineKind('booking', 'offer_answer')).toBe('dispatch');
    expect(timelineKind('complaint', 'create')).toBe('complaint');
    expect(timelineKind('ticket', 'take')).toBe('ticket');
    expect(timelineKind('price_rule', 'update')).toBe('staff');
  });

  it('streams new rows first, pages back by id and polls forward, each kind filtered in SQL', async () => {
    const b = await makeBooking(t.db);
    const reason = await makeReason(t.db);
    expect((await call('DELETE', `bookings/${b.id}?user_cancellation_reason_id=${reason.id}`, disp)).statusCode).toBe(
      200,
    );
    const [cancel] = (await page(disp, '?kinds=cancellation&limit=1')).items;
    expect(cancel).toMatchObject({
      kind: 'cancellation',
      entity: 'booking',
      booking_id: b.id,
      actor: expect.any(String),
    });

    // Rows of every kind, then each filter gives only its kind.
    const entities = ['booking', 'booking', 'complaint', 'ticket', 'price_rule'];
    const actions = ['create', 'dispatch', 'create', 'take', 'update'];
    await t.db
      .insert(auditLog)
      .values(entities.map((entity, i) => ({ actorId: null, action: actions[i], entity, entityId: String(b.id) })));
    for (const kind of TIMELINE_KINDS) {
      const { items } = await page(admin, `?kinds=${kind}&limit=20`);
      expect(items.length, kind).toBeGreaterThan(0);
      expect(items.every((i) => i.kind === kind)).toBe(true);
    }
    const all = await page(admin, '?limit=3');
    expect(all.items.map((i) => i.id)).toEqual([...all.items.map((i) => i.id)].sort((x, y) => y - x));
    expect(all.next_before).toBe(all.items[2].id);
    const older = await page(admin, `?limit=3&before=${all.next_before}`);
    expect(older.items[0].id).toBeLessThan(all.items[2].id);
    const newer = await page(admin, `?after=${older.items[0].id}&limit=50`);
    expect(newer.items.map((i) => i.id)).toEqual(all.items.map((i) => i.id));
  });

  it('keeps staff actions for those who manage staff or settings', async () => {
    const mine = await page(disp, '?limit=200');
    expect(mine.items.some((i) => i.kind === 'staff')).toBe(false);
    expect((await page(disp, '?kinds=staff')).items).toEqual([]);
    expect((await page(admin, '?kinds=staff')).items.length).toBeGreaterThan(0);
  });

  it('is for TIMELINE holders only, and refuses unknown kinds with a 422', async () => {
    expect((await call('GET', 'timeline', callCentre)).statusCode).toBe(403);
    expect((await call('GET', 'timeline', null)).statusCode).toBe(401);
    const bad = await call('GET', 'timeline?kinds=booking,bogus', disp);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['kinds.1']);
    expect((await call('GET', 'timeline?limit=0', disp)).statusCode).toBe(422);
  });

  it("replays a booking's story in time order: log, offers, geofence and complaints", async () => {
    const b = await makeBooking(t.db);
    const { captain } = await makeCaptain(t.db, { firstName: 'Marco', lastName: 'Story' });
    const at = (s: number) => new Date(Date.UTC(2026, 10, 26, 9, 0, s));
    await t.db.insert(auditLog).values([
      { actorId: null, action: 'create', entity: 'booking', entityId: String(b.id), createdAt: at(0) },
      { actorId: null, action: 'dispatch', entity: 'booking', entityId: String(b.id), createdAt: at(30) },
    ]);
    await t.db
      .insert(bookingSuggestions)
      .values({ bookingId: b.id, captainId: captain.id, status: 'ACCEPTED', createdAt: at(10) });
    await t.db
      .insert(geofenceLogs)
      .values({ bookingId: b.id, captainId: captain.id, enterTime: at(40), leaveTime: at(50) });
    await t.db.insert(complaints).values({ bookingId: b.id, description: 'Late', createdAt: at(60) });
    const res = await call('GET', `timeline/booking/${b.id}`, disp);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as {
      kind: string;
      action: string;
      actor: string | null;
      text: string | null;
    }[];
    expect(items.map((i) => `${i.kind}:${i.action}`)).toEqual([
      'log:create',
      'offer:ACCEPTED',
      'log:dispatch',
      'geofence:enter',
      'geofence:leave',
      `complaint:${DEFAULT_COMPLAINT_STATUS}`,
    ]);
    expect(items[1].actor).toBe('Marco Story');
    expect(items[5].text).toBe('Late');
    expect((await call('GET', 'timeline/booking/99999999', disp)).statusCode).toBe(404);
    expect((await call('GET', `timeline/booking/${b.id}`, callCentre)).statusCode).toBe(403);
  });
});
