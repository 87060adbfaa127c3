import {
  type BookingDto,
  cityWallClock,
  DEFAULT_SEASON,
  FARE_MSG,
  type FareQuoteDto,
  MAP_CENTER,
  type PriceRuleDto,
} from '@taxi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, loginAll, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);

let admin = '';
let disp = '';
let gov = '';
let airport = '';
beforeAll(async () => {
  [admin, disp, gov, airport] = await loginAll(
    t.app,
    'admin@example.com',
    'dispatcher@example.com',
    'gov@example.com',
    'airport@example.com',
  );
  // The demo starts in the night season (the spec's default); these tests price from the day tariff.
  await call('PUT', 'setting/season', admin, { season: 'day' });
});
afterAll(async () => {
  await call('PUT', 'setting/season', admin, { season: DEFAULT_SEASON });
});

const pickup = { lon: MAP_CENTER[0], lat: MAP_CENTER[1] };
const dropoff = { lon: MAP_CENTER[0] - 0.01, lat: MAP_CENTER[1] - 0.005 };
/** A Tuesday afternoon: no time-window rule of the demo applies. */
const TUESDAY_2PM = '2027-01-05 14:00';

async function quote(body: Record<string, unknown> = {}): Promise<FareQuoteDto> {
  const res = await call('POST', 'fare/quote', disp, {
    service_id: 2,
    pickup,
    dropoff,
    datetime: TUESDAY_2PM,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const line = (q: FareQuoteDto, kind: string) => q.lines.find((l) => l.kind === kind)?.cents;
const ruleNames = (q: FareQuoteDto) => q.lines.filter((l) => l.kind === 'rule').map((l) => l.name);

describe('POST fare/quote', () => {
  it('401 without a session, 422 with field errors; the airport desk quotes its requests too', async () => {
    expect((await call('POST', 'fare/quote', null, { service_id: 2, pickup, dropoff })).statusCode).toBe(401);
    const bad = await call('POST', 'fare/quote', disp, { pickup: { lon: 200, lat: 0 } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['service_id', 'pickup.lon', 'dropoff']));
    const unknown = await call('POST', 'fare/quote', disp, { service_id: 999, pickup, dropoff });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.service_id).toEqual([FARE_MSG.unknownService]);
    expect((await call('POST', 'fare/quote', airport, { service_id: 2, pickup, dropoff })).statusCode).toBe(200);
  });

  it('prices the street route with the season tariff; the breakdown adds up', async () => {
    const q = await quote();
    expect(q.season).toBe('day');
    // The demo's Full car day tariff: 3.50 base, 1.40 per km, 0.30 per minute.
    expect(line(q, 'base')).toBe(350);
    expect(line(q, 'distance')).toBe(Math.round(((1.4 * q.metres) / 1000) * 100));
    expect(q.metres).toBeGreaterThan(500);
    expect(q.lines.reduce((s, l) => s + l.cents, 0)).toBe(q.cents);
    expect(q.euros).toBe(q.cents / 100);
    expect(ruleNames(q)).toEqual([]);
  });

  it('the SEASON setting selects the prices', async () => {
    const day = await quote();
    expect((await call('PUT', 'setting/season', admin, { season: 'night' })).statusCode).toBe(200);
    const night = await quote();
    expect(night.season).toBe('night');
    expect(line(night, 'base')).toBe(438); // 3.50 × 1.25, stored to the cent
    expect(line(night, 'distance')).toBe(Math.round(((1.75 * night.metres) / 1000) * 100));
    expect(line(night, 'distance')).toBeGreaterThan(line(day, 'distance') ?? 0);
    await call('PUT', 'setting/season', admin, { season: 'day' });
  });

  it('a seasonal destination of the season is offered by the place pickers and prices a trip ending there', async () => {
    const near = { lon: dropoff.lon + 0.0005, lat: dropoff.lat };
    const made = await call('POST', 'seasonal_destinations', admin, {
      season: 'day',
      name: 'Zqy Summer Beach',
      lon: dropoff.lon,
      lat: dropoff.lat,
      price: 18,
    });
    expect(made.statusCode, made.body).toBe(200);
    const offered = (await call('GET', 'places?search=zqy', disp)).json().data.data;
    expect(offered).toEqual([expect.objectContaining({ name: 'Zqy Summer Beach', source: 'destination' })]);

    const q = await quote({ dropoff: near });
    expect(q.cents).toBe(1800);
    expect(q.lines.find((l) => l.kind === 'destination')).toMatchObject({ name: 'Zqy Summer Beach' });
    expect(q.lines.reduce((sum, l) => sum + l.cents, 0)).toBe(1800);

    // Another season: neither offered nor priced.
    expect((await call('PUT', 'setting/season', admin, { season: 'night' })).statusCode).toBe(200);
    expect((await call('GET', 'places?search=zqy', disp)).json().data.data).toEqual([]);
    expect((await quote({ dropoff: near })).lines.some((l) => l.kind === 'destination')).toBe(false);
    await call('PUT', 'setting/season', admin, { season: 'day' });
    expect((await call('DELETE', `seasonal_destinations/${made.json().data.id}`, admin)).statusCode).toBe(200);
    expect((await quote({ dropoff: near })).lines.some((l) => l.kind === 'destination')).toBe(false);
  });

  it('time-window rules follow the city clock of the booking', async () => {
    const late = await quote({ datetime: '2027-01-05 22:30' });
    expect(ruleNames(late)).toEqual(['Night surcharge']);
    expect(late.lines.find((l) => l.kind === 'rule')?.cents).toBe(200);
    // Friday 21:00: the weekend-evening multiplier.
    const friday = await quote({ datetime: '2027-01-08 21:00' });
    expect(ruleNames(friday)).toEqual(['Weekend evenings']);
  });
});

describe('price rules', () => {
  const rule = {
    name: 'Full car surcharge',
    order: 500,
    active: true,
    stop: false,
    conditions: { services: [2] },
    effect: { kind: 'surcharge', amount: 5 },
  };

  it('401, 422 with field errors, 403 for all but PRICE_RULES holders', async () => {
    expect((await call('GET', 'priceRules', null)).statusCode).toBe(401);
    expect((await call('GET', 'priceRules', disp)).statusCode).toBe(403);
    expect((await call('POST', 'priceRules', gov, rule)).statusCode).toBe(403);
    const bad = await call('POST', 'priceRules', admin, {
      ...rule,
      name: '',
      conditions: { time_from: '25:00', days: [7] },
      effect: { kind: 'multiplier' },
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors as Record<string, string[]>;
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining(['name', 'conditions.time_from', 'conditions.days.0', 'effect.factor']),
    );
    expect(errors['effect.factor']).toEqual([FARE_MSG.factorNeeded]);
    expect((await call('PUT', 'priceRules/99999', admin, rule)).statusCode).toBe(404);
  });

  it('a new rule changes the next quote by exactly its effect, for its service only; deleting it restores the price', async () => {
    const before2 = await quote();
    const before3 = await quote({ service_id: 3 });
    const created = await call('POST', 'priceRules', admin, rule);
    expect(created.statusCode).toBe(200);
    const saved = created.json().data as PriceRuleDto;
    expect(saved).toMatchObject({ name: rule.name, effect: rule.effect });

    const after2 = await quote();
    expect(after2.cents - before2.cents).toBe(500);
    expect(ruleNames(after2)).toEqual(['Full car surcharge']);
    expect((await quote({ service_id: 3 })).cents).toBe(before3.cents);

    // Turned into first-match with a fixed price ahead of the others.
    const edited = await call('PUT', `priceRules/${saved.id}`, admin, {
      ...rule,
      order: 1,
      stop: true,
      effect: { kind: 'fixed', amount: 12 },
    });
    expect(edited.statusCode).toBe(200);
    const fixed = await quote({ datetime: '2027-01-05 22:30' });
    expect(fixed.cents).toBe(1200);
    expect(ruleNames(fixed)).toEqual(['Full car surcharge']);

    const list = (await call('GET', 'priceRules', admin)).json().data as PriceRuleDto[];
    expect(list.map((r) => r.order)).toEqual([...list.map((r) => r.order)].sort((a, b) => a - b));
    expect((await call('DELETE', `priceRules/${saved.id}`, admin)).statusCode).toBe(200);
    expect((await quote()).cents).toBe(before2.cents);
    expect((await call('GET', `priceRules/${saved.id}`, admin)).statusCode).toBe(404);
  });
});

describe('city events in the price', () => {
  it("a rule on city events applies to a trip starting in an event's circle while it runs, and not after", async () => {
    const rule = await call('POST', 'priceRules', admin, {
      name: 'Event surcharge',
      order: 600,
      active: true,
      stop: false,
      conditions: { event: true },
      effect: { kind: 'surcharge', amount: 3 },
    });
    expect(rule.statusCode).toBe(200);
    expect(ruleNames(await quote())).toEqual([]);
    // 13:00–15:00 in the city on that Tuesday (UTC+1 in January), 300 m around the pickup.
    const event = await call('POST', 'events', admin, {
      name: 'Fare test concert',
      kind: 'concert',
      lat: pickup.lat,
      lon: pickup.lon,
      radius_m: 300,
      starts_at: '2027-01-05T12:00:00.000Z',
      ends_at: '2027-01-05T14:00:00.000Z',
      demand_level: 'high',
    });
    expect(event.statusCode, event.body).toBeLessThan(300);
    const during = await quote();
    expect(ruleNames(during)).toEqual(['Event surcharge']);
    expect(during.lines.find((l) => l.kind === 'rule')?.cents).toBe(300);
    // Three hours after the end, beyond the hour of margin: no surcharge.
    expect(ruleNames(await quote({ datetime: '2027-01-05 18:00' }))).toEqual([]);
    await call('DELETE', `events/${event.json().data.id}`, admin);
    await call('DELETE', `priceRules/${rule.json().data.id}`, admin);
  });
});

describe('service prices', () => {
  it('422 on a season given twice; a season without prices cannot be quoted', async () => {
    expect((await call('GET', 'services/6/prices', disp)).statusCode).toBe(403);
    const current = (await call('GET', 'services/6/prices', admin)).json().data.tariffs as { season: string }[];
    expect(current.map((x) => x.season)).toEqual(['day', 'night', 'classic', 'new_classic', 'hot']);
    const day = { season: 'day', base: 4, per_km: 1.5, per_minute: 0.3, minimum: 8, waiting_per_minute: 0.5 };
    const twice = await call('PUT', 'services/6/prices', admin, { tariffs: [day, day] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors['tariffs.1.season']).toBeDefined();
    expect((await call('PUT', 'services/6/prices', admin, { tariffs: [{ ...day, base: -1 }] })).statusCode).toBe(422);

    const saved = await call('PUT', 'services/6/prices', admin, { tariffs: [day] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.tariffs).toEqual([day]);
    expect(line(await quote({ service_id: 6 }), 'base')).toBe(400);
    await call('PUT', 'setting/season', admin, { season: 'hot' });
    const none = await call('POST', 'fare/quote', disp, { service_id: 6, pickup, dropoff });
    await call('PUT', 'setting/season', admin, { season: 'day' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.service_id).toEqual([FARE_MSG.noTariff]);
  });
});

describe('the booking keeps its estimate', () => {
  it('POST bookings stores the engine estimate; GET booking/{id}/fare returns it; the final price prices the trip as driven', async () => {
    // A scheduled order two days ahead at 14:00, so no time rule depends on when the test runs.
    const c = cityWallClock(Date.now() + 2 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const datetime = `${c.year}-${pad(c.month)}-${pad(c.day)} 14:00`;
    const res = await call('POST', 'bookings', disp, {
      new_passenger: { first_name: 'Fare', last_name: 'Test', phone_number: '+377 6 12 34 56 79' },
      service_id: 2,
      pickup: { name: 'Casino', ...pickup },
      dropoff: { name: 'Stade', ...dropoff },
      now: false,
      datetime,
      origin: 'phone',
    });
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json().data as BookingDto;
    expect((await call('GET', `booking/${booking.id}/fare`, null)).statusCode).toBe(401);
    expect((await call('GET', `booking/${booking.id}/fare`, airport)).statusCode).toBe(403);
    expect((await call('GET', 'booking/999999/fare', disp)).statusCode).toBe(404);
    const fare = (await call('GET', `booking/${booking.id}/fare`, gov)).json().data as {
      estimate: FareQuoteDto;
      final: FareQuoteDto | null;
    };
    const live = await quote({ datetime });
    expect(fare.estimate.cents).toBe(live.cents);
    expect(fare.final).toBeNull();

    const final = await t.app.fares.finalFare(booking.id, { metres: 10_000, seconds: 1200 });
    expect(final?.lines.filter((l) => l.kind !== 'rule')).toEqual([
      { kind: 'base', cents: 350 },
      { kind: 'distance', cents: 1400 },
      { kind: 'time', cents: 600 },
    ]);
    expect(final?.cents).toBe(2350);
  });
});
