import { beforeAll, describe, expect, it } from 'vitest';
import { rides } from '../src/db/schema';
import { makeBooking, makeCaptain, makePassenger } from './factories';
import { apiCaller, loginAll, testAppForFile } from './helpers';

/**
 * Every phone search reads a number the way operators type it (phoneSearch in packages/shared, in the city's
 * region): national, spaced, without the trunk zero, international, or a part of it. The passengers and captains
 * lists (and so the pickers, the phone booking and the palette, which call them), the captain picker's search,
 * the board, the advanced search, the caller lookup, the inbox and the SMS codes.
 */
const t = testAppForFile({ env: { VOICE_WS_URL: 'ws://127.0.0.1:1', VOICE_QUEUE_NUMBER: '777' } });
const call = apiCaller(() => t.app);
let admin: string;
let callcenter: string;

/** Two passengers with one national number: a French one (stored E.164), a Monegasque one (stored with spaces). */
const PAX_FR = '+33687654321';
const PAX_MC = '+377 6 87 65 43 21';
const CAPTAIN = '+33655443322';
let paxFr: number;
let paxMc: number;
let captainId: number;
let paxFrBooking: number;
let captainBooking: number;

beforeAll(async () => {
  [admin, callcenter] = await loginAll(t.app, 'admin@example.com', 'callcenter@example.com');
  paxFr = (await makePassenger(t.db, { firstName: 'Phonetta', lastName: 'Francaise', phoneNumber: PAX_FR })).id;
  paxMc = (await makePassenger(t.db, { firstName: 'Phonetta', lastName: 'Monegasque', phoneNumber: PAX_MC })).id;
  const { captain, car } = await makeCaptain(t.db, { firstName: 'Phonio', lastName: 'Driver', phoneNumber: CAPTAIN });
  captainId = captain.id;
  paxFrBooking = (await makeBooking(t.db, { passengerId: paxFr })).id;
  const [ride] = await t.db.insert(rides).values({ captainId, carId: car?.id }).returning();
  captainBooking = (await makeBooking(t.db, { rideId: ride.id, status: 'ACCEPTED' })).id;
});

const q = encodeURIComponent;
async function ids(url: string, token = admin): Promise<number[]> {
  const res = await call('GET', url, token);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  const data = res.json().data;
  return (Array.isArray(data) ? data : data.data).map((row: { id: number }) => row.id);
}

// The passenger's number 06 87 65 43 21 as it may be typed.
const NATIONAL = ['0687654321', '06 87 65 43 21', '06.87.65.43.21', '687654321'];
const FR_INTERNATIONAL = ['+33 6 87 65 43 21', '+33687654321', '0033 687 654 321', '+33 (0)6 87 65 43 21'];
const PARTIAL = ['654321', '65 43 21', '06 87 65'];
const OTHER = ['06 87 65 43 29', '+33 6 87 65 43 29', '+44 687 654 321', '999888'];
const CAPTAIN_FORMS = ['0655443322', '06 55 44 33 22', '655443322', '+33 6 55 44 33 22', '0033655443322', '443322'];

describe('the passengers list (passengers page, pickers, phone booking, palette)', () => {
  const passengers = (search: string) => ids(`passenger?perPage=100&search=${q(search)}`);

  it.each(NATIONAL)('%s (national) finds the number in France and in Monaco', async (form) => {
    expect((await passengers(form)).sort()).toEqual([paxFr, paxMc].sort());
  });

  it.each(FR_INTERNATIONAL)('%s (international) finds the French number only', async (form) => {
    expect(await passengers(form)).toEqual([paxFr]);
  });

  it('finds the Monegasque number by its own country code', async () => {
    expect(await passengers('+377 687 654 321')).toEqual([paxMc]);
    expect(await passengers('00377687654321')).toEqual([paxMc]);
  });

  it.each(PARTIAL)('%s (part of the number) finds both', async (form) => {
    expect(await passengers(form)).toEqual(expect.arrayContaining([paxFr, paxMc]));
  });

  it.each(OTHER)('%s (another number) finds neither', async (form) => {
    const found = await passengers(form);
    expect(found).not.toContain(paxFr);
    expect(found).not.toContain(paxMc);
  });

  it('as the palette asks (five rows), the national spaced form finds them first', async () => {
    expect((await ids(`passenger?perPage=5&search=${q('06 87 65 43 21')}`)).sort()).toEqual([paxFr, paxMc].sort());
  });
});

describe('the captains list and the captain picker', () => {
  it.each(CAPTAIN_FORMS)('%s finds the captain', async (form) => {
    expect(await ids(`captain?perPage=100&search=${q(form)}`)).toEqual([captainId]);
    expect(await ids(`captain/search?search=${q(form)}`)).toEqual([captainId]);
  });

  it.each(OTHER)('%s finds no captain of ours', async (form) => {
    expect(await ids(`captain?perPage=100&search=${q(form)}`)).not.toContain(captainId);
  });
});

