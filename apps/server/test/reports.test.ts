import {
  AI_ACTOR_ID,
  CANCELLED_STATUSES,
  type DashboardDto,
  DISPATCHED_STATUSES,
  FINISHED_STATUSES,
  MAP_CENTER,
  percentileFromBuckets,
  REPORTS_MSG,
  type StatisticsDto,
  WAIT_BUCKETS,
  waitBucketOf,
} from '@taxi/shared';
import { and, asc, gte, lt, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  areaClusters,
  bookingAggregateCancellations,
  bookingAggregates,
  bookingAggregatesDaily,
  bookings,
} from '../src/db/schema';
import { cityDayStart } from '../src/modules/reports/facts';
import { makeCaptain, makeReason, makeService } from './factories';
import { bearer, loginAll, testAppForFile } from './helpers';

const t = testAppForFile();
let admin: string;
let supervisor: string;
let callCentre: string;
let dispatcher: string;
const HOUR = 3_600_000;

const call = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/${url}`, headers: bearer(token) });
const dayBounds = () => {
  const from = cityDayStart(Date.now());
  return { from, to: cityDayStart(from.getTime() + 26 * HOUR) };
};

async function newBooking(): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: bearer(admin),
    payload: {
      new_passenger: {
        first_name: 'Report',
        last_name: 'Rider',
        phone_number: `+377 6 ${Math.floor(Math.random() * 9e7) + 1e7}`,
      },
      service_id: 3,
      pickup: { name: 'Casino Square', lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
      now: true,
      origin: 'phone',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

/** Today's bookings as the bookings table says, computed without the aggregates. */
async function directFigures() {
  const { from, to } = dayBounds();
  const result = await t.db.execute(sql`
    select b.status,
      (select min(s.created_at) from booking_statuses s where s.booking_id = b.id and s.status = 'APPROVED') as dispatched_at,
      greatest(b.created_at, b.datetime) as due,
      (select a.actor_id from audit_log a where a.entity = 'booking' and a.entity_id = b.id::text and a.action = 'dispatch' order by a.id desc limit 1) as dispatcher,
      (select coalesce(sum(p.amount), 0) from payments p where p.booking_id = b.id and p.status = 'DONE')::float8 as paid
    from bookings b where b.datetime >= ${from.toISOString()} and b.datetime < ${to.toISOString()}`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const buckets = Array.from({ length: WAIT_BUCKETS }, () => 0);
  let dispatched = 0;
  let auto = 0;
  for (const r of rows) {
    if (!r.dispatched_at) continue;
    dispatched++;
    if (r.dispatcher === AI_ACTOR_ID) auto++;
    const wait = (new Date(r.dispatched_at as string).getTime() - new Date(r.due as string).getTime()) / 1000;
    buckets[waitBucketOf(Math.round(wait))]++;
  }
  const count = (list: readonly string[]) => rows.filter((r) => list.includes(r.status as string)).length;
  return {
    bookings: rows.length,
    pending: count(['PENDING']),
    dispatched: count(DISPATCHED_STATUSES),
    completed: count(FINISHED_STATUSES),
    cancelled: count(CANCELLED_STATUSES),
    revenue: Math.round(rows.reduce((a, r) => a + Number(r.paid), 0) * 100) / 100,
    p50: percentileFromBuckets(buckets, 0.5),
    automation: dispatched ? auto / dispatched : null,
  };
}

/** Today's aggregate rows, in a fixed order. */
async function snapshot() {
  const { from, to } = dayBounds();
  const hourly = await t.db
    .select()
    .from(bookingAggregates)
    .where(and(gte(bookingAggregates.hour, from), lt(bookingAggregates.hour, to)))
    .orderBy(
      asc(bookingAggregates.hour),
      asc(bookingAggregates.serviceId),
      asc(bookingAggregates.origin),
      asc(bookingAggregates.sectorId),
    );
  const daily = await t.db
    .select()
    .from(bookingAggregatesDaily)
    .where(gte(bookingAggregatesDaily.day, from))
    .orderBy(
      asc(bookingAggregatesDaily.day),
      asc(bookingAggregatesDaily.serviceId),
      asc(bookingAggregatesDaily.origin),
      asc(bookingAggregatesDaily.sectorId),
    );
  const cancels = await t.db
    .select()
    .from(bookingAggregateCancellations)
    .where(gte(bookingAggregateCancellations.hour, from))
    .orderBy(
      asc(bookingAggregateCancellations.hour),
      asc(bookingAggregateCancellations.reasonKind),
      asc(bookingAggregateCancellations.reasonId),
    );
  return { hourly, daily, cancels };
}

beforeAll(async () => {
  [admin, supervisor, callCentre, dispatcher] = await loginAll(
    t.app,
    'admin@example.com',
    'supervisor@example.com',
    'callcenter@example.com',
    'dispatcher@example.com',
  );
  await makeService(t.db);
  // The seed's bookings of today, if any, are in the aggregates as a rebuild makes them.
  await t.app.reports.rebuild(dayBounds());
  const reason = await makeReason(t.db);
  const ids = await Promise.all(Array.from({ length: 6 }, () => newBooking()));
  const [done, approved, auto, cancelled, cancelledLater] = ids;
  const captainOf = async () => (await makeCaptain(t.db)).captain.id;
  const c1 = await captainOf();
  await t.app.bookings.dispatch({ id: 1, roles: [{ id: 1, name: 'Admin' }], permissions: ['DISPATCHING'] }, done, c1);
  for (let i = 0; i < 5; i++) await t.app.bookings.captainStep(c1, done);
  await t.app.bookings.pay(c1, done, 23.5, 1.5);
  await t.app.bookings.dispatch(
    { id: 1, roles: [{ id: 1, name: 'Admin' }], permissions: ['DISPATCHING'] },
    approved,
    await captainOf(),
  );
  await t.app.bookings.dispatch({ id: AI_ACTOR_ID, roles: [], permissions: ['DISPATCHING'] }, auto, await captainOf());
  for (const id of [cancelled, cancelledLater]) {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/bookings/${id}?user_cancellation_reason_id=${reason.id}`,
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}, 120_000);

