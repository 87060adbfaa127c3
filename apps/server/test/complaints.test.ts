import { BOOKING_MSG, COMPLAINT_MSG, DEFAULT_COMPLAINT_STATUS } from '@taxi/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, complaintCategories } from '../src/db/schema';
import { isWav } from '../src/modules/complaints/service';
import { makeBooking } from './factories';
import { bearer, buildTestApp, login, multipart, type TestApp } from './helpers';

let t: TestApp;
let disp: string;
let gov: string;
let airport: string;
let bookingId: number;
let categoryId: number;

/** A minimal valid RIFF/WAVE file (44-byte header, 4 samples). */
function wav(): Buffer {
  const data = Buffer.alloc(8);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

beforeAll(async () => {
  t = await buildTestApp();
  [disp, gov, airport] = await Promise.all([
    login(t.app, 'dispatcher@example.com'),
    login(t.app, 'gov@example.com'),
    login(t.app, 'airport@example.com'),
  ]);
  bookingId = (await makeBooking(t.db, { status: 'DONE' })).id;
  const [category] = await t.db.select().from(complaintCategories).limit(1);
  categoryId = category.id;
}, 60_000);
afterAll(async () => t?.close());

describe('isWav', () => {
  it('accepts a RIFF/WAVE header and refuses other bytes', () => {
    expect(isWav(wav())).toBe(true);
    expect(isWav(Buffer.from('RIFF0000AVI LIST'))).toBe(false);
    expect(isWav(Buffer.from('ID3 mp3 bytes here'))).toBe(false);
    expect(isWav(Buffer.alloc(4))).toBe(false);
  });
});

describe('GET complaint-category', () => {
  it('401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/complaint-category' });
    expect(res.statusCode).toBe(401);
  });
  it('403 for a role with neither COMPLAINTS nor DISPATCHING', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/complaint-category', headers: bearer(airport) });
    expect(res.statusCode).toBe(403);
  });
  it('lists the seeded categories', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/complaint-category', headers: bearer(disp) });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { id: number; name: string }[];
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
  });
});

