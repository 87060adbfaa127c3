import { type SupplyDemandDto, supplyDemandLevel } from '@taxi/shared';
import type { LonLat } from '@taxi/shared/geo';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasCity } from './city-fixtures';
import { makeBooking, makeCaptain } from './factories';
import { apiCaller, loginAll, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);
let dispatcher: string;
let callCentre: string;
/** Two sectors whose centroid lies inside them. */
let sectors: { id: number; at: LonLat }[];

async function freeCaptainAt(at: LonLat) {
  const { captain } = await makeCaptain(t.db);
  await t.app.locations.setOnline(captain.id, true);
  t.app.locations.report(captain.id, at[0], at[1]);
  return captain;
}
const pendingAt = (at: LonLat, minutesAhead = 0) =>
  makeBooking(t.db, { pickUpLon: at[0], pickUpLat: at[1], datetime: new Date(Date.now() + minutesAhead * 60_000) });

beforeAll(async () => {
  [dispatcher, callCentre] = await loginAll(t.app, 'dispatcher@example.com', 'callcenter@example.com');
  sectors = t.app.city
    .sectors()
    .filter((s) => t.app.geo.sectorAt(s.centroid)?.id === s.id)
    .slice(0, 2)
    .map((s) => ({ id: s.id, at: s.centroid }));
});

describe.skipIf(!hasCity)('GET geo/supply-demand', () => {
  it('401 without a token, 403 without MONITORING', async () => {
    expect((await call('GET', 'geo/supply-demand', null)).statusCode).toBe(401);
    expect((await call('GET', 'geo/supply-demand', callCentre)).statusCode).toBe(403);
  });

  it('counts waiting bookings against free captains per sector, with its level', async () => {
    const [a, b] = sectors;
    // The seed's own bookings and captains are the baseline; the rows made here add to it.
    const before: SupplyDemandDto = (await call('GET', 'geo/supply-demand', dispatcher)).json().data;
    const base = (id: number) => before.sectors.find((s) => s.id === id) ?? { waiting: 0, free: 0 };
    for (let i = 0; i < 3; i++) await pendingAt(a.at);
    await pendingAt(a.at, 24 * 60); // a reservation for tomorrow: not waiting yet
    await makeBooking(t.db, { pickUpLon: a.at[0], pickUpLat: a.at[1], status: 'CANCELLED' });
    await freeCaptainAt(a.at);
    await pendingAt(b.at);
    await freeCaptainAt(b.at);
    await freeCaptainAt(b.at);
    const busy = await freeCaptainAt(b.at);
    await t.app.locations.setState(busy.id, 'ON_TRIP');

    const res = await call('GET', 'geo/supply-demand', dispatcher);
    expect(res.statusCode).toBe(200);
    const data: SupplyDemandDto = res.json().data;
    const sector = (id: number) => data.sectors.find((s) => s.id === id);
    const added = (id: number) => {
      const s = sector(id);
      return s && { waiting: s.waiting - base(id).waiting, free: s.free - base(id).free };
    };
    expect(added(a.id)).toEqual({ waiting: 3, free: 1 });
    expect(added(b.id)).toEqual({ waiting: 1, free: 2 });
    for (const s of data.sectors) expect(s.level, s.name).toBe(supplyDemandLevel(s.waiting, s.free));
    expect(data.sectors).toHaveLength(t.app.city.sectors().length);
    expect({ waiting: data.waiting - before.waiting, free: data.free - before.free }).toEqual({ waiting: 4, free: 3 });
  });
});
