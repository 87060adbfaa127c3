import { MAP_CENTER } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { airportDetails, bookings } from '../src/db/schema';
import { makePassenger } from './factories';
import { apiCaller, loginAll, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);
let agent: string; // role 11, Riviera Air Travel
let supervisor: string; // role 12, Riviera Air Travel
let other: string; // role 11, Azur Jet Services
let dispatcher: string;

beforeAll(async () => {
  [agent, supervisor, other, dispatcher] = await loginAll(
    t.app,
    'airport@example.com',
    'airport.supervisor@example.com',
    'airport.azur@example.com',
    'dispatcher@example.com',
  );
});

const request = (over: Record<string, unknown> = {}) => ({
  agent: 'Desk 2',
  air_agency_name: 'Air Riviera',
  first_name: 'Grace',
  last_name: 'Kelly',
  phone_number: '+377 6 10 20 30 40',
  whatsapp_number: '+377 6 10 20 30 41',
  riders: 3,
  bags: 2,
  pnr: 'XK42Q',
  country: 'nce',
  service_id: 2,
  pickup: { name: 'Heliport', lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
  dropoff: { name: 'Casino Square', lon: MAP_CENTER[0] + 0.01, lat: MAP_CENTER[1] + 0.005 },
  now: true,
  ...over,
});

const ids = (res: { json(): { data: { data: { id: number }[] } } }) => res.json().data.data.map((r) => r.id);

describe('the airport desk (roles 11 and 12)', () => {
  let mine: number;
  let supervisors: number;
  let azur: number;

  it('401 without a token, 422 with field errors, 403 for staff without a desk', async () => {
    expect((await call('POST', 'airport/requests', null, request())).statusCode).toBe(401);
    expect((await call('GET', 'airport/requests', null)).statusCode).toBe(401);
    const bad = await call(
      'POST',
      'airport/requests',
      agent,
      request({ country: 'France', riders: 0, first_name: '' }),
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['country', 'riders', 'first_name']));
    const noDropoff = await call('POST', 'airport/requests', agent, request({ dropoff: undefined }));
    expect(noDropoff.statusCode).toBe(422);
    expect(noDropoff.json().errors).toHaveProperty('dropoff');
    expect((await call('POST', 'airport/requests', dispatcher, request())).statusCode).toBe(403);
    expect((await call('GET', 'airport/requests', dispatcher)).statusCode).toBe(403);
    expect((await call('GET', 'airport/requests/1', dispatcher)).statusCode).toBe(403);
  });

  it('files a request: a dashboard booking with its airport details, untouched, and the estimated price', async () => {
    const res = await call('POST', 'airport/requests', agent, request());
    expect(res.statusCode).toBe(201);
    const dto = res.json().data;
    mine = dto.id;
    expect(dto).toMatchObject({
      status: 'PENDING',
      country: 'NCE',
      riders: 3,
      bags: 2,
      pnr: 'XK42Q',
      received: false,
      creator_name: 'Arnaud Airport',
      pull_down_location_name: 'Casino Square',
    });
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, mine));
    expect(b.origin).toBe('dashboard');
    expect(b.airportOffice).toBe(true);
    const [d] = await t.db.select().from(airportDetails).where(eq(airportDetails.bookingId, mine));
    expect(d.lastUpdate.getTime()).toBe(b.createdAt.getTime());
    expect(d.agencyId).not.toBeNull();
    // The fare engine's estimate, when the service has prices; the booking keeps the same quote.
    expect(dto.estimated_price).toBe(b.fareEstimate ? b.fareEstimate.euros : null);

    // The dispatcher sees it on the board with its airport badge, and its details.
    const shown = await call('GET', `bookings/${mine}`, dispatcher);
    expect(shown.json().data.airport).toEqual({ riders: 3, bags: 2, received: false });
    const details = await call('GET', `booking/${mine}/airport_details`, dispatcher);
    expect(details.json().data).toMatchObject({ agent: 'Desk 2', country: 'NCE', first_name: 'Grace' });
  });

  it('a scheduled request needs its time', async () => {
    const res = await call('POST', 'airport/requests', agent, request({ now: false }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('datetime');
  });

  it('role 11 sees its own requests; role 12 the whole agency; another agency none of them', async () => {
    supervisors = (
      await call('POST', 'airport/requests', supervisor, request({ phone_number: '+377 6 55 55 55 55' }))
    ).json().data.id;
    azur = (await call('POST', 'airport/requests', other, request({ phone_number: '+33 6 12 12 12 12' }))).json().data
      .id;

    const agentList = await call('GET', 'airport/requests?perPage=100', agent);
    expect(agentList.statusCode).toBe(200);
    expect(ids(agentList)).toContain(mine);
    expect(ids(agentList)).not.toContain(supervisors);
    expect(ids(agentList)).not.toContain(azur);

    const supList = ids(await call('GET', 'airport/requests?perPage=100', supervisor));
    expect(supList).toEqual(expect.arrayContaining([mine, supervisors]));
    expect(supList).not.toContain(azur);

    expect(ids(await call('GET', 'airport/requests?perPage=100', other))).toEqual([azur]);

    // One request: object-level rule.
    expect((await call('GET', `airport/requests/${mine}`, agent)).statusCode).toBe(200);
    expect((await call('GET', `airport/requests/${mine}`, supervisor)).statusCode).toBe(200);
    expect((await call('GET', `airport/requests/${supervisors}`, agent)).statusCode).toBe(403);
    expect((await call('GET', `airport/requests/${mine}`, other)).statusCode).toBe(403);
    expect((await call('GET', `airport/requests/${azur}`, supervisor)).statusCode).toBe(403);
    expect((await call('GET', 'airport/requests/999999', agent)).statusCode).toBe(404);
    // The staff-only booking routes stay closed to the desk.
    expect((await call('GET', `bookings/${mine}`, agent)).statusCode).toBe(403);
    expect((await call('GET', `booking/${mine}/airport_details`, other)).statusCode).toBe(403);
  });

  it("shows 'received' once a dispatcher said 'Ok we received'", async () => {
    const touched = await call('PUT', `booking/${mine}/touch`, dispatcher);
    expect(touched.statusCode).toBe(200);
    expect(touched.json().message).toBe('Ok we received');
    const dto = (await call('GET', `airport/requests/${mine}`, agent)).json().data;
    expect(dto.received).toBe(true);
  });
});

