// Booking constraints (/constraints): the catalogue, the phone booking that picks them (stored as static and
// dynamic constraints with their abbreviation), and the dispatcher that leaves out a captain without the
// capability a constraint asks for — unless the constraint was lifted (strike_through).
import { BOOKING_MSG, type BookingDto, FLEET_MSG } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings, constraints } from '../src/db/schema';
import { makeCaptain, makePassenger } from './factories';
import { apiCaller, loginAll, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);
let admin = '';
let disp = '';
beforeAll(async () => {
  [admin, disp] = await loginAll(t.app, 'admin@example.com', 'dispatcher@example.com');
});

/** A pickup far from the demo fleet, so that only this file's captains are near it. */
const AWAY = { lon: 2.35, lat: 48.85 };

async function captainWith(capabilities: string[], dLon: number) {
  const { captain } = await makeCaptain(t.db, { lastLon: AWAY.lon + dLon, lastLat: AWAY.lat, capabilities });
  await t.app.locations.setOnline(captain.id, true);
  t.app.locations.report(captain.id, AWAY.lon + dLon, AWAY.lat);
  return captain.id;
}

const idOf = async (name: string) =>
  (await t.db.select().from(constraints).where(eq(constraints.constraintName, name)))[0].id;

const order = async (constraint_ids?: number[]) =>
  call('POST', 'bookings', disp, {
    passenger_id: (await makePassenger(t.db)).id,
    service_id: 2,
    pickup: { name: 'Far away', ...AWAY },
    now: true,
    origin: 'phone',
    ...(constraint_ids ? { constraint_ids } : {}),
  });

const candidateIds = async (bookingId: number) =>
  (await t.app.dispatchEngine.rank(bookingId)).candidates.map((c) => c.captain_id);

describe('constraints catalogue', () => {
  it('401, readable by the desk, 403 writes without CONSTRAINTS, 422 with field errors', async () => {
    expect((await call('GET', 'constraints', null)).statusCode).toBe(401);
    const list = await call('GET', 'constraints?perPage=50', disp);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ constraint_name: 'Child seat', abbreviation: 'CS', kind: 'static' }),
      ]),
    );
    const body = { constraint_name: 'Wheelchair', abbreviation: 'WC', kind: 'static', capability: 'wheelchair' };
    expect((await call('POST', 'constraints', disp, body)).statusCode).toBe(403);
    const bad = await call('POST', 'constraints', admin, { constraint_name: '', kind: 'sometimes', capability: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(
      expect.arrayContaining(['constraint_name', 'abbreviation', 'kind', 'capability']),
    );
    const ok = await call('POST', 'constraints', admin, body);
    expect(ok.statusCode, ok.body).toBe(200);
    const edit = await call('PUT', `constraints/${ok.json().data.id}`, admin, { abbreviation: 'WCH' });
    expect(edit.json().data).toMatchObject({ constraint_name: 'Wheelchair', abbreviation: 'WCH' });
    const dup = await call('POST', 'constraints', admin, { ...body, constraint_name: 'child SEAT' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.constraint_name).toBeDefined();
  });
});

