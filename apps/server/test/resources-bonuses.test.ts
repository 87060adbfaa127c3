import { BONUS_MSG, RESOURCE_MSG } from '@taxi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { sectors } from '../src/db/schema';
import { apiCaller, loginAll, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);
let admin: string;
let dispatcher: string;

beforeAll(async () => {
  [admin, dispatcher] = await loginAll(t.app, 'admin@example.com', 'dispatcher@example.com');
});

describe('the bonus catalogues (/bonus_package, its bonuses and time slices, /conditional_bonus)', () => {
  it('401 without a token, 403 without PRICE_RULES', async () => {
    for (const url of ['bonus_package', 'bonus_package/1/bonuses', 'bonus/1/time_slices', 'conditional_bonus']) {
      expect((await call('GET', url, null)).statusCode, url).toBe(401);
      expect((await call('GET', url, dispatcher)).statusCode, url).toBe(403);
      expect((await call('POST', url, dispatcher, {})).statusCode, url).toBe(403);
    }
  });

  it('422 with field errors', async () => {
    const pkg = await call('POST', 'bonus_package', admin, {
      name: 'Bad dates',
      valid_from: '2026-05-10',
      valid_to: '2026-05-01',
    });
    expect(pkg.statusCode).toBe(422);
    expect(pkg.json().errors.valid_to).toEqual([BONUS_MSG.validToAfterFrom]);
    const noDate = await call('POST', 'bonus_package', admin, { name: 'No date' });
    expect(noDate.json().errors.valid_from).toBeDefined();

    const kind = await call('POST', 'bonus_package/1/bonuses', admin, { name: 'X', kind: 'nope', threshold: 0 });
    expect(kind.statusCode).toBe(422);
    expect(kind.json().errors.kind).toEqual([RESOURCE_MSG.invalidOption]);
    expect(kind.json().errors.threshold).toBeDefined();
    expect(kind.json().errors.amount).toBeDefined();
    const zone = await call('POST', 'bonus_package/1/bonuses', admin, {
      name: 'Zone',
      kind: 'zone_rides',
      threshold: 3,
      amount: 5,
    });
    expect(zone.json().errors.sector_id).toEqual([BONUS_MSG.sectorNeeded]);
    const rate = await call('POST', 'bonus_package/1/bonuses', admin, {
      name: 'Rate',
      kind: 'acceptance_rate',
      threshold: 120,
      amount: 5,
    });
    expect(rate.json().errors.threshold).toEqual([BONUS_MSG.rateAtMost]);

    const format = await call('POST', 'bonus/1/time_slices', admin, {
      day_of_week: 1,
      from_time: '7h00',
      to_time: '10:00',
    });
    expect(format.statusCode).toBe(422);
    expect(format.json().errors.from_time).toBeDefined();
    const order = await call('POST', 'bonus/1/time_slices', admin, {
      day_of_week: 8,
      from_time: '10:00',
      to_time: '09:00',
    });
    expect(order.json().errors.day_of_week).toEqual([RESOURCE_MSG.invalidOption]);
    const backwards = await call('POST', 'bonus/1/time_slices', admin, {
      day_of_week: 2,
      from_time: '10:00',
      to_time: '09:00',
    });
    expect(backwards.json().errors.to_time).toEqual([BONUS_MSG.endAfterStart]);

    const cond = await call('POST', 'conditional_bonus', admin, {
      name: 'C',
      min_rides: 0,
      min_acceptance_rate: 101,
      amount: 1,
    });
    expect(cond.json().errors.min_rides).toBeDefined();
    expect(cond.json().errors.min_acceptance_rate).toBeDefined();
  });

  it('creates a package, a bonus of it with a time slice, lists them nested; a conditional bonus', async () => {
    const pkg = await call('POST', 'bonus_package', admin, {
      name: 'Spring',
      valid_from: '2026-03-01',
      valid_to: '2026-05-31',
    });
    expect(pkg.statusCode).toBe(200);
    const pkgId = pkg.json().data.id;
    expect(pkg.json().data).toMatchObject({
      name: 'Spring',
      active: true,
      valid_from: '2026-03-01',
      valid_to: '2026-05-31',
    });

    const [sector] = await t.db
      .insert(sectors)
      .values({
        name: 'Bonus zone',
        geometry: { type: 'Polygon', coordinates: [] },
        centroidLon: 7.42,
        centroidLat: 43.73,
      })
      .returning();
    const bonus = await call('POST', `bonus_package/${pkgId}/bonuses`, admin, {
      name: 'Port rides',
      kind: 'zone_rides',
      threshold: 3,
      sector_id: sector.id,
      amount: 7.5,
    });
    expect(bonus.statusCode).toBe(200);
    expect(bonus.json().data).toMatchObject({ kind: 'zone_rides', amount: 7.5, bonus_package_id: pkgId });
    const bonusId = bonus.json().data.id;

    const slice = await call('POST', `bonus/${bonusId}/time_slices`, admin, {
      day_of_week: 6,
      from_time: '18:00',
      to_time: '23:30',
    });
    expect(slice.statusCode).toBe(200);
    // an edit of one end is checked against the stored other
    const edit = await call('PUT', `bonus/${bonusId}/time_slices/${slice.json().data.id}`, admin, { to_time: '17:00' });
    expect(edit.json().errors.to_time).toEqual([BONUS_MSG.endAfterStart]);

    const bonusesOfPkg = (await call('GET', `bonus_package/${pkgId}/bonuses`, admin)).json().data.data;
    expect(bonusesOfPkg.map((b: { name: string }) => b.name)).toEqual(['Port rides']);
    const slices = (await call('GET', `bonus/${bonusId}/time_slices`, admin)).json().data.data;
    expect(slices).toEqual([expect.objectContaining({ day_of_week: 6, from_time: '18:00', to_time: '23:30' })]);
    // another bonus's slices are not listed under this one
    expect(
      (await call('GET', 'bonus/1/time_slices', admin))
        .json()
        .data.data.every((s: { bonus_id?: number }) => s.bonus_id !== bonusId),
    ).toBe(true);

    const cond = await call('POST', 'conditional_bonus', admin, { name: 'Eight rides', min_rides: 8, amount: 9.99 });
    expect(cond.statusCode).toBe(200);
    expect(cond.json().data).toMatchObject({ min_rides: 8, min_acceptance_rate: null, amount: 9.99, active: true });
  });
});
