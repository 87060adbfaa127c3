import { LOST_FOUND_MSG } from '@taxi/shared';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, captains, passengers, rides } from '../src/db/schema';
import { apiCaller, login, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);
let supervisor: string;
let dispatcher: string;
let gov: string;
/** A booking with a ride: its passenger and its ride's captain. */
let linked: { id: number; passengerId: number; captainId: number };

beforeAll(async () => {
  supervisor = await login(t.app, 'supervisor@example.com');
  dispatcher = await login(t.app, 'dispatcher@example.com');
  gov = await login(t.app, 'gov@example.com');
  const [row] = await t.db
    .select({ id: bookings.id, passengerId: bookings.passengerId, captainId: rides.captainId })
    .from(bookings)
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .where(isNotNull(bookings.rideId))
    .orderBy(asc(bookings.id))
    .limit(1);
  linked = row;
});

const item = (extra: Record<string, unknown> = {}) => ({
  description: 'Silver phone with a cracked screen',
  category: 'phone',
  found_at: '2026-03-02T10:30:00.000Z',
  kept_at: 'Office safe',
  ...extra,
});

describe('lost and found: access and validation', () => {
  it('401 without a token on the list, the create and the history', async () => {
    expect((await call('GET', 'lost_and_found', null)).statusCode).toBe(401);
    expect((await call('POST', 'lost_and_found', null, item())).statusCode).toBe(401);
    expect((await call('GET', 'lost_and_found/1/history', null)).statusCode).toBe(401);
  });

  it('422 with field errors for a blank form, an unknown category, a missing booking or person', async () => {
    const blank = await call('POST', 'lost_and_found', supervisor, {});
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(blank.json().errors)).toEqual(expect.arrayContaining(['description', 'category', 'found_at']));
    const category = await call('POST', 'lost_and_found', supervisor, item({ category: 'piano' }));
    expect(category.statusCode).toBe(422);
    expect(category.json().errors.category).toBeDefined();
    const booking = await call('POST', 'lost_and_found', supervisor, item({ booking_id: 99_999_999 }));
    expect(booking.statusCode).toBe(422);
    expect(booking.json().errors.booking_id).toEqual([LOST_FOUND_MSG.bookingNotFound]);
    const captain = await call('POST', 'lost_and_found', supervisor, item({ captain_id: 99_999_999 }));
    expect(captain.json().errors.captain_id).toEqual([LOST_FOUND_MSG.captainNotFound]);
    const filter = await call('GET', 'lost_and_found?status=lost&from_date=2026-13-01', supervisor);
    expect(filter.statusCode).toBe(422);
    expect(Object.keys(filter.json().errors).sort()).toEqual(['from_date', 'status']);
    const order = await call('GET', 'lost_and_found?from_date=2026-03-05&to_date=2026-03-01', supervisor);
    expect(order.statusCode).toBe(422);
    expect(order.json().errors.to_date).toBeDefined();
  });

  it('403 for roles without LOST_AND_FOUND (the dispatcher, the Goverment role)', async () => {
    for (const token of [dispatcher, gov]) {
      expect((await call('GET', 'lost_and_found', token)).statusCode).toBe(403);
      expect((await call('POST', 'lost_and_found', token, item())).statusCode).toBe(403);
      expect((await call('GET', 'lost_and_found/1/history', token)).statusCode).toBe(403);
    }
  });
});