describe('the phone booking picks constraints; the dispatcher honours them', () => {
  it('stores static and dynamic constraints with their abbreviations; 422 on an unknown one', async () => {
    const unknown = await order([999_999]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.constraint_ids).toEqual([FLEET_MSG.unknownConstraint]);
    const res = await order([await idOf('Child seat'), await idOf('English-speaking')]);
    expect(res.statusCode, res.body).toBe(201);
    const dto = res.json().data as BookingDto;
    expect(dto.static_constraints).toEqual([
      { constraint_name: 'Child seat', Abbreviation: 'CS', capability: 'child_seat' },
    ]);
    expect(dto.dynamic_constraints).toEqual([
      { constraint_name: 'English-speaking', Abbreviation: 'EN', capability: 'english' },
    ]);
  });

  it('a captain without the capability is not a candidate; lifting the constraint lets them in', async () => {
    const both = await captainWith(['child_seat', 'english'], 0.001);
    const seatOnly = await captainWith(['child_seat'], 0.002);
    const none = await captainWith([], 0.003);
    const plain = (await order()).json().data as BookingDto;
    expect(await candidateIds(plain.id)).toEqual(expect.arrayContaining([both, seatOnly, none]));

    const seat = (await order([await idOf('Child seat')])).json().data as BookingDto;
    const seatIds = await candidateIds(seat.id);
    expect(seatIds).toEqual(expect.arrayContaining([both, seatOnly]));
    expect(seatIds).not.toContain(none);
    expect((await t.app.dispatchEngine.rank(seat.id)).excluded.constraint).toBeGreaterThanOrEqual(1);

    const asked = (await order([await idOf('Child seat'), await idOf('English-speaking')])).json().data as BookingDto;
    const ids = await candidateIds(asked.id);
    expect(ids).toContain(both);
    expect(ids).not.toContain(seatOnly);
    expect(ids).not.toContain(none);

    // The dynamic constraint lifted (strike_through): the captain with the seat only is a candidate again.
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, asked.id));
    await t.db
      .update(bookings)
      .set({ dynamicConstraints: row.dynamicConstraints.map((c) => ({ ...c, strike_through: true })) })
      .where(eq(bookings.id, asked.id));
    expect(await candidateIds(asked.id)).toEqual(expect.arrayContaining([both, seatOnly]));
  });

  it('the card shows a dynamic constraint the dispatched captain does not meet as struck through', async () => {
    const seatOnly = await captainWith(['child_seat'], 0.005);
    const asked = (await order([await idOf('Child seat'), await idOf('English-speaking')])).json().data as BookingDto;
    expect(asked.dynamic_constraints[0].strike_through).toBeUndefined();
    const dispatched = await call('PUT', `dispatch/${asked.id}/${seatOnly}`, disp);
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    const card = (await call('GET', `bookings/${asked.id}`, disp)).json().data as BookingDto;
    expect(card.dynamic_constraints).toEqual([
      { constraint_name: 'English-speaking', Abbreviation: 'EN', capability: 'english', strike_through: true },
    ]);
    expect(card.static_constraints[0].strike_through).toBeUndefined();
  });

  it("a manual dispatch refuses a captain who misses a static constraint or the order's service, naming it", async () => {
    const none = await captainWith([], 0.0035);
    const seat = (await order([await idOf('Child seat')])).json().data as BookingDto;
    const refused = await call('PUT', `dispatch/${seat.id}/${none}`, disp);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.captain_id).toEqual([BOOKING_MSG.captainConstraint('Child seat')]);

    const { captain: other } = await makeCaptain(t.db, { serviceIds: [3] });
    const plain = (await order()).json().data as BookingDto;
    const wrong = await call('PUT', `dispatch/${plain.id}/${other.id}`, disp);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.captain_id).toEqual([BOOKING_MSG.captainOtherService]);
    // Nothing was written: the order still waits.
    expect((await call('GET', `bookings/${plain.id}`, disp)).json().data.status).toBe('PENDING');
    expect((await call('PUT', `dispatch/${plain.id}/${none}`, disp)).statusCode).toBe(200);
  });

  it('an edit without constraint_ids keeps them; with an empty list clears them', async () => {
    const created = (await order([await idOf('Pet friendly')])).json().data as BookingDto;
    const body = {
      passenger_id: created.passenger?.id,
      service_id: 2,
      pickup: { name: 'Far away', ...AWAY },
      now: true,
      origin: 'phone',
    };
    const kept = await call('PUT', `bookings/${created.id}/order`, disp, body);
    expect(kept.statusCode, kept.body).toBe(200);
    expect((kept.json().data as BookingDto).static_constraints).toHaveLength(1);
    const cleared = await call('PUT', `bookings/${created.id}/order`, disp, { ...body, constraint_ids: [] });
    expect((cleared.json().data as BookingDto).static_constraints).toEqual([]);
  });
});

describe('GET/PUT captain/{id}/capabilities', () => {
  it('401, 403, 404, 422 on an unknown capability; what is saved decides who is a candidate', async () => {
    const captain = await captainWith([], 0.006);
    const url = `captain/${captain}/capabilities`;
    expect((await call('GET', url, null)).statusCode).toBe(401);
    const airport = (await loginAll(t.app, 'airport@example.com'))[0];
    expect((await call('GET', url, airport)).statusCode).toBe(403);
    expect((await call('PUT', 'captain/99999999/capabilities', disp, { capabilities: [] })).statusCode).toBe(404);
    const bad = await call('PUT', url, disp, { capabilities: ['jetpack'] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)[0]).toMatch(/^capabilities/);
    expect((await call('GET', url, disp)).json().data).toEqual({ captain_id: captain, capabilities: [] });

    const seat = (await order([await idOf('Child seat')])).json().data as BookingDto;
    expect(await candidateIds(seat.id)).not.toContain(captain);
    const saved = await call('PUT', url, disp, { capabilities: ['pet', 'child_seat', 'pet'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ captain_id: captain, capabilities: ['child_seat', 'pet'] });
    expect(await candidateIds(seat.id)).toContain(captain);
  });
});