describe('the bookings: board and advanced search', () => {
  it.each([...NATIONAL, ...FR_INTERNATIONAL, '654321'])('%s finds the passenger’s booking', async (form) => {
    expect(await ids(`booking/search?perPage=100&customer=${q(form)}`)).toContain(paxFrBooking);
    expect(await ids(`booking?group=all&perPage=100&search=${q(form)}`)).toContain(paxFrBooking);
  });

  it.each(CAPTAIN_FORMS)('%s finds the captain’s booking', async (form) => {
    expect(await ids(`booking/search?perPage=100&driver=${q(form)}`)).toEqual([captainBooking]);
    expect(await ids(`booking?group=all&perPage=100&search=${q(form)}`)).toContain(captainBooking);
  });

  it('another number finds none of them', async () => {
    for (const form of OTHER) {
      expect(await ids(`booking/search?perPage=100&customer=${q(form)}`)).toEqual([]);
      expect(await ids(`booking/search?perPage=100&driver=${q(form)}`)).toEqual([]);
      const board = await ids(`booking?group=all&perPage=100&search=${q(form)}`);
      expect(board).not.toContain(paxFrBooking);
      expect(board).not.toContain(captainBooking);
    }
  });
});

describe('the caller lookup', () => {
  const caller = async (number: string) => {
    const res = await call('GET', `voice/caller?number=${q(number)}`, callcenter);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { kind: string; id: number | null };
  };

  it('knows the French passenger from their number with its country code, or as a bare caller ID', async () => {
    for (const number of ['+33687654321', '+33 6 87 65 43 21', '0033687654321', '33687654321']) {
      expect(await caller(number), number).toMatchObject({ kind: 'passenger', id: paxFr });
    }
    expect(await caller('+377687654321')).toMatchObject({ kind: 'passenger', id: paxMc });
  });

  it('takes a national caller ID for the newest passenger with that national number', async () => {
    for (const number of ['0687654321', '06 87 65 43 21', '687654321']) {
      expect(await caller(number), number).toMatchObject({ kind: 'passenger', id: Math.max(paxFr, paxMc) });
    }
  });

  it('knows the captain, and no one for another number or a part of one', async () => {
    for (const number of ['0655443322', '+33 6 55 44 33 22']) {
      expect(await caller(number)).toMatchObject({ kind: 'captain', id: captainId });
    }
    for (const number of ['+33687654329', '0687654329', '654321', '+44687654321']) {
      expect(await caller(number), number).toMatchObject({ kind: 'unknown', id: null });
    }
  });
});

describe('the inbox', () => {
  it('finds the captain’s conversation by the captain’s number in any form', async () => {
    const conversation = await t.app.chat.open('captain', { captainId });
    await t.app.chat.send({ kind: 'captain', id: captainId }, conversation, { body: 'On my way' });
    for (const form of CAPTAIN_FORMS) {
      expect(await ids(`conversations?search=${q(form)}`), form).toEqual([conversation]);
    }
    expect(await ids(`conversations?search=${q('06 55 44 33 29')}`)).toEqual([]);
  });
});

describe('garbage', () => {
  const GARBAGE = [
    '%',
    '_',
    '\\',
    '+',
    '++33',
    '0',
    '00',
    '٠٦ ٨٧',
    '06 87 65 43 21 ext 5',
    "'); drop table passengers; --",
    '(((',
    '+-+-+-',
    '9'.repeat(40),
    `+${'0'.repeat(25)}`,
    '𝟘𝟞 𝟠𝟟',
  ];
  const URLS = [
    (s: string) => `passenger?search=${q(s)}`,
    (s: string) => `captain?search=${q(s)}`,
    (s: string) => `captain/search?search=${q(s)}`,
    (s: string) => `booking/search?customer=${q(s)}&driver=${q(s)}`,
    (s: string) => `booking?group=all&search=${q(s)}`,
    (s: string) => `conversations?search=${q(s)}`,
    (s: string) => `sms_codes?search=${q(s)}`,
  ];

  it('is never a 500 in any phone search', async () => {
    for (const s of GARBAGE) {
      for (const url of URLS) {
        const res = await call('GET', url(s), admin);
        expect([200, 422], `${url(s)}: ${res.body}`).toContain(res.statusCode);
      }
      const lookup = await call('GET', `voice/caller?number=${q(s)}`, callcenter);
      expect([200, 422], `caller ${s}: ${lookup.body}`).toContain(lookup.statusCode);
    }
  });
});
