import { BROADCAST_BODY_MAX, BROADCAST_MSG, cityLocalToDate, dateToCityLocal, MSG, nextOccurrence } from '@taxi/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { announcements, broadcasts, captainDeliveries, captains, jobs } from '../src/db/schema';
import { grant } from '../src/db/seed/base';
import { ManualClock } from '../src/lib/clock';
import { SCHEDULED_MESSAGE_JOB } from '../src/modules/broadcasts/scheduled';
import { captainInbox } from '../src/simulator/inbox';
import { hasCity } from './city-fixtures';
import { makeCaptain } from './factories';
import { login, requestAs, testAppForFile } from './helpers';
import { StatementCounter } from './statement-counter';

/** The server's clock, moved by hand: scheduled runs fall due when the test says so. */
const clock = new ManualClock();
const t = testAppForFile({ clock });

const GOV_EMAIL = 'gov@example.com';

beforeAll(async () => {
  // The Goverment role may now read captains' messages: its refusal to send comes from mayChange, not
  // from a missing permission.
  await grant(t.db, 4, ['CAPTAINS']);
}, 120_000);

/** A fresh sign-in of a demo user (the clock moves by days in this file: older tokens expire). */
const as = (email: string) => login(t.app, email);

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Active captains whose app is connected: whom `online` reaches. */
async function onlineCount(): Promise<number> {
  const [row] = rows<{ n: number }>(
    await t.db.execute(sql`SELECT count(*)::int AS n FROM captains WHERE active AND online`),
  );
  return row.n;
}

/** Active captains who may serve the service (written independently of the server's code, in SQL). */
async function serviceCounts(serviceId: number): Promise<{ all: number; online: number }> {
  const [row] = rows<{ all: number; online: number }>(
    await t.db.execute(sql`
      SELECT count(*)::int AS all, count(*) FILTER (WHERE c.online)::int AS online
      FROM captains c
      JOIN LATERAL (SELECT vehicle_type FROM cars WHERE captain_id = c.id ORDER BY id DESC LIMIT 1) car ON true
      JOIN services s ON s.id = ${serviceId}
      WHERE c.active
        AND (c.service_ids = '[]'::jsonb OR c.service_ids @> to_jsonb(ARRAY[s.id]))
        AND lower(car.vehicle_type) = lower(s.vehicle_type)`),
  );
  return row;
}

const deliveriesOf = (broadcastId: number) =>
  t.db
    .select()
    .from(captainDeliveries)
    .where(
      and(
        eq(captainDeliveries.sourceId, broadcastId),
        inArray(captainDeliveries.sourceKind, ['broadcast', 'scheduled']),
      ),
    );

