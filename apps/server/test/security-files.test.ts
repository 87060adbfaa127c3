import type { Actor } from '@taxi/shared';
import { filesPolicy } from '@taxi/shared/policies/files';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passengers } from '../src/db/schema';
import { DEMO_ID_FRONT } from '../src/db/seed/people';
import { minimalWav } from '../src/lib/wav';
import { findFileOwner } from '../src/modules/files/owners';
import { dispositionName } from '../src/modules/files/routes';
import { makeBooking } from './factories';
import { bearer, buildTestApp, login, multipart, type TestApp } from './helpers';

// Finding 6 (issue 9): GET /api/files/{name} served every upload to any signed-in user. A file is now
// served only through the rule of what it belongs to (filesPolicy): ID cards with PASSENGERS (captain
// documents with CAPTAINS), complaint audio to the complaint's readers (COMPLAINTS or DISPATCHING).
// Behaviour chosen: 404 when nothing references the name; 403 when it is referenced but the owner's
// rule says no.

const actor = (permissions: string[]): Actor => ({ id: 1, roles: [], permissions });

describe('filesPolicy (unit)', () => {
  it('passenger documents need PASSENGERS, captain documents CAPTAINS', () => {
    const passenger = { kind: 'passengerDocument', passengerId: 1 } as const;
    const captain = { kind: 'captainDocument', captainId: 1 } as const;
    expect(filesPolicy.read.allows(actor(['PASSENGERS']), passenger)).toBe(true);
    expect(filesPolicy.read.allows(actor(['CAPTAINS', 'COMPLAINTS', 'DISPATCHING']), passenger)).toBe(false);
    expect(filesPolicy.read.allows(actor(['CAPTAINS']), captain)).toBe(true);
    expect(filesPolicy.read.allows(actor(['PASSENGERS']), captain)).toBe(false);
    expect(filesPolicy.readPassengerDocument.allows(actor([]), { passengerId: 1 })).toBe(false);
  });

  it("complaint audio follows the complaint's readers (COMPLAINTS or DISPATCHING)", () => {
    const audio = { kind: 'complaintAudio', complaintId: 1 } as const;
    expect(filesPolicy.read.allows(actor(['COMPLAINTS']), audio)).toBe(true);
    expect(filesPolicy.read.allows(actor(['DISPATCHING']), audio)).toBe(true);
    expect(filesPolicy.read.allows(actor(['PASSENGERS', 'CAPTAINS']), audio)).toBe(false);
  });

  it('any signed-in user may ask (the route rule); the owner decides', () => {
    expect(filesPolicy.open.allows(actor([]))).toBe(true);
  });

  it('Content-Disposition names are plain ASCII tokens', () => {
    expect(dispositionName('0123abcd.png')).toBe('0123abcd.png');
    expect(dispositionName('a"b\r\nc;d/é.png')).toBe('a_b__c_d__.png');
    expect(dispositionName('..')).toBe('file');
  });
});

