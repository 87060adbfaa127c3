// The phone booking's captain constraints (captain-constraints.ts in packages/shared): a captain and an appearance
// constraint, stored as a dynamic constraint `captain:<id>:<MODE>` that the AI's candidate search honours.
import { type BookingDto, CAPTAIN_CONSTRAINT_MSG, parseConstraint } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema';
import { makeCaptain, makePassenger } from './factories';
import { apiCaller, loginAll, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);
let disp = '';
beforeAll(async () => {
  [disp] = await loginAll(t.app, 'dispatcher@example.com');
});

/** A pickup far from the demo fleet, so that only this file's captains are near it. */
const AWAY = { lon: 7.0, lat: 43.55 };

async function captainNear(dLon: number) {
  const { captain } = await makeCaptain(t.db, { lastLon: AWAY.lon + dLon, lastLat: AWAY.lat });
  await t.app.locations.setOnline(captain.id, true);
  t.app.locations.report(captain.id, AWAY.lon + dLon, AWAY.lat);
  return captain.id;
}

const order = async (captain_constraints?: unknown) =>
  call('POST', 'bookings', disp, {
    passenger_id: (await makePassenger(t.db)).id,
    service_id: 2,
    pickup: { name: 'Far away', ...AWAY },
    now: true,
    origin: 'phone',
    ...(captain_constraints === undefined ? {} : { captain_constraints }),
  });

const candidateIds = async (bookingId: number) =>
  (await t.app.dispatchEngine.rank(bookingId)).candidates.map((c) => c.captain_id);

describe('captain constraints of a phone booking', () => {
  it('422 for an unknown captain, a captain listed twice or a mode outside BLACKLIST and WHITELIST', async () => {
    const { captain } = await makeCaptain(t.db);
    const x = captain.id;
    const unknown = await order([{ captain_id: 99_999_999, mode: 'BLACKLIST' }]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors['captain_constraints.0.captain_id']).toEqual([CAPTAIN_CONSTRAINT_MSG.unknownCaptain]);
    const twice = await order([
      { captain_id: x, mode: 'BLACKLIST' },
      { captain_id: x, mode: 'WHITELIST' },
    ]);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors['captain_constraints.1.captain_id']).toEqual([CAPTAIN_CONSTRAINT_MSG.listedTwice]);
    const mode = await order([{ captain_id: x, mode: 'SOMETIMES' }]);
    expect(mode.statusCode).toBe(422);
    expect(mode.json().errors).toHaveProperty(['captain_constraints.0.mode']);
  });

  it('a BLACKLIST captain is never offered the booking; a WHITELIST one is the only one', async () => {
    // X is the nearest: without a constraint the AI offers X first.
    const x = await captainNear(0.001);
    const y = await captainNear(0.004);
    const plain = (await order()).json().data as BookingDto;
    expect((await candidateIds(plain.id)).slice(0, 2)).toEqual([x, y]);
    await t.db.update(bookings).set({ status: 'SYSTEM_CANCELLED' }).where(eq(bookings.id, plain.id));

    const res = await order([{ captain_id: x, mode: 'BLACKLIST' }]);
    expect(res.statusCode, res.body).toBe(201);
    const never = res.json().data as BookingDto;
    expect(never.dynamic_constraints).toEqual([
      { constraint_name: `captain:${x}:BLACKLIST`, Abbreviation: 'BLACKLIST' },
    ]);
    expect(parseConstraint(never.dynamic_constraints[0])).toEqual({
      subject: 'captain',
      value: String(x),
      mode: 'BLACKLIST',
    });
    const candidates = await candidateIds(never.id);
    expect(candidates).toContain(y);
    expect(candidates).not.toContain(x);
    expect(await t.app.ai.offerNext(never.id)).toBe(y);
    const [offered] = await t.db.select().from(bookings).where(eq(bookings.id, never.id));
    expect(offered.suggestionCaptainId).toBe(y);

    // The default mode is WHITELIST: only this captain (Y is now held by the offer above).
    const only = (await order([{ captain_id: x }])).json().data as BookingDto;
    expect(only.dynamic_constraints).toEqual([
      { constraint_name: `captain:${x}:WHITELIST`, Abbreviation: 'WHITELIST' },
    ]);
    // Another free captain nearby is left out.
    await captainNear(0.002);
    expect(await candidateIds(only.id)).toEqual([x]);
  });
});
