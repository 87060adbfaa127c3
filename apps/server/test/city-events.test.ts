import { EVENTS_MSG } from '@taxi/shared';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings, passengers, places, services } from '../src/db/schema';
import { ManualClock } from '../src/lib/clock';
import { apiCaller, login, testAppForFile } from './helpers';

/** The server's "now": 2025-02-12 12:00 UTC (13:00 in the city). */
const NOW = Date.parse('2025-02-12T12:00:00Z');
const clock = new ManualClock(NOW);
const t = testAppForFile({ clock });
const call = apiCaller(() => t.app);
let supervisor: string;
let dispatcher: string;
let gov: string;

const LAT = 43.75;
const LON = 7.44;
const M_PER_DEGREE = 111_320;
const WEEK = 7 * 24 * 3600_000;
/** A point `meters` north of the event's centre (east when `east`). */
const at = (meters: number, east = false) =>
  east
    ? { lat: LAT, lon: LON + meters / (M_PER_DEGREE * Math.cos((LAT * Math.PI) / 180)) }
    : { lat: LAT + meters / M_PER_DEGREE, lon: LON };
const FAR = at(5000, true);

beforeAll(async () => {
  supervisor = await login(t.app, 'supervisor@example.com');
  dispatcher = await login(t.app, 'dispatcher@example.com');
  gov = await login(t.app, 'gov@example.com');
});

const event = (extra: Record<string, unknown> = {}) => ({
  name: 'Harbour concert',
  kind: 'concert',
  lat: LAT,
  lon: LON,
  radius_m: 500,
  starts_at: '2025-02-10T18:00:00.000Z',
  ends_at: '2025-02-10T20:00:00.000Z',
  expected_attendance: 2000,
  demand_level: 'high',
  ...extra,
});

describe('city events: access and validation', () => {
  it('401 without a token', async () => {
    for (const url of ['events', 'events/report', 'events/today'])
      expect((await call('GET', url, null)).statusCode).toBe(401);
    expect((await call('POST', 'events', null, event())).statusCode).toBe(401);
  });

  it('422 with field errors: blanks, no place nor point, end before start, a bad report query', async () => {
    const blank = await call('POST', 'events', supervisor, {});
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(blank.json().errors)).toEqual(
      expect.arrayContaining(['name', 'kind', 'radius_m', 'starts_at', 'ends_at']),
    );
    const nowhere = await call('POST', 'events', supervisor, event({ lat: undefined, lon: undefined }));
    expect(nowhere.statusCode).toBe(422);
    expect(nowhere.json().errors.lat).toEqual([EVENTS_MSG.placeOrPoint]);
    const backwards = await call('POST', 'events', supervisor, event({ ends_at: '2025-02-10T17:00:00.000Z' }));
    expect(backwards.json().errors.ends_at).toEqual([EVENTS_MSG.endAfterStart]);
    const tooLong = await call('POST', 'events', supervisor, event({ ends_at: '2025-02-20T17:00:00.000Z' }));
    expect(tooLong.json().errors.ends_at).toEqual([EVENTS_MSG.tooLong]);
    const radius = await call('POST', 'events', supervisor, event({ radius_m: 10 }));
    expect(radius.json().errors.radius_m).toBeDefined();
    const place = await call('POST', 'events', supervisor, event({ place_id: 99_999_999 }));
    expect(place.json().errors.place_id).toEqual([EVENTS_MSG.placeNotFound]);
    const report = await call('GET', 'events/report?event_id=abc&from_date=2025-02-31', supervisor);
    expect(report.statusCode).toBe(422);
    expect(Object.keys(report.json().errors).sort()).toEqual(['event_id', 'from_date']);
    const long = await call('GET', 'events/report?from_date=2025-01-01&to_date=2025-03-01', supervisor);
    expect(long.json().errors.to_date).toEqual([EVENTS_MSG.periodTooLong]);
    const when = await call('GET', 'events?when=tomorrow', supervisor);
    expect(when.json().errors.when).toBeDefined();
  });

  it('403 without EVENTS_REPORTS; today’s layer also for MONITORING (the dispatcher)', async () => {
    for (const token of [dispatcher, gov]) {
      expect((await call('GET', 'events', token)).statusCode).toBe(403);
      expect((await call('POST', 'events', token, event())).statusCode).toBe(403);
      expect((await call('GET', 'events/report', token)).statusCode).toBe(403);
    }
    expect((await call('GET', 'events/today', gov)).statusCode).toBe(403);
    expect((await call('GET', 'events/today', dispatcher)).statusCode).toBe(200);
  });
});

