import { CSV_TOTAL_HEADER } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { captains, passengers, rides } from '../src/db/schema';
import { csvBatch, csvCell, csvLine } from '../src/http/csv';
import { parseCsv } from './csv-parse';
import { makeBooking, makeCaptain, makePassenger } from './factories';
import { bearer, loginAll, testAppForFile } from './helpers';
import { StatementCounter } from './statement-counter';

const t = testAppForFile();
let admin: string;
let gov: string;
let airport: string;
let counter: StatementCounter;

const get = (url: string, token = admin, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/${url}`, headers: { ...bearer(token), ...headers } });

const idsOf = (body: string) =>
  parseCsv(body)
    .slice(1)
    .map((r) => Number(r[0]));

async function listIds(url: string): Promise<number[]> {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.data.map((row: { id: number }) => row.id);
}

beforeAll(async () => {
  [admin, gov, airport] = await loginAll(t.app, 'admin@example.com', 'gov@example.com', 'airport@example.com');
  counter = new StatementCounter(t.db);
  const day = (d: number) => new Date(Date.UTC(2026, 0, d, 9, 30, 0, 123));
  // Names share first letters and dates share values: the keyset must break ties by id.
  const names = ['Csvann', 'Csvbob', 'Csvann', 'Csvcarl', 'Csvbob', 'Csvdora', 'Csvann', 'Csveve', 'Csvcarl', 'Csvfay'];
  for (let i = 0; i < 23; i++) {
    await makePassenger(t.db, {
      firstName: names[i % names.length],
      lastName: `Export${i}`,
      createdAt: day(1 + (i % 4)),
      approvedAt: i % 3 === 0 ? null : day(10 + (i % 5)),
      activeLoyaltyClasses: i % 4 === 0 ? ['P2'] : [],
    });
  }
  const captain = await makeCaptain(t.db, { firstName: 'Csvcaptain', lastName: 'Driver' }, { number: 'CSV-001' });
  const [ride] = await t.db.insert(rides).values({ captainId: captain.captain.id, carId: captain.car?.id }).returning();
  for (let i = 0; i < 17; i++) {
    await makeBooking(t.db, {
      status: i % 2 === 0 ? 'PAID' : 'CANCELLED_BY_USER',
      datetime: day(1 + (i % 3)),
      rideId: i % 2 === 0 ? ride.id : undefined,
      pickUpLocationName: `Csv place ${i}`,
      now: i % 3 !== 0,
    });
  }
});

afterEach(() => {
  csvBatch.size = 1000;
});

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded ')).toBe('" padded "');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(-3)).toBe('-3');
    expect(csvLine(['Élodie', 'مرحبا', 3])).toBe('Élodie,مرحبا,3\r\n');
  });

  it('defuses formulas: = + - @ tab and CR get a leading apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('+33 6 12')).toBe("'+33 6 12");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe('"\'\rcmd"');
  });
});

describe('GET passenger/export.csv', () => {
  it('streams the list’s rows with BOM, header, file name with the date and X-Total-Count', async () => {
    const res = await get('passenger/export.csv?search=csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="passengers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers[CSV_TOTAL_HEADER.toLowerCase()]).toBe('23');
    const records = parseCsv(res.body);
    expect(records[0]).toEqual([
      'ID',
      'First name',
      'Last name',
      'Phone',
      'E-mail',
      'WhatsApp',
      'Loyalty',
      'Status',
      'Created',
    ]);
    expect(records).toHaveLength(24);
  });

  it.each([
    'search=csv',
    'search=csv&descending=1',
    'search=csvann&approved=0',
    'search=csv&loyalty_class=P2',
    'search=csv&sortBy=first_name',
    'search=csv&sortBy=first_name&descending=1',
    'search=csv&sortBy=approved_at',
    'search=csv&sortBy=approved_at&descending=1',
    'search=csv&sortBy=created_at&descending=1',
  ])('honours the list’s filter and order in batches: %s', async (query) => {
    const expected = await listIds(`passenger?perPage=1000&${query}`);
    csvBatch.size = 4;
    const statements = await counter.statements(async () => {
      const res = await get(`passenger/export.csv?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(idsOf(res.body)).toEqual(expected);
      expect(res.headers[CSV_TOTAL_HEADER.toLowerCase()]).toBe(String(expected.length));
    });
    // authentication, the count, then one bounded statement per batch of 4 (never one big read)
    const batches = statements.filter((s) => /from "passengers"/.test(s) && /limit \$\d+$/i.test(s.trim()));
    expect(batches.length).toBe(Math.floor(expected.length / 4) + 1);
    expect(statements.some((s) => /\boffset\b/i.test(s))).toBe(false);
  });

  it('defuses formulas typed into a passenger’s fields', async () => {
    const p = await makePassenger(t.db, { firstName: '=cmd|" /C calc"!A0', lastName: '@evil, "quoted"' });
    const res = await get(`passenger/export.csv?search=${p.id}`);
    const row = parseCsv(res.body).find((r) => r[0] === String(p.id));
    expect(row?.slice(1, 3)).toEqual(['\'=cmd|" /C calc"!A0', '\'@evil, "quoted"']);
    await t.db.delete(passengers).where(eq(passengers.id, p.id));
  });

  it('writes the headers in the Accept-Language', async () => {
    const fr = parseCsv(
      (await get('passenger/export.csv?search=csv', admin, { 'accept-language': 'fr-FR,fr;q=0.9' })).body,
    );
    expect(fr[0].slice(0, 3)).toEqual(['ID', 'Prénom', 'Nom de famille']);
    const ar = parseCsv((await get('passenger/export.csv?search=csv', admin, { 'accept-language': 'ar' })).body);
    expect(ar[0][1]).toBe('الاسم الأول');
  });

  it('refuses who may not read passengers, and bad filters with 422', async () => {
    expect((await get('passenger/export.csv', gov)).statusCode).toBe(403);
    expect((await get('passenger/export.csv', airport)).statusCode).toBe(403);
    await expect(t.app.inject({ method: 'GET', url: '/api/passenger/export.csv' })).resolves.toMatchObject({
      statusCode: 401,
    });
    const bad = await get('passenger/export.csv?approved=maybe');
    expect(bad.statusCode).toBe(422);
  });
});