describe('GET reports/dashboard', () => {
  it("equals a direct query of today's bookings", async () => {
    const res = await call('reports/dashboard', admin);
    expect(res.statusCode, res.body).toBe(200);
    const dto = res.json().data as DashboardDto;
    const direct = await directFigures();
    expect(direct.bookings).toBeGreaterThanOrEqual(6);
    expect(dto.bookings.value).toBe(direct.bookings);
    expect(dto.by_status).toMatchObject({
      pending: direct.pending,
      dispatched: direct.dispatched,
      completed: direct.completed,
      cancelled: direct.cancelled,
    });
    expect(dto.completed.value).toBe(direct.completed);
    expect(dto.revenue_eur?.value).toBe(direct.revenue);
    expect(dto.revenue_eur?.value).toBeGreaterThanOrEqual(25);
    expect(dto.wait_p50_s.value).toBe(direct.p50 === null ? null : Math.round(direct.p50));
    expect(dto.automation_rate.value).toBe(
      direct.automation === null ? null : Math.round(direct.automation * 1000) / 1000,
    );
    expect(dto.bookings.series.reduce<number>((a, b) => a + (b ?? 0), 0)).toBe(direct.bookings);
    expect(dto.cancellations_by_reason.reduce((a, r) => a + r.count, 0)).toBe(direct.cancelled);
    expect(dto.captains.online).toBeGreaterThanOrEqual(0);
  });

  it('the incremental aggregates equal a rebuild of the day', async () => {
    const incremental = await snapshot();
    expect(incremental.hourly.length).toBeGreaterThan(0);
    await t.app.reports.rebuild(dayBounds());
    expect(await snapshot()).toEqual(incremental);
  });

  it('403 without STATISTICS; no revenue without CARLO_PAYMENT; the monitor for MONITORING', async () => {
    expect((await call('reports/dashboard', callCentre)).statusCode).toBe(403);
    expect((await call('reports/statistics?from=2026-01-01&to=2026-01-02', callCentre)).statusCode).toBe(403);
    expect((await call('reports/dashboard', dispatcher)).statusCode).toBe(403);
    const sup = await call('reports/dashboard', supervisor);
    expect(sup.statusCode).toBe(200);
    expect(sup.json().data).not.toHaveProperty('revenue_eur');
    const monitor = await call('reports/monitor', dispatcher);
    expect(monitor.statusCode).toBe(200);
    expect(monitor.json().data).not.toHaveProperty('revenue_eur');
    expect(monitor.json().data.waiting.count).toBeGreaterThanOrEqual(1);
  });
});