describe('city events: list and forms', () => {
  it('a chosen place gives the point; an edit checks the period against the stored end', async () => {
    const [place] = await t.db.select().from(places).orderBy(asc(places.id)).limit(1);
    const res = await call('POST', 'events', supervisor, event({ place_id: place.id, lat: null, lon: null }));
    expect(res.statusCode).toBe(200);
    const row = res.json().data;
    expect(row).toMatchObject({ place_id: place.id, lat: place.lat, lon: place.lon, place_name: place.name });
    const edit = await call('PUT', `events/${row.id}`, supervisor, { starts_at: '2025-02-10T21:00:00.000Z' });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors.ends_at).toEqual([EVENTS_MSG.endAfterStart]);
    const renamed = await call('PUT', `events/${row.id}`, supervisor, { name: 'Renamed' });
    expect(renamed.json().data).toMatchObject({ name: 'Renamed', lat: place.lat });
    await call('DELETE', `events/${row.id}`, supervisor);
  });

  it('filters upcoming, today and past events on the server clock, and today’s layer', async () => {
    const make = async (name: string, start: string, end: string) =>
      (await call('POST', 'events', supervisor, event({ name, starts_at: start, ends_at: end }))).json().data
        .id as number;
    const running = await make('Qxq running', '2025-02-12T10:00:00Z', '2025-02-12T14:00:00Z');
    const tonight = await make('Qxq tonight', '2025-02-12T19:00:00Z', '2025-02-12T21:00:00Z');
    const later = await make('Qxq later', '2025-02-20T19:00:00Z', '2025-02-20T21:00:00Z');
    const over = await make('Qxq over', '2025-02-01T19:00:00Z', '2025-02-01T21:00:00Z');
    const ids = async (query: string) =>
      ((await call('GET', `events?perPage=100&search=Qxq&${query}`, supervisor)).json().data.data as { id: number }[])
        .map((r) => r.id)
        .sort((a, b) => a - b);
    expect(await ids('when=upcoming')).toEqual([running, tonight, later]);
    expect(await ids('when=today')).toEqual([running, tonight]);
    expect(await ids('when=past')).toEqual([over]);
    expect(await ids('from_date=2025-02-20&to_date=2025-02-21')).toEqual([later]);
    const today = (await call('GET', 'events/today', dispatcher)).json().data as { id: number }[];
    expect(today.map((e) => e.id)).toEqual(expect.arrayContaining([running, tonight]));
    expect(today.map((e) => e.id)).not.toContain(later);
    expect(today.map((e) => e.id)).not.toContain(over);
    for (const id of [running, tonight, later, over]) await call('DELETE', `events/${id}`, supervisor);
  });
});