describe('POST broadcast', () => {
  it('401 without a token, 422 with field errors, 403 for the Goverment role and a role without CAPTAINS', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/broadcast',
      payload: { body: 'Hi', target: 'online' },
    });
    expect(anonymous.statusCode).toBe(401);

    const admin = await as('admin@example.com');
    const blank = await requestAs(t.app, 'POST', '/api/broadcast', admin, { body: '  ', target: 'everyone' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.body).toEqual([MSG.required]);
    expect(blank.json().errors.target).toEqual([BROADCAST_MSG.invalidTarget]);
    const long = await requestAs(t.app, 'POST', '/api/broadcast', admin, {
      body: 'x'.repeat(BROADCAST_BODY_MAX + 1),
      target: 'online',
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.body).toHaveLength(1);
    const nowhere = await requestAs(t.app, 'POST', '/api/broadcast', admin, { body: 'Hi', target: 'sector:999999' });
    expect(nowhere.statusCode).toBe(422);
    expect(nowhere.json().errors.target).toEqual([BROADCAST_MSG.unknownSector]);
    const noService = await requestAs(t.app, 'GET', '/api/broadcast/preview?target=service:999', admin);
    expect(noService.statusCode).toBe(422);
    expect(noService.json().errors.target).toEqual([BROADCAST_MSG.unknownService]);
    expect((await requestAs(t.app, 'GET', '/api/broadcast/preview?target=all', admin)).statusCode).toBe(422);

    const gov = await as(GOV_EMAIL);
    expect((await requestAs(t.app, 'GET', '/api/broadcast', gov)).statusCode).toBe(200);
    const govSend = await requestAs(t.app, 'POST', '/api/broadcast', gov, { body: 'Hi', target: 'online' });
    expect(govSend.statusCode).toBe(403);
    const callCentre = await as('callcenter@example.com');
    expect((await requestAs(t.app, 'GET', '/api/broadcast', callCentre)).statusCode).toBe(403);
    expect(
      (await requestAs(t.app, 'POST', '/api/broadcast', callCentre, { body: 'Hi', target: 'online' })).statusCode,
    ).toBe(403);
    expect(await t.db.select().from(broadcasts)).toEqual([]);
  });

  it('reaches every online captain at once: targeted = delivered = the online captains', async () => {
    const { captain: on } = await makeCaptain(t.db, { online: true });
    const { captain: off } = await makeCaptain(t.db, { online: false });
    const { captain: inactive } = await makeCaptain(t.db, { online: true, active: false });
    const expected = await onlineCount();
    expect(expected).toBeGreaterThan(1);

    const dispatcher = await as('dispatcher@example.com');
    const preview = await requestAs(t.app, 'GET', '/api/broadcast/preview?target=online', dispatcher);
    expect(preview.json().data).toEqual({ target: 'online', captains: expected });
    const res = await requestAs(t.app, 'POST', '/api/broadcast', dispatcher, {
      body: 'The port road is closed until noon.',
      target: 'online',
    });
    expect(res.statusCode).toBe(200);
    const sent = res.json();
    expect(sent.message).toBe(BROADCAST_MSG.sent(expected));
    expect(sent.data).toMatchObject({
      body: 'The port road is closed until noon.',
      target: 'online',
      target_kind: 'online',
      source: 'broadcast',
      sender: 'Dario Dispatcher',
      counts: { targeted: expected, delivered: expected, read: 0 },
    });
    const reached = new Set((await deliveriesOf(sent.data.id)).map((d) => d.captainId));
    expect(reached.has(on.id)).toBe(true);
    expect(reached.has(off.id)).toBe(false);
    expect(reached.has(inactive.id)).toBe(false);

    const history = (await requestAs(t.app, 'GET', '/api/broadcast?perPage=5', dispatcher)).json().data;
    expect(history.data[0]).toEqual(sent.data);
    expect((await requestAs(t.app, 'GET', `/api/broadcast/${sent.data.id}`, dispatcher)).json().data).toEqual(
      sent.data,
    );
  });

  it.skipIf(!hasCity)('"on shift now" reaches the captains whose shift has started, not every online one', async () => {
    const HOUR = 3600_000;
    const dispatcher = await as('dispatcher@example.com');
    const shiftCount = async () =>
      (await requestAs(t.app, 'GET', '/api/broadcast/preview?target=shift', dispatcher)).json().data.captains;
    expect(await onlineCount()).toBeGreaterThan(0);
    const before = await shiftCount();
    const { captain } = await makeCaptain(t.db, { online: false });
    const [sector] = t.app.city.sectors();
    const admin = await as('admin@example.com');
    const shift = await t.app.shifts.create(
      {
        captain_id: captain.id,
        sector_ids: [sector.id],
        starts_at: dateToCityLocal(new Date(clock.now() - HOUR)),
        ends_at: dateToCityLocal(new Date(clock.now() + 3 * HOUR)),
      },
      (await requestAs(t.app, 'GET', '/api/check_auth', admin)).json().data.id,
    );
    expect(shift.status).toBe('planned');
    expect(await shiftCount()).toBe(before);
    // The captain comes online within the window: the shift starts, the captain is on shift.
    await t.app.locations.setOnline(captain.id, true);
    expect(await shiftCount()).toBe(before + 1);
    const res = await requestAs(t.app, 'POST', '/api/broadcast', dispatcher, {
      body: 'Shift briefing',
      target: 'shift',
    });
    expect(res.json().data.counts.targeted).toBe(before + 1);
    expect((await deliveriesOf(res.json().data.id)).map((d) => d.captainId)).toContain(captain.id);
  });

  it('reaches the captains of a service as dispatch decides it; an offline one receives on coming online', async () => {
    // Service 4 (Van): a van, and the service in the captain's list (an empty list is every service).
    const { captain: offlineVan } = await makeCaptain(t.db, { online: false, serviceIds: [4] }, { vehicleType: 'van' });
    const { captain: anyVan } = await makeCaptain(t.db, { online: true, serviceIds: [] }, { vehicleType: 'van' });
    const { captain: sedan } = await makeCaptain(t.db, { online: true, serviceIds: [4] }, { vehicleType: 'sedan' });
    const { captain: otherServices } = await makeCaptain(
      t.db,
      { online: true, serviceIds: [1, 2] },
      { vehicleType: 'van' },
    );
    const expected = await serviceCounts(4);
    expect(expected.all).toBeGreaterThan(expected.online);

    const supervisor = await as('supervisor@example.com');
    const preview = await requestAs(t.app, 'GET', '/api/broadcast/preview?target=service:4', supervisor);
    expect(preview.json().data.captains).toBe(expected.all);
    const res = await requestAs(t.app, 'POST', '/api/broadcast', supervisor, {
      body: 'Vans: the airport shuttle lane is open.',
      target: 'service:4',
    });
    expect(res.statusCode).toBe(200);
    const sent = res.json().data;
    expect(sent).toMatchObject({ target: 'service:4', target_name: 'Van' });
    expect(sent.counts).toEqual({ targeted: expected.all, delivered: expected.online, read: 0 });
    const reached = new Set((await deliveriesOf(sent.id)).map((d) => d.captainId));
    expect([offlineVan.id, anyVan.id, sedan.id, otherServices.id].map((id) => reached.has(id))).toEqual([
      true,
      true,
      false,
      false,
    ]);

    // The offline captain's message waits; their shift starts and the app fetches it.
    const pending = await t.app.inbox.pending(offlineVan.id);
    expect(pending.map((p) => p.body)).toEqual(['Vans: the airport shuttle lane is open.']);
    await t.app.locations.setOnline(offlineVan.id, true);
    await captainInbox(t.app).appOpened(offlineVan.id, clock.now());
    expect(await t.app.inbox.pending(offlineVan.id)).toEqual([]);
    const [entry] = await t.app.inbox.unread(anyVan.id);
    expect(await t.app.inbox.markRead(anyVan.id, [entry.id])).toBe(1);
    // Marking another captain's row changes nothing.
    expect(await t.app.inbox.markRead(offlineVan.id, [entry.id])).toBe(0);
    const after = (await requestAs(t.app, 'GET', `/api/broadcast/${sent.id}`, supervisor)).json().data;
    expect(after.counts).toEqual({ targeted: expected.all, delivered: expected.online + 1, read: 1 });
  });

  it.skipIf(!hasCity)('reaches the captains whose last position lies in the sector', async () => {
    const { city } = t.app;
    // Sectors whose centroid the sector index puts in themselves (a concave quarter's may lie outside).
    const [inside, elsewhere] = city.sectors().filter((s) => city.sectorOf(s.centroid)?.id === s.id);
    const [lon, lat] = inside.centroid;
    const { captain: here } = await makeCaptain(t.db, { online: false, lastLon: lon, lastLat: lat });
    const { captain: there } = await makeCaptain(t.db, {
      online: true,
      lastLon: elsewhere.centroid[0],
      lastLat: elsewhere.centroid[1],
    });
    const positioned = await t.db
      .select({ lon: captains.lastLon, lat: captains.lastLat, online: captains.online })
      .from(captains)
      .where(eq(captains.active, true));
    const inSector = positioned.filter(
      (c) => c.lon !== null && c.lat !== null && city.sectorOf([c.lon, c.lat])?.id === inside.id,
    );

    const admin = await as('admin@example.com');
    const targets = (await requestAs(t.app, 'GET', '/api/broadcast/targets', admin)).json().data;
    expect(targets.sectors).toContainEqual({ id: inside.id, name: inside.name });
    expect(targets.services.map((s: { id: number }) => s.id)).toContain(4);
    const preview = await requestAs(t.app, 'GET', `/api/broadcast/preview?target=sector:${inside.id}`, admin);
    expect(preview.json().data.captains).toBe(inSector.length);
    const sent = (
      await requestAs(t.app, 'POST', '/api/broadcast', admin, {
        body: `Event in ${inside.name} tonight.`,
        target: `sector:${inside.id}`,
      })
    ).json().data;
    expect(sent.target_name).toBe(inside.name);
    expect(sent.counts).toEqual({
      targeted: inSector.length,
      delivered: inSector.filter((c) => c.online).length,
      read: 0,
    });
    const reached = new Set((await deliveriesOf(sent.id)).map((d) => d.captainId));
    expect(reached.has(here.id)).toBe(true);
    expect(reached.has(there.id)).toBe(false);
  });

  it('sends once for a repeated Idempotency-Key', async () => {
    const admin = await as('admin@example.com');
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/broadcast',
        headers: { authorization: `Bearer ${admin}`, 'idempotency-key': 'broadcast-retry-1' },
        payload: { body: 'Sent once', target: 'online' },
      });
    const first = await send();
    const again = await send();
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await t.db.select().from(broadcasts).where(eq(broadcasts.body, 'Sent once'))).toHaveLength(1);
  });
});

