import { cityLocalToDate, type StatisticsDto, utilisationOf } from '@taxi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingAggregates, bookingAggregatesDaily, shifts } from '../src/db/schema';
import { ManualClock } from '../src/lib/clock';
import { ALL_ORIGINS, ALL_SECTORS, ALL_SERVICES, zeroMeasures } from '../src/modules/reports/facts';
import { makeCaptain, makeService } from './factories';
import { apiCaller, loginAll, testAppForFile } from './helpers';

/**
 * Captain utilisation on the statistics page (utilisationOf, packages/shared/src/reports/table.ts): the captains'
 * time on bookings over their time on shift in the row's span, from shifts and aggregates seeded by hand on days of
 * their own. Not the busy time over the whole fleet × the span (that read 0.2 % on a busy day).
 */
const at = (local: string) => cityLocalToDate(local) as Date;
const clock = new ManualClock(at('2031-03-12 18:00').getTime());
const t = testAppForFile({ clock });
const call = apiCaller(() => t.app);
const H = 3600;
let admin: string;
let serviceA: number;
let serviceB: number;

const stats = async (from: string, to: string, group: string) => {
  const res = await call('GET', `reports/statistics?from=${from}&to=${to}&group=${group}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as StatisticsDto;
};

beforeAll(async () => {
  [admin] = await loginAll(t.app, 'admin@example.com');
  serviceA = (await makeService(t.db, 3)).id;
  serviceB = (await makeService(t.db, 4)).id;
  const captain = async () => (await makeCaptain(t.db, { online: false })).captain.id;
  // On the 12th: 08:00–12:00 (4 h), 10:00 until now, 18:00 (8 h, still running), and the last 2 h of a night shift
  // that began on the 11th at 22:00 (2 h that day). A planned shift nobody started counts for nothing.
  await t.db.insert(shifts).values([
    {
      captainId: await captain(),
      sectorIds: [],
      startsAt: at('2031-03-12 08:00'),
      endsAt: at('2031-03-12 12:00'),
      status: 'ended',
      startedAt: at('2031-03-12 08:00'),
      endedAt: at('2031-03-12 12:00'),
    },
    {
      captainId: await captain(),
      sectorIds: [],
      startsAt: at('2031-03-12 10:00'),
      endsAt: at('2031-03-12 20:00'),
      status: 'started',
      startedAt: at('2031-03-12 10:00'),
    },
    {
      captainId: await captain(),
      sectorIds: [],
      startsAt: at('2031-03-11 22:00'),
      endsAt: at('2031-03-12 02:00'),
      status: 'ended',
      startedAt: at('2031-03-11 22:00'),
      endedAt: at('2031-03-12 02:00'),
    },
    {
      captainId: await captain(),
      sectorIds: [],
      startsAt: at('2031-03-12 06:00'),
      endsAt: at('2031-03-12 16:00'),
      status: 'ended',
      endedAt: at('2031-03-12 16:00'),
    },
  ]);
  const measures = (busyS: number, bookings = 1) => ({ ...zeroMeasures(), bookings, completed: bookings, busyS });
  const day = (local: string, serviceId: number, origin: string, busyS: number) => ({
    day: at(local),
    serviceId,
    origin,
    sectorId: ALL_SECTORS,
    ...measures(busyS),
  });
  // Time on bookings: 2 h on the 12th (two services), 30 min on the 11th, 10 min on the 10th (nobody on shift).
  await t.db
    .insert(bookingAggregatesDaily)
    .values([
      day('2031-03-12', serviceA, 'phone', 4000),
      day('2031-03-12', serviceB, 'app', 3200),
      day('2031-03-11', serviceA, 'phone', 1800),
      day('2031-03-10', serviceA, 'phone', 600),
    ]);
  const hour = (local: string, busyS: number) => ({
    hour: at(local),
    serviceId: ALL_SERVICES,
    origin: ALL_ORIGINS,
    sectorId: ALL_SECTORS,
    ...measures(busyS),
  });
  await t.db.insert(bookingAggregates).values([hour('2031-03-12 09:00', 1800), hour('2031-03-12 10:00', 3600)]);
});

describe('captain utilisation', () => {
  it('is the time on bookings over the time on shift, 0..1, null without shift time', () => {
    expect(utilisationOf(1800, 3600)).toBe(0.5);
    expect(utilisationOf(1, 3)).toBe(0.333);
    expect(utilisationOf(600, 0)).toBeNull();
  });

  it("per day: each city day's trips over that day's time on shift (a night shift split at midnight)", async () => {
    const dto = await stats('2031-03-10', '2031-03-12', 'day');
    const of = (local: string) => dto.rows.find((r) => r.key === at(local).toISOString())?.utilisation;
    // The 12th: 2 h of trips over 4 + 8 + 2 = 14 h on shift.
    expect(of('2031-03-12')).toBe(utilisationOf(7200, 14 * H));
    expect(of('2031-03-12')).toBe(0.143);
    // The 11th: 30 min over the night shift's 2 h before midnight.
    expect(of('2031-03-11')).toBe(0.25);
    // The 10th: trips, but nobody on shift: no figure rather than a made-up one.
    expect(of('2031-03-10')).toBeNull();
    // The period: 2 h 40 min over 16 h.
    expect(dto.totals.utilisation).toBe(utilisationOf(7200 + 1800 + 600, 16 * H));
  });

  it('per hour: the hour of the trips over the time on shift in that hour', async () => {
    const dto = await stats('2031-03-12', '2031-03-12', 'hour');
    const of = (local: string) => dto.rows.find((r) => r.key === at(local).toISOString())?.utilisation;
    // 09:00–10:00: one captain on shift (1 h), 30 min of trips.
    expect(of('2031-03-12 09:00')).toBe(0.5);
    // 10:00–11:00: two captains on shift (2 h), 1 h of trips.
    expect(of('2031-03-12 10:00')).toBe(0.5);
  });

  it("per service: each service's share of the period's time on shift; the rows add up to the total", async () => {
    const dto = await stats('2031-03-11', '2031-03-12', 'service');
    const of = (id: number) => dto.rows.find((r) => r.key === String(id))?.utilisation;
    expect(of(serviceA)).toBe(utilisationOf(4000 + 1800, 16 * H));
    expect(of(serviceB)).toBe(utilisationOf(3200, 16 * H));
    expect(dto.totals.utilisation).toBe(utilisationOf(9000, 16 * H));
  });

  it('the CSV leaves the cell of a row without time on shift empty', async () => {
    const csv = await call('GET', 'reports/statistics/export.csv?from=2031-03-10&to=2031-03-10&group=day', admin);
    expect(csv.statusCode).toBe(200);
    const [, line] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(line.endsWith(',')).toBe(true);
  });
});