describe('a request for a phone number shows the desk only what it typed (tenant isolation on lookups)', () => {
  const phone = '+377 6 98 71 00 01';
  let real: { id: number };
  let rivieras: number;
  // The passenger's own data, and the loyalty class that would price the trip for them (P3: -10 %).
  const secrets = [
    'Ottavia',
    'Hiddenname',
    '+377 6 98 71 99 99',
    'front-otta.png',
    'back-otta.png',
    '2024-11-05',
    'P3',
  ];
  const trip = { service_id: 2, now: true };

  beforeAll(async () => {
    real = await makePassenger(t.db, {
      firstName: 'Ottavia',
      lastName: 'Hiddenname',
      phoneNumber: phone,
      whatsappNumber: '+377 6 98 71 99 99',
      idCardFront: 'front-otta.png',
      idCardBack: 'back-otta.png',
      approvedAt: new Date('2024-11-05T09:00:00Z'),
      canUseVip: true,
      rejectedCount: 1,
      activeLoyaltyClasses: ['P3'],
    });
  });

  it("an approved passenger's phone: the reply and the desk's reads hold only what the agent typed", async () => {
    const res = await call(
      'POST',
      'airport/requests',
      agent,
      request({ ...trip, phone_number: phone, first_name: 'Typed', last_name: 'Traveller', whatsapp_number: null }),
    );
    expect(res.statusCode, res.body).toBe(201);
    rivieras = res.json().data.id;
    expect(res.json().data).toMatchObject({ first_name: 'Typed', last_name: 'Traveller', phone_number: phone });
    for (const body of [
      res.body,
      (await call('GET', `airport/requests/${rivieras}`, agent)).body,
      (await call('GET', 'airport/requests?perPage=100', agent)).body,
      (await call('GET', 'airport/requests?perPage=100', supervisor)).body,
    ]) {
      for (const secret of secrets) expect(body, secret).not.toContain(secret);
      for (const key of ['passenger', 'passenger_id', 'whatsapp_number', 'approved_at', 'id_card_front'])
        expect(body, key).not.toContain(`"${key}"`);
    }
    // The booking is the real passenger's, for dispatch; the staff console shows them.
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, rivieras));
    expect(row.passengerId).toBe(real.id);
    const shown = await call('GET', `bookings/${rivieras}`, dispatcher);
    expect(shown.json().data.passenger).toMatchObject({ id: real.id, full_name: 'Ottavia Hiddenname' });
  });

  it("the desk's estimated price is the trip's for anyone: the passenger's loyalty class does not show through", async () => {
    const stranger = await call(
      'POST',
      'airport/requests',
      agent,
      request({ ...trip, phone_number: '+377 6 98 71 00 09' }),
    );
    expect(stranger.statusCode, stranger.body).toBe(201);
    const listPrice = stranger.json().data.estimated_price;
    expect(listPrice).toBeGreaterThan(0);
    const mine = (await call('GET', `airport/requests/${rivieras}`, agent)).json().data;
    expect(mine.estimated_price).toBe(listPrice);
    // The booking itself keeps the passenger's own quote (the P3 discount applies to the ride).
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, rivieras));
    expect(row.fareEstimate?.euros).toBeLessThan(listPrice);
  });

  it("no desk quotes a fare for a passenger's id (their class would price it); staff do", async () => {
    const body = {
      service_id: 2,
      pickup: { lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
      dropoff: { lon: MAP_CENTER[0] + 0.01, lat: MAP_CENTER[1] + 0.005 },
    };
    const [hotel] = await loginAll(t.app, 'hotel@example.com');
    for (const token of [agent, supervisor, other, hotel]) {
      expect((await call('POST', 'fare/quote', token, { ...body, passenger_id: real.id })).statusCode).toBe(403);
      expect((await call('POST', 'fare/quote', token, body)).statusCode).toBe(200);
    }
    expect((await call('POST', 'fare/quote', dispatcher, { ...body, passenger_id: real.id })).statusCode).toBe(200);
  });

  it("another agency's traveller: Azur sees only what Azur typed, and Riviera's requests are unchanged", async () => {
    const before = (await call('GET', `airport/requests/${rivieras}`, agent)).json().data;
    const azurs = await call(
      'POST',
      'airport/requests',
      other,
      request({ ...trip, phone_number: phone, first_name: 'Azur', last_name: 'Typed', agent: 'Azur desk' }),
    );
    expect(azurs.statusCode, azurs.body).toBe(201);
    for (const body of [azurs.body, (await call('GET', 'airport/requests?perPage=100', other)).body]) {
      for (const secret of [...secrets, 'Traveller']) expect(body, secret).not.toContain(secret);
    }
    expect(ids(await call('GET', 'airport/requests?perPage=100', other))).not.toContain(rivieras);
    expect((await call('GET', `airport/requests/${rivieras}`, other)).statusCode).toBe(403);
    // No passenger route is open to either desk.
    for (const token of [agent, other]) {
      expect((await call('GET', `passenger/${real.id}`, token)).statusCode).toBe(403);
      expect((await call('GET', `partner/passengers/${real.id}`, token)).statusCode).toBe(403);
    }
    const after = (await call('GET', `airport/requests/${rivieras}`, agent)).json().data;
    expect(after).toEqual(before);
    const supList = await call('GET', 'airport/requests?perPage=100', supervisor);
    expect(supList.body).not.toContain('Azur');
  });
});