describe('announcements', () => {
  const at = (offsetMs: number) => new Date(clock.now() + offsetMs).toISOString();
  const HOUR = 3600_000;

  it('refuse a period that ends before it starts (422 on valid_until), also when one end is edited', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/announcements' })).statusCode).toBe(401);
    const callCentre = await as('callcenter@example.com');
    expect((await requestAs(t.app, 'GET', '/api/announcements', callCentre)).statusCode).toBe(403);
    const gov = await as(GOV_EMAIL);
    const govWrite = await requestAs(t.app, 'POST', '/api/announcements', gov, {
      title: 'No',
      body: 'No',
      valid_from: at(0),
      valid_until: at(HOUR),
    });
    expect(govWrite.statusCode).toBe(403);

    const admin = await as('admin@example.com');
    const backwards = await requestAs(t.app, 'POST', '/api/announcements', admin, {
      title: 'Backwards',
      body: 'Ends before it starts',
      valid_from: at(2 * HOUR),
      valid_until: at(HOUR),
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.valid_until).toEqual([BROADCAST_MSG.untilAfterFrom]);
    const empty = await requestAs(t.app, 'POST', '/api/announcements', admin, { title: '', body: 'x' });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['title', 'valid_from', 'valid_until']);

    const ok = await requestAs(t.app, 'POST', '/api/announcements', admin, {
      title: 'Grand Prix week',
      body: 'Expect closed roads.',
      valid_from: at(0),
      valid_until: at(HOUR),
      published: true,
    });
    expect(ok.statusCode).toBe(200);
    const id = ok.json().data.id;
    const edit = await requestAs(t.app, 'PUT', `/api/announcements/${id}`, admin, { valid_until: at(-HOUR) });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors.valid_until).toEqual([BROADCAST_MSG.untilAfterFrom]);
    const moved = await requestAs(t.app, 'PUT', `/api/announcements/${id}`, admin, { valid_until: at(3 * HOUR) });
    expect(moved.statusCode).toBe(200);
  });

  it('only the published ones valid now reach the captain app', async () => {
    // The demo's announcements and the test's above are left out.
    await t.db.delete(announcements);
    const now = clock.now();
    const add = async (title: string, from: number, until: number, published: boolean) => {
      const [row] = await t.db
        .insert(announcements)
        .values({ title, body: title, validFrom: new Date(now + from), validUntil: new Date(now + until), published })
        .returning();
      return row.id;
    };
    await add('Current', -HOUR, HOUR, true);
    const later = await add('Later', 2 * HOUR, 5 * HOUR, true);
    await add('Draft', -HOUR, HOUR, false);
    await add('Expired', -3 * HOUR, -2 * HOUR, true);
    const { captain } = await makeCaptain(t.db);
    const { captain: inactive } = await makeCaptain(t.db, { active: false });

    const titles = async (at: number, id = captain.id) =>
      (await t.app.inbox.announcementsFor(id, new Date(at))).map((a) => a.title);
    expect(await titles(now)).toEqual(['Current']);
    expect(await titles(now, inactive.id)).toEqual([]);
    clock.advance(3 * HOUR);
    expect(await titles(clock.now())).toEqual(['Later']);
    // The valid-until instant itself is over.
    expect(await titles(now + HOUR)).toEqual([]);

    // The app's shift start receives them once (kind 'announcement' in the inbox).
    await captainInbox(t.app).appOpened(captain.id, clock.now());
    await captainInbox(t.app).appOpened(captain.id, clock.now());
    const kept = await t.db
      .select()
      .from(captainDeliveries)
      .where(and(eq(captainDeliveries.captainId, captain.id), eq(captainDeliveries.sourceKind, 'announcement')));
    expect(kept.map((d) => d.sourceId)).toEqual([later]);
  });
});