describe('GET /api/files/{name}', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let passengerId: number;
  let front: string;
  let complaintId: number;
  let audio: string;

  const get = (name: string, who: string | null) =>
    t.app.inject({ method: 'GET', url: `/api/files/${name}`, headers: who ? bearer(tokens[who]) : {} });

  function expectSafeHeaders(res: LightMyRequestResponse, disposition: 'inline' | 'attachment') {
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toMatch(/^private\b/);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^${disposition}; filename="[A-Za-z0-9._-]+"$`));
  }

  beforeAll(async () => {
    t = await buildTestApp();
    for (const who of ['admin', 'dispatcher', 'callcenter', 'gov', 'supervisor', 'airport', 'airport.supervisor'])
      tokens[who] = await login(t.app, `${who}@example.com`);

    // A passenger's ID card, uploaded through the API (re-encoded and stored as the app does it).
    [{ id: passengerId }] = await t.db
      .insert(passengers)
      .values({ firstName: 'Files', lastName: 'Test', phoneNumber: '+37760000001' })
      .returning({ id: passengers.id });
    const png = await sharp({ create: { width: 16, height: 10, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const card = { filename: 'card.png', type: 'image/png', data: png };
    const body = multipart({
      _method: 'PUT',
      first_name: 'Files',
      last_name: 'Test',
      whatsapp_number: '+37760000001',
      id_card_front: card,
      id_card_back: card,
    });
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/passenger/${passengerId}`,
      headers: { ...bearer(tokens.admin), ...body.headers },
      payload: body.payload,
    });
    if (saved.statusCode !== 200) throw new Error(`passenger upload failed: ${saved.body}`);
    front = saved.json().data.id_card_front;

    // A complaint with a recording, filed by the dispatcher.
    const booking = await makeBooking(t.db, { status: 'DONE' });
    const complaint = multipart({
      description: 'recorded call',
      'wav_files[0]': { filename: 'call.wav', type: 'audio/wav', data: minimalWav(16) },
    });
    const filed = await t.app.inject({
      method: 'POST',
      url: `/api/complaint/booking/${booking.id}/create`,
      headers: { ...bearer(tokens.dispatcher), ...complaint.headers },
      payload: complaint.payload,
    });
    if (filed.statusCode !== 200) throw new Error(`complaint failed: ${filed.body}`);
    complaintId = filed.json().data.id;
    audio = filed.json().data.audios[0];
  }, 90_000);
  afterAll(async () => t?.close());

  it('finds the owner of a name by the referencing row', async () => {
    expect(await findFileOwner(t.db, front)).toEqual({ kind: 'passengerDocument', passengerId });
    expect(await findFileOwner(t.db, audio)).toEqual({ kind: 'complaintAudio', complaintId });
    expect(await findFileOwner(t.db, `${'0'.repeat(32)}.png`)).toBeNull();
  });

  it('401 without a token', async () => {
    expect((await get(front, null)).statusCode).toBe(401);
  });

  describe("a passenger's ID card", () => {
    it('403 for the airport user (no permission) and for roles without PASSENGERS', async () => {
      for (const who of ['airport', 'airport.supervisor', 'gov']) {
        const res = await get(front, who);
        expect(res.statusCode, who).toBe(403);
        expect(res.headers['content-type']).toMatch(/json/);
        expect(res.rawPayload.subarray(0, 8).equals(Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'))).toBe(false);
      }
    });

    it('200 for PASSENGERS holders, with nosniff, inline Content-Disposition and private caching', async () => {
      for (const who of ['admin', 'dispatcher', 'callcenter', 'supervisor']) {
        const res = await get(front, who);
        expect(res.statusCode, who).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        expectSafeHeaders(res, 'inline');
        expect(res.headers['content-disposition']).toBe(`inline; filename="${front}"`);
        expect((await sharp(res.rawPayload).metadata()).width).toBe(16);
      }
    });

    it('the demo ID cards are ID cards too: served only with PASSENGERS', async () => {
      await t.db.update(passengers).set({ idCardBack: DEMO_ID_FRONT }).where(eq(passengers.id, passengerId));
      try {
        const ok = await get(DEMO_ID_FRONT, 'admin');
        expect(ok.statusCode).toBe(200);
        expect(ok.headers['content-type']).toBe('image/svg+xml');
        expectSafeHeaders(ok, 'inline');
        expect(ok.headers['content-security-policy']).toMatch(/sandbox/);
        expect((await get(DEMO_ID_FRONT, 'airport')).statusCode).toBe(403);
        expect((await get(DEMO_ID_FRONT, 'gov')).statusCode).toBe(403);
      } finally {
        await t.db.update(passengers).set({ idCardBack: front }).where(eq(passengers.id, passengerId));
      }
    });
  });

  describe('complaint audio', () => {
    it("follows the complaint's readers: COMPLAINTS or DISPATCHING get it, others 403", async () => {
      for (const who of ['admin', 'dispatcher', 'callcenter', 'gov', 'supervisor']) {
        const res = await get(audio, who);
        expect(res.statusCode, who).toBe(200);
        expect(res.headers['content-type']).toBe('audio/wav');
        expectSafeHeaders(res, 'inline');
        expect(res.rawPayload.equals(minimalWav(16))).toBe(true);
      }
      for (const who of ['airport', 'airport.supervisor']) expect((await get(audio, who)).statusCode, who).toBe(403);
    });
  });

  describe('names nothing references', () => {
    it('404 for an unknown name, even for the admin, and for every other user', async () => {
      const unknown = `${'ab'.repeat(16)}.png`;
      for (const who of ['admin', 'airport']) expect((await get(unknown, who)).statusCode).toBe(404);
    });

    it('404 for a stored file that no row references (an orphan), even for the admin', async () => {
      const orphan = await t.app.files.storage.put(Buffer.from('left over'), 'png');
      expect((await get(orphan, 'admin')).statusCode).toBe(404);
      expect((await get(orphan, 'airport')).statusCode).toBe(404);
    });

    it('404 for names that are not stored names (paths, dots)', async () => {
      for (const name of ['..%2F..%2Fsecret', '.env', 'demo-id-front.svg.png', 'constructor', '__proto__'])
        expect((await get(name, 'admin')).statusCode, name).toBe(404);
    });

    it('404 when the row references a name whose bytes are gone', async () => {
      const gone = `${'cd'.repeat(16)}.png`;
      await t.db.update(passengers).set({ idCardBack: gone }).where(eq(passengers.id, passengerId));
      try {
        expect((await get(gone, 'admin')).statusCode).toBe(404);
      } finally {
        await t.db.update(passengers).set({ idCardBack: front }).where(eq(passengers.id, passengerId));
      }
    });
  });

  it('a stored file of a type we do not produce is served as an attachment, never inline', async () => {
    const legacy = await t.app.files.storage.put(Buffer.from('%PDF-1.4 legacy scan'), 'pdf');
    await t.db.update(passengers).set({ idCardBack: legacy }).where(eq(passengers.id, passengerId));
    try {
      const res = await get(legacy, 'admin');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expectSafeHeaders(res, 'attachment');
      expect((await get(legacy, 'airport')).statusCode).toBe(403);
    } finally {
      await t.db.update(passengers).set({ idCardBack: front }).where(eq(passengers.id, passengerId));
    }
  });
});