describe('GET reports/statistics', () => {
  it('422 with field errors for a bad period', async () => {
    const backwards = await call('reports/statistics?from=2026-03-02&to=2026-03-01', admin);
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.to).toEqual([REPORTS_MSG.toBeforeFrom]);
    const long = await call('reports/statistics?from=2025-01-01&to=2026-03-01', admin);
    expect(long.json().errors.to).toEqual([REPORTS_MSG.periodTooLong]);
    const hourly = await call('reports/statistics?from=2026-01-01&to=2026-03-01&group=hour', admin);
    expect(hourly.json().errors.group).toEqual([REPORTS_MSG.hourlyTooLong]);
    expect((await call('reports/statistics?from=yesterday&to=2026-03-01', admin)).json().errors.from).toBeDefined();
  });

  it("groups today's bookings the same way whatever the group; revenue only for the payments desk", async () => {
    const day = (await call('reports/dashboard', admin)).json().data as DashboardDto;
    for (const group of ['hour', 'day', 'service', 'origin', 'sector']) {
      const res = await call(`reports/statistics?from=${day.day}&to=${day.day}&group=${group}`, admin);
      expect(res.statusCode, res.body).toBe(200);
      const dto = res.json().data as StatisticsDto;
      expect(dto.totals.bookings, group).toBe(day.bookings.value);
      expect(dto.rows.reduce((a, r) => a + r.bookings, 0)).toBe(day.bookings.value);
      expect(dto.totals.revenue_eur).toBe(day.revenue_eur?.value);
    }
    const sup = await call(`reports/statistics?from=${day.day}&to=${day.day}&group=origin`, supervisor);
    expect((sup.json().data as StatisticsDto).totals).not.toHaveProperty('revenue_eur');
    expect((sup.json().data as StatisticsDto).rows.find((r) => r.key === 'phone')?.bookings).toBeGreaterThanOrEqual(6);
  });

  it('by area cluster: a cluster adds up its sectors, the totals count each booking once', async () => {
    const day = (await call('reports/dashboard', admin)).json().data as DashboardDto;
    const bySector = (await call(`reports/statistics?from=${day.day}&to=${day.day}&group=sector`, admin)).json()
      .data as StatisticsDto;
    const sectorRows = bySector.rows.filter((r) => r.key !== '0');
    expect(sectorRows.length).toBeGreaterThan(0);
    const ids = sectorRows.map((r) => Number(r.key));
    // Two clusters sharing the first sector.
    await t.db.insert(areaClusters).values([
      { name: 'Zqz all', sectorIds: ids },
      { name: 'Zqz first', sectorIds: [ids[0]] },
    ]);
    const res = await call(`reports/statistics?from=${day.day}&to=${day.day}&group=area_cluster`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const dto = res.json().data as StatisticsDto;
    const row = (label: string) => dto.rows.find((r) => r.label === label)?.bookings;
    expect(row('Zqz all')).toBe(sectorRows.reduce((a, r) => a + r.bookings, 0));
    expect(row('Zqz first')).toBe(sectorRows[0].bookings);
    expect(dto.totals.bookings).toBe(day.bookings.value);
  });

  it('the CSV is the same table: its columns, a line per row, revenue only for the payments desk', async () => {
    const day = (await call('reports/dashboard', admin)).json().data as DashboardDto;
    const query = `from=${day.day}&to=${day.day}&group=service`;
    const dto = (await call(`reports/statistics?${query}`, admin)).json().data as StatisticsDto;
    const csv = await call(`reports/statistics/export.csv?${query}`, admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`statistics-${day.day}-${day.day}-service`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Service,Bookings,Completed,Cancelled,Revenue,Captain utilisation');
    expect(lines.slice(1).map((l) => Number(l.split(',')[1]))).toEqual(dto.rows.map((r) => r.bookings));
    const sup = await call(`reports/statistics/export.csv?${query}`, supervisor);
    expect(sup.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Service,Bookings,Completed,Cancelled,Captain utilisation',
    );
    expect((await call(`reports/statistics/export.csv?${query}`, callCentre)).statusCode).toBe(403);
    const bad = await call(`reports/statistics/export.csv?from=${day.day}&to=2020-01-01&group=service`, admin);
    expect(bad.statusCode).toBe(422);
  });
});

it('bookings of today exist in the table the test reads', async () => {
  const { from } = dayBounds();
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(bookings).where(gte(bookings.datetime, from));
  expect(row.n).toBeGreaterThanOrEqual(6);
});