describe('POST complaint/category', () => {
  const post = (token: string | null, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/complaint/category',
      headers: token ? bearer(token) : {},
      payload,
    });

  it('401 without a token', async () => {
    expect((await post(null, { booking_id: bookingId, category_id: categoryId })).statusCode).toBe(401);
  });
  it("422 'Please choose a category' without a category", async () => {
    for (const payload of [{ booking_id: bookingId }, { booking_id: bookingId, category_id: '' }]) {
      const res = await post(disp, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(BOOKING_MSG.chooseCategory);
      expect(res.json().errors.category_id).toEqual([BOOKING_MSG.chooseCategory]);
    }
  });
  it('422 for an unknown category, 404 for an unknown booking', async () => {
    expect((await post(disp, { booking_id: bookingId, category_id: 999_999 })).statusCode).toBe(422);
    expect((await post(disp, { booking_id: 999_999, category_id: categoryId })).statusCode).toBe(404);
  });
  it('403 without COMPLAINTS', async () => {
    expect((await post(airport, { booking_id: bookingId, category_id: categoryId })).statusCode).toBe(403);
  });
  it("saves the category with 'Saved!', in meta.complaint_status and the audit log", async () => {
    const res = await post(disp, { booking_id: bookingId, category_id: categoryId });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(BOOKING_MSG.saved);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    const [category] = await t.db.select().from(complaintCategories).where(eq(complaintCategories.id, categoryId));
    expect(booking.meta.complaint_status).toBe(category.name);
    const logs = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'complaint.category'), eq(auditLog.entityId, String(bookingId))));
    expect(logs).toHaveLength(1);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/complaint/booking/${bookingId}`,
      headers: bearer(disp),
    });
    expect(list.json().data.category_id).toBe(categoryId);
  });
});

describe('complaints of a booking', () => {
  const create = (token: string | null, fields: Parameters<typeof multipart>[0], id = bookingId) => {
    const body = multipart(fields);
    return t.app.inject({
      method: 'POST',
      url: `/api/complaint/booking/${id}/create`,
      headers: { ...body.headers, ...(token ? bearer(token) : {}) },
      payload: body.payload,
    });
  };

  it('401 without a token', async () => {
    expect((await create(null, { description: 'x' })).statusCode).toBe(401);
  });
  it('422 for a file that is not wav by content, whatever its name', async () => {
    const res = await create(disp, {
      description: 'rude driver',
      'wav_files[0]': { filename: 'fake.wav', type: 'audio/wav', data: Buffer.from('ID3 this is an mp3, not a wav') },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['wav_files.0']).toEqual([COMPLAINT_MSG.wavOnly]);
  });
  it('422 when booking_id does not match the address', async () => {
    const res = await create(disp, { description: 'x', booking_id: String(bookingId + 1) });
    expect(res.statusCode).toBe(422);
  });
  it('403 without COMPLAINTS; 403 for the Goverment role', async () => {
    expect((await create(airport, { description: 'x' })).statusCode).toBe(403);
    const res = await create(gov, { description: 'x' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(COMPLAINT_MSG.governmentCannotFile);
  });
  it('404 for an unknown booking', async () => {
    expect((await create(disp, { description: 'x' }, 999_999)).statusCode).toBe(404);
  });

  it('files a complaint with wav audio; lists it; serves the audio to staff only', async () => {
    const audio = wav();
    const res = await create(disp, {
      description: '  Driver was rude  ',
      booking_id: String(bookingId),
      'wav_files[0]': { filename: 'a.wav', type: 'audio/wav', data: audio },
      'wav_files[1]': { filename: 'b.bin', type: 'application/octet-stream', data: audio },
    });
    expect(res.statusCode).toBe(200);
    const complaint = res.json().data;
    expect(complaint).toMatchObject({
      booking_id: bookingId,
      description: 'Driver was rude',
      status: DEFAULT_COMPLAINT_STATUS,
      category_id: categoryId,
      doer_name: 'Dario Dispatcher',
    });
    expect(complaint.audios).toHaveLength(2);

    // without a description (sent only when non-empty)
    const bare = await create(disp, {});
    expect(bare.statusCode).toBe(200);
    expect(bare.json().data.description).toBeNull();

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/complaint/booking/${bookingId}`,
      headers: bearer(gov),
    });
    expect(list.statusCode).toBe(200);
    const ids = (list.json().data.complaints as { id: number }[]).map((c) => c.id);
    expect(ids).toEqual([bare.json().data.id, complaint.id]);

    const audios = await t.app.inject({
      method: 'GET',
      url: `/api/complaint/${complaint.id}/audio`,
      headers: bearer(disp),
    });
    expect(audios.json().data).toEqual([...complaint.audios].sort());

    const name = complaint.audios[0] as string;
    const blob = await t.app.inject({
      method: 'GET',
      url: `/api/complaint/${complaint.id}/audio/${name}`,
      headers: bearer(disp),
    });
    expect(blob.statusCode).toBe(200);
    expect(blob.headers['content-type']).toContain('audio/wav');
    expect(blob.rawPayload.equals(audio)).toBe(true);

    expect(
      (await t.app.inject({ method: 'GET', url: `/api/complaint/${complaint.id}/audio/${name}` })).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/complaint/${complaint.id}/audio/${name}`,
          headers: bearer(airport),
        })
      ).statusCode,
    ).toBe(403);
    // a file of this complaint asked through another complaint id is not found
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/complaint/${bare.json().data.id}/audio/${name}`,
          headers: bearer(disp),
        })
      ).statusCode,
    ).toBe(404);
    // path tricks never reach the disk
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/complaint/${complaint.id}/audio/..%2Fsecret`,
          headers: bearer(disp),
        })
      ).statusCode,
    ).toBe(422);
  });
});