describe('scheduled messages', () => {
  let nodeB: FastifyInstance;
  const HOUR = 3600_000;
  const DAY = 24 * HOUR;

  beforeAll(async () => {
    // A second server node on the same database and clock (the demo seed's own timers are left out).
    const config = loadConfig({ APP_ENV: 'development', DATA_DIR: t.config.dataDir, LOG_LEVEL: 'silent' });
    nodeB = await buildApp({ config, db: t.db, logger: false, clock });
    await nodeB.ready();
    await t.db.delete(jobs);
  }, 120_000);
  afterAll(async () => {
    await nodeB?.close();
  });

  /** The city-local text of a time `offset` from now, to the minute (as the form sends it). */
  const cityTime = (offset: number) => dateToCityLocal(new Date(clock.now() + offset));
  const runsOf = (id: number) => t.db.select().from(broadcasts).where(eq(broadcasts.scheduledMessageId, id));
  const bothNodesRun = () => Promise.all([t.app.jobs.runDue(), nodeB.jobs.runDue(), t.app.jobs.runDue()]);
  const schedule = async (body: Record<string, unknown>) => {
    const res = await requestAs(t.app, 'POST', '/api/scheduled_messages', await as('supervisor@example.com'), body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('401, 422 with field errors, 403 without SETTINGS and for the Goverment role', async () => {
    const body = { body: 'Good morning', target: 'online', send_at: cityTime(HOUR), recurrence: 'daily' };
    expect((await t.app.inject({ method: 'POST', url: '/api/scheduled_messages', payload: body })).statusCode).toBe(
      401,
    );
    const admin = await as('admin@example.com');
    const past = await requestAs(t.app, 'POST', '/api/scheduled_messages', admin, {
      ...body,
      send_at: cityTime(-HOUR),
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.send_at).toEqual([BROADCAST_MSG.timeInPast]);
    const garbled = await requestAs(t.app, 'POST', '/api/scheduled_messages', admin, { ...body, send_at: 'tomorrow' });
    expect(garbled.json().errors.send_at).toEqual([BROADCAST_MSG.invalidTime]);
    const ends = await requestAs(t.app, 'POST', '/api/scheduled_messages', admin, {
      ...body,
      ends_at: cityTime(-DAY),
    });
    expect(ends.statusCode).toBe(422);
    expect(ends.json().errors.ends_at).toEqual([BROADCAST_MSG.endBeforeStart]);
    const weird = await requestAs(t.app, 'POST', '/api/scheduled_messages', admin, { ...body, recurrence: 'hourly' });
    expect(Object.keys(weird.json().errors)).toEqual(['recurrence']);

    for (const email of ['dispatcher@example.com', GOV_EMAIL]) {
      const token = await as(email);
      expect((await requestAs(t.app, 'POST', '/api/scheduled_messages', token, body)).statusCode).toBe(403);
      expect((await requestAs(t.app, 'GET', '/api/scheduled_messages', token)).statusCode).toBe(403);
    }
    expect(await t.db.select().from(jobs).where(eq(jobs.kind, SCHEDULED_MESSAGE_JOB))).toEqual([]);
  });

  it('is sent once across two nodes running the due jobs together', async () => {
    const message = await schedule({ body: 'Once, from one node', target: 'online', send_at: cityTime(HOUR) });
    const runAt = cityLocalToDate(cityTime(HOUR)) as Date;
    expect(message).toMatchObject({ status: 'scheduled', recurrence: 'none', runs: 0 });
    expect(message.next_run_at).toBe(runAt.toISOString());
    // The job was written with the message (same transaction).
    const [job] = await t.db.select().from(jobs).where(eq(jobs.kind, SCHEDULED_MESSAGE_JOB));
    expect(job.runAt.toISOString()).toBe(runAt.toISOString());

    await bothNodesRun();
    expect(await runsOf(message.id)).toEqual([]);

    clock.advance(2 * HOUR);
    await Promise.all([bothNodesRun(), bothNodesRun()]);
    const runs = await runsOf(message.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ source: 'scheduled', body: 'Once, from one node', scheduledFor: runAt });
    const online = await onlineCount();
    expect(await deliveriesOf(runs[0].id)).toHaveLength(online);

    const supervisor = await as('supervisor@example.com');
    const list = (await requestAs(t.app, 'GET', '/api/scheduled_messages', supervisor)).json().data;
    expect(list.data.find((m: { id: number }) => m.id === message.id)).toMatchObject({
      status: 'done',
      next_run_at: null,
      runs: 1,
    });
    const history = (await requestAs(t.app, 'GET', `/api/scheduled_messages/${message.id}/runs`, supervisor)).json()
      .data;
    expect(history.total).toBe(1);
    expect(history.data[0]).toMatchObject({
      source: 'scheduled',
      scheduled_message_id: message.id,
      counts: { targeted: online, delivered: online, read: 0 },
    });
  });

  it('a daily message schedules its next run on the city’s clock; cancelling stops it', async () => {
    const first = cityLocalToDate(cityTime(HOUR)) as Date;
    const message = await schedule({
      body: 'Daily briefing',
      target: 'service:2',
      send_at: cityTime(HOUR),
      recurrence: 'daily',
    });
    expect(message).toMatchObject({ target_name: 'Full car', recurrence: 'daily', ends_at: null });

    clock.advance(2 * HOUR);
    await bothNodesRun();
    const second = nextOccurrence(first, 'daily') as Date;
    expect(dateToCityLocal(second).slice(11)).toBe(dateToCityLocal(first).slice(11));
    const supervisor = await as('supervisor@example.com');
    const afterFirst = (await requestAs(t.app, 'GET', '/api/scheduled_messages', supervisor)).json().data.data;
    expect(afterFirst.find((m: { id: number }) => m.id === message.id)).toMatchObject({
      status: 'scheduled',
      runs: 1,
      next_run_at: second.toISOString(),
    });
    const pending = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, SCHEDULED_MESSAGE_JOB), sql`${jobs.doneAt} is null`));
    expect(
      pending.map((j) => [j.runAt.toISOString(), (j.payload as { scheduled_message_id: number }).scheduled_message_id]),
    ).toEqual([[second.toISOString(), message.id]]);

    clock.advance(DAY);
    await bothNodesRun();
    expect(await runsOf(message.id)).toHaveLength(2);

    const admin = await as('admin@example.com');
    const cancelled = await requestAs(t.app, 'PUT', `/api/scheduled_messages/${message.id}/cancel`, admin);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', next_run_at: null, runs: 2 });
    expect(cancelled.json().message).toBe(BROADCAST_MSG.cancelled);
    const again = await requestAs(t.app, 'PUT', `/api/scheduled_messages/${message.id}/cancel`, admin);
    expect(again.statusCode).toBe(409);
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, SCHEDULED_MESSAGE_JOB), sql`${jobs.lastError} = 'cancelled'`));
    expect(job.doneAt).not.toBeNull();

    clock.advance(3 * DAY);
    await bothNodesRun();
    expect(await runsOf(message.id)).toHaveLength(2);
  });

  it('a weekly message ends after its end date; deleting a message cancels its job', async () => {
    const weekly = await schedule({
      body: 'Weekly reminder',
      target: 'shift',
      send_at: cityTime(HOUR),
      recurrence: 'weekly',
      ends_at: cityTime(HOUR + 10 * DAY),
    });
    const once = await schedule({ body: 'Never sent', target: 'online', send_at: cityTime(3 * HOUR) });
    const admin = await as('admin@example.com');
    const removed = await requestAs(t.app, 'DELETE', `/api/scheduled_messages/${once.id}`, admin);
    expect(removed.statusCode).toBe(200);
    expect((await requestAs(t.app, 'GET', `/api/scheduled_messages/${once.id}/runs`, admin)).statusCode).toBe(404);

    // The first run, a week later the second; the third would come after the end date.
    for (const step of [2 * HOUR, 7 * DAY, 7 * DAY]) {
      clock.advance(step);
      await bothNodesRun();
    }
    expect(await runsOf(weekly.id)).toHaveLength(2);
    expect(await t.db.select().from(broadcasts).where(eq(broadcasts.body, 'Never sent'))).toEqual([]);
    const supervisor = await as('supervisor@example.com');
    const list = (await requestAs(t.app, 'GET', '/api/scheduled_messages', supervisor)).json().data.data;
    expect(list.find((m: { id: number }) => m.id === weekly.id)).toMatchObject({ status: 'done', runs: 2 });
  });
});

describe('the captain inbox at fleet size', () => {
  it('delivers to 5,000 captains in five set-based statements', async () => {
    await t.db.execute(sql`
      INSERT INTO captains (first_name, last_name, active, online)
      SELECT 'Bulk', 'Captain ' || i, true, i % 2 = 0 FROM generate_series(1, 5000) AS i`);
    const ids = (await t.db.select({ id: captains.id }).from(captains).where(eq(captains.firstName, 'Bulk'))).map(
      (r) => r.id,
    );
    const counter = new StatementCounter(t.db);
    let counts: { targeted: number; delivered: number } | undefined;
    const statements = await counter.count(async () => {
      counts = await t.app.inbox.deliver(ids, { kind: 'broadcast', sourceId: 2_000_000, body: 'Fleet-wide' });
    });
    expect(statements).toBe(5);
    expect(counts).toEqual({ targeted: 5000, delivered: 2500 });
    // Delivering the same message again writes nothing new.
    expect(await t.app.inbox.deliver(ids.slice(0, 10), { kind: 'broadcast', sourceId: 2_000_000, body: 'x' })).toEqual({
      targeted: 0,
      delivered: 0,
    });
    await t.db.delete(captains).where(eq(captains.firstName, 'Bulk'));
  });
});