describe('GET captain/export.csv', () => {
  it('honours the list’s filter', async () => {
    await t.db.update(captains).set({ online: true }).where(eq(captains.firstName, 'Csvcaptain'));
    const expected = await listIds('captain?perPage=1000&online=1');
    csvBatch.size = 2;
    const res = await get('captain/export.csv?online=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(idsOf(res.body)).toEqual(expected);
    expect(parseCsv(res.body)[0]).toContain('Blocked until');
    expect((await get('captain/export.csv', airport)).statusCode).toBe(403);
  });
});

describe('GET booking/export.csv', () => {
  async function boardIds(query: string): Promise<number[]> {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const res = await get(`booking?perPage=5&page=${page}&${query}`);
      ids.push(...res.json().data.data.map((b: { id: number }) => b.id));
      if (!res.json().data.next_page_url) return ids;
    }
  }

  it.each(['group=finished', 'group=cancelled', 'group=finished&search=csvcaptain', 'group=all&now=0'])(
    'exports the same rows as the board: %s',
    async (query) => {
      const expected = await boardIds(query);
      csvBatch.size = 3;
      const res = await get(`booking/export.csv?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/filename="bookings-\d{4}-\d{2}-\d{2}\.csv"/);
      expect(idsOf(res.body)).toEqual(expected);
      expect(res.headers[CSV_TOTAL_HEADER.toLowerCase()]).toBe(String(expected.length));
    },
  );

  it('shows the captain, car and place of each booking, and refuses the airport desk', async () => {
    const records = parseCsv((await get('booking/export.csv?group=finished&search=csvcaptain')).body);
    expect(records[0]).toEqual([
      'Order',
      'Date and time',
      'Status',
      'Passenger',
      'Passenger phone',
      'Pick-up',
      'Drop-off',
      'Captain',
      'Car',
      'Service',
      'Origin',
    ]);
    expect(records[1]).toEqual(expect.arrayContaining(['Csvcaptain Driver', 'CSV-001']));
    expect((await get('booking/export.csv', airport)).statusCode).toBe(403);
    expect((await get('booking/export.csv?group=nope')).statusCode).toBe(422);
  });
});

describe('GET payment/rides/export.csv (streamed now)', () => {
  it.each(['id', 'created_at', 'total'])('exports the rides in the list’s order by %s, in batches', async (sortBy) => {
    const [captain] = await t.db.select().from(captains).where(eq(captains.firstName, 'Csvcaptain'));
    const day = (d: number) => new Date(Date.UTC(2026, 1, 1 + (d % 2), 8));
    const existing = await t.db.select({ id: rides.id }).from(rides);
    if (existing.length < 6) {
      for (let i = 0; i < 5; i++) await t.db.insert(rides).values({ captainId: captain.id, createdAt: day(i) });
    }
    for (const descending of ['0', '1']) {
      const query = `sortBy=${sortBy}&descending=${descending}`;
      const expected = await listIds(`payment/rides?perPage=100&${query}`);
      expect(expected.length).toBeGreaterThan(4);
      csvBatch.size = 2;
      const res = await get(`payment/rides/export.csv?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers[CSV_TOTAL_HEADER.toLowerCase()]).toBe(String(expected.length));
      expect(idsOf(res.body)).toEqual(expected);
    }
  });
});
