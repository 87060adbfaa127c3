import type { ShiftsMapDto } from '@taxi/shared';
import type { LonLat } from '@taxi/shared/geo';
import { beforeAll, describe, expect, it } from 'vitest';
import { shifts } from '../src/db/schema';
import { hasCity } from './city-fixtures';
import { makeCaptain } from './factories';
import { apiCaller, loginAll, testAppForFile } from './helpers';

const HOUR = 3600_000;
const t = testAppForFile();
const call = apiCaller(() => t.app);
let supervisor: string;
let dispatcher: string;
/** Three sectors whose centroid lies inside them. */
let zone: { id: number; name: string; at: LonLat }[];

/** An online captain with a shift on `sectorIds` from an hour ago to an hour ahead, reporting at `at`. */
async function onShift(sectorIds: number[], at: LonLat | null, from = Date.now() - HOUR, to = Date.now() + HOUR) {
  const { captain } = await makeCaptain(t.db, { online: at !== null });
  await t.db.insert(shifts).values({
    captainId: captain.id,
    sectorIds,
    startsAt: new Date(from),
    endsAt: new Date(to),
    status: 'started',
  });
  if (at) {
    await t.app.locations.setOnline(captain.id, true);
    t.app.locations.report(captain.id, at[0], at[1]);
  }
  return captain;
}

beforeAll(async () => {
  [supervisor, dispatcher] = await loginAll(t.app, 'supervisor@example.com', 'dispatcher@example.com');
  zone = t.app.city
    .sectors()
    .filter((s) => t.app.geo.sectorAt(s.centroid)?.id === s.id)
    .slice(0, 3)
    .map((s) => ({ id: s.id, name: s.name, at: s.centroid }));
});

describe.skipIf(!hasCity)('GET shifts/map', () => {
  it('401 without a token, 422 on a malformed instant, 403 without PLANNING', async () => {
    expect((await call('GET', 'shifts/map', null)).statusCode).toBe(401);
    expect((await call('GET', 'shifts/map?at=tomorrow', supervisor)).statusCode).toBe(422);
    expect((await call('GET', 'shifts/map', dispatcher)).statusCode).toBe(403);
  });

  it('counts planned and present captains per sector, and says who stands outside their zone', async () => {
    const [a, b, c] = zone;
    const inside = await onShift([a.id, b.id], a.at);
    const outside = await onShift([b.id], c.at);
    const offline = await onShift([a.id], null);
    // A shift of later today: not counted now, counted at its hour.
    const later = await onShift([c.id], c.at, Date.now() + 3 * HOUR, Date.now() + 5 * HOUR);

    const res = await call('GET', 'shifts/map', supervisor);
    expect(res.statusCode).toBe(200);
    const map: ShiftsMapDto = res.json().data;
    const sector = (id: number) => map.sectors.find((s) => s.id === id);
    expect(sector(a.id)).toEqual({ id: a.id, name: a.name, planned: 2, present: 1 });
    expect(sector(b.id)).toEqual({ id: b.id, name: b.name, planned: 2, present: 0 });
    expect(sector(c.id)).toBeUndefined();
    const captain = (id: number) => map.captains.find((x) => x.captain_id === id);
    expect(captain(inside.id)).toMatchObject({ online: true, sector_id: a.id, in_zone: true, lon: a.at[0] });
    expect(captain(outside.id)).toMatchObject({ online: true, sector_id: c.id, in_zone: false });
    expect(captain(offline.id)).toMatchObject({ online: false, lon: null, sector_id: null, in_zone: false });
    expect(captain(later.id)).toBeUndefined();

    const at = new Date(Date.now() + 4 * HOUR).toISOString();
    const then: ShiftsMapDto = (await call('GET', `shifts/map?at=${encodeURIComponent(at)}`, supervisor)).json().data;
    expect(then.at).toBe(at);
    // The later captain stands in their zone already; the others' shifts are over by then.
    expect(then.sectors).toEqual([{ id: c.id, name: c.name, planned: 1, present: 1 }]);
    expect(then.captains.map((x) => [x.captain_id, x.in_zone])).toEqual([[later.id, true]]);
  });
});