describe('lost and found: items', () => {
  it('a linked booking fills the captain and the passenger; the item starts as found', async () => {
    const res = await call('POST', 'lost_and_found', supervisor, item({ booking_id: linked.id, status: 'returned' }));
    expect(res.statusCode).toBe(200);
    const row = res.json().data;
    expect(row).toMatchObject({
      booking_id: linked.id,
      captain_id: linked.captainId,
      passenger_id: linked.passengerId,
      status: 'found',
    });
    const [captain] = await t.db.select().from(captains).where(eq(captains.id, linked.captainId));
    const [passenger] = await t.db.select().from(passengers).where(eq(passengers.id, linked.passengerId));
    expect(row.captain_name).toBe(`${captain.firstName} ${captain.lastName}`);
    expect(row.passenger_name).toBe(`${passenger.firstName} ${passenger.lastName}`);
  });

  it('a captain chosen by hand is kept over the booking’s', async () => {
    const two = await t.db.select({ id: captains.id }).from(captains).orderBy(asc(captains.id)).limit(2);
    const chosen = two.map((c) => c.id).find((id) => id !== linked.captainId) as number;
    const res = await call('POST', 'lost_and_found', supervisor, item({ booking_id: linked.id, captain_id: chosen }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ captain_id: chosen, passenger_id: linked.passengerId });
  });

  it('moves found → contacted → returned, refuses going back, and audits who changed what', async () => {
    const created = (await call('POST', 'lost_and_found', supervisor, item({ description: 'Red umbrella' }))).json()
      .data;
    const id = created.id as number;
    const contacted = await call('PUT', `lost_and_found/${id}`, supervisor, { status: 'contacted' });
    expect(contacted.statusCode).toBe(200);
    expect(contacted.json().data.status).toBe('contacted');
    const returned = await call('PUT', `lost_and_found/${id}`, supervisor, { status: 'returned', notes: 'Given back' });
    expect(returned.json().data.status).toBe('returned');
    const back = await call('PUT', `lost_and_found/${id}`, supervisor, { status: 'found' });
    expect(back.statusCode).toBe(422);
    expect(back.json().errors.status).toEqual([LOST_FOUND_MSG.statusNotAllowed]);
    const disposed = await call('PUT', `lost_and_found/${id}`, supervisor, { status: 'disposed' });
    expect(disposed.statusCode).toBe(422);

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'lost_and_found'), eq(auditLog.entityId, String(id))))
      .orderBy(asc(auditLog.id));
    expect(audit.map((a) => a.action)).toEqual([
      'lost_and_found.create',
      'lost_and_found.update',
      'lost_and_found.update',
    ]);
    expect((audit[1].before as { status: string }).status).toBe('found');
    expect((audit[1].after as { status: string }).status).toBe('contacted');

    const history = await call('GET', `lost_and_found/${id}/history`, supervisor);
    expect(history.statusCode).toBe(200);
    const changes = history.json().data;
    expect(changes).toHaveLength(3);
    expect(changes[0].action).toBe('create');
    expect(changes[1]).toMatchObject({
      action: 'update',
      actor: 'Sofia Supervisor',
      changes: [{ field: 'status', before: 'found', after: 'contacted' }],
    });
    expect(changes[2].changes).toEqual([
      { field: 'status', before: 'contacted', after: 'returned' },
      { field: 'notes', before: null, after: 'Given back' },
    ]);
    expect((await call('GET', 'lost_and_found/99999999/history', supervisor)).statusCode).toBe(404);
  });

  it('searches by text, status, booking, captain, passenger and found date', async () => {
    const mark = 'Zebra-striped scarf';
    const a = (
      await call(
        'POST',
        'lost_and_found',
        supervisor,
        item({ description: mark, booking_id: linked.id, found_at: '2026-04-10T09:00:00Z' }),
      )
    ).json().data;
    const b = (
      await call(
        'POST',
        'lost_and_found',
        supervisor,
        item({ description: `${mark} (second)`, found_at: '2026-04-20T09:00:00Z' }),
      )
    ).json().data;
    await call('PUT', `lost_and_found/${b.id}`, supervisor, { status: 'disposed' });
    const ids = async (query: string) =>
      ((await call('GET', `lost_and_found?perPage=100&${query}`, supervisor)).json().data.data as { id: number }[]).map(
        (r) => r.id,
      );
    expect(await ids('search=zebra-striped')).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(await ids('search=zebra-striped&status=disposed')).toEqual([b.id]);
    expect(await ids('search=zebra-striped&status=found')).toEqual([a.id]);
    expect(await ids(`search=zebra-striped&booking_id=${linked.id}`)).toEqual([a.id]);
    expect(await ids(`search=zebra-striped&captain_id=${linked.captainId}`)).toEqual([a.id]);
    expect(await ids(`search=zebra-striped&passenger_id=${linked.passengerId}`)).toEqual([a.id]);
    expect(await ids('search=zebra-striped&from_date=2026-04-15')).toEqual([b.id]);
    expect(await ids('search=zebra-striped&from_date=2026-04-10&to_date=2026-04-10')).toEqual([a.id]);
    const csv = await call('GET', 'lost_and_found/export.csv?search=zebra-striped&status=disposed', supervisor);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`${mark} (second)`);
    expect(csv.body).not.toMatch(new RegExp(`${mark}[^ ]`));
  });
});