describe('city events: the report', () => {
  it('counts exactly the bookings inside the radius and the window ± 1 h, by hour, against a week before', async () => {
    const id = (await call('POST', 'events', supervisor, event())).json().data.id as number;
    const [pax] = await t.db.select({ id: passengers.id }).from(passengers).limit(1);
    const [service] = await t.db.select({ id: services.id }).from(services).limit(1);
    const booking = (
      when: string,
      pickup: { lat: number; lon: number },
      dropoff: { lat: number; lon: number } | null,
    ) => ({
      status: 'DONE',
      datetime: new Date(Date.parse(when)),
      serviceId: service.id,
      passengerId: pax.id,
      pickUpLocationName: 'Fixture',
      pickUpLat: pickup.lat,
      pickUpLon: pickup.lon,
      pullDownLocationName: dropoff ? 'Fixture' : null,
      pullDownLat: dropoff?.lat ?? null,
      pullDownLon: dropoff?.lon ?? null,
    });
    const weekBefore = (when: string) => new Date(Date.parse(when) - WEEK).toISOString();
    await t.db.insert(bookings).values([
      // inside: the window is 17:00–21:00 (18:00–20:00 ± 1 h)
      booking('2025-02-10T17:30:00Z', at(100), FAR), // pickup, hour 0
      booking('2025-02-10T18:05:00Z', at(200, true), at(50)), // pickup and dropoff, hour 1
      booking('2025-02-10T19:10:00Z', FAR, at(300)), // dropoff, hour 2
      booking('2025-02-10T20:59:00Z', at(450), FAR), // pickup at the edge, hour 3
      // outside
      booking('2025-02-10T18:00:00Z', at(600), FAR), // beyond the radius
      booking('2025-02-10T19:00:00Z', FAR, at(560, true)), // dropoff beyond the radius
      booking('2025-02-10T16:59:00Z', at(100), FAR), // before the window
      booking('2025-02-10T21:00:00Z', at(100), FAR), // the window's end is excluded
      booking('2025-02-10T18:30:00Z', FAR, null), // far, no dropoff
      // a week before
      booking(weekBefore('2025-02-10T18:30:00Z'), at(50), FAR), // baseline pickup, hour 1
      booking(weekBefore('2025-02-10T20:15:00Z'), FAR, at(200)), // baseline dropoff, hour 3
      booking(weekBefore('2025-02-10T18:30:00Z'), at(700), FAR), // beyond the radius
      booking(weekBefore('2025-02-10T21:30:00Z'), at(50), FAR), // after the baseline window
    ]);
    const res = await call('GET', `events/report?event_id=${id}`, supervisor);
    expect(res.statusCode, res.body).toBe(200);
    const { margin_minutes, events } = res.json().data;
    expect(margin_minutes).toBe(60);
    expect(events).toHaveLength(1);
    const report = events[0];
    expect(report.window_start).toBe('2025-02-10T17:00:00.000Z');
    expect(report.window_end).toBe('2025-02-10T21:00:00.000Z');
    const h = (hour: string, p: number, d: number, bp: number, bd: number) => ({
      hour,
      pickups: p,
      dropoffs: d,
      baseline_pickups: bp,
      baseline_dropoffs: bd,
    });
    expect(report.hours).toEqual([
      h('2025-02-10T17:00:00.000Z', 1, 0, 0, 0),
      h('2025-02-10T18:00:00.000Z', 1, 1, 1, 0),
      h('2025-02-10T19:00:00.000Z', 0, 1, 0, 0),
      h('2025-02-10T20:00:00.000Z', 1, 0, 0, 1),
    ]);
    expect(report.totals).toEqual({ pickups: 3, dropoffs: 2, baseline_pickups: 1, baseline_dropoffs: 1 });

    const csv = await call('GET', `events/report/export.csv?event_id=${id}`, supervisor);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['x-total-count']).toBe('4');
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines).toHaveLength(5);
    // 18:00 UTC is 19:00 in the city (winter time); pickups, dropoffs, a week before.
    expect(lines[2]).toBe(`${id},Harbour concert,2025-02-10 19:00,1,1,1,0`);

    // The period of that day holds the event with the same counts.
    const period = await call('GET', 'events/report?from_date=2025-02-10&to_date=2025-02-10', supervisor);
    const found = (period.json().data.events as { id: number; totals: unknown }[]).find((e) => e.id === id);
    expect(found?.totals).toEqual(report.totals);
    expect((await call('GET', 'events/report?event_id=99999999', supervisor)).statusCode).toBe(404);
    await t.db.delete(bookings).where(eq(bookings.pickUpLocationName, 'Fixture'));
  });
});
