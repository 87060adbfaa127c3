import {
  BOOKING_MSG,
  COMPLAINT_AUDIO_MAX_BYTES,
  COMPLAINT_AUDIO_MAX_FILES,
  COMPLAINT_MSG,
  cityLocalToDate,
  DEFAULT_COMPLAINT_STATUS,
} from '@taxi/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, complaintCategories, complaints, rides } from '../src/db/schema';
import { minimalWav } from '../src/lib/wav';
import { isWav } from '../src/modules/complaints/service';
import { SimComplaints } from '../src/simulator/complaints';
import { makeBooking, makeCaptain, makePassenger } from './factories';
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

/** `wav_files[i]` fields for multipart(). */
const wavFields = (files: Buffer[]) =>
  Object.fromEntries(files.map((data, i) => [`wav_files[${i}]`, { filename: `n${i}.wav`, type: 'audio/wav', data }]));

const send = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string | null,
  fields?: Parameters<typeof multipart>[0],
) => {
  const body = fields ? multipart(fields) : undefined;
  return t.app.inject({
    method,
    url: `/api/${url}`,
    headers: { ...(body?.headers ?? {}), ...(token ? bearer(token) : {}) },
    payload: body?.payload,
  });
};

describe('complaints without a booking (captain, passenger)', () => {
  let captainId: number;
  let passengerId: number;
  beforeAll(async () => {
    captainId = (await makeCaptain(t.db)).captain.id;
    passengerId = (await makePassenger(t.db)).id;
  });

  it('401 → 422 (content, too many, description) → 403 (airport, Goverment) → 404', async () => {
    expect((await send('POST', `complaint/captain/${captainId}/create`, null, { description: 'x' })).statusCode).toBe(
      401,
    );
    const fake = await send('POST', `complaint/captain/${captainId}/create`, disp, {
      description: 'x',
      ...wavFields([Buffer.from('OggS not a wav at all, just bytes')]),
    });
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors['wav_files.0']).toEqual([COMPLAINT_MSG.wavOnly]);
    const many = await send('POST', `complaint/passenger/${passengerId}/create`, disp, {
      ...wavFields(Array.from({ length: COMPLAINT_AUDIO_MAX_FILES + 1 }, () => wav())),
    });
    expect(many.statusCode).toBe(422);
    expect(many.json().errors.wav_files).toEqual([COMPLAINT_MSG.tooManyAudios(COMPLAINT_AUDIO_MAX_FILES)]);
    const long = await send('POST', `complaint/passenger/${passengerId}/create`, disp, {
      description: 'x'.repeat(5001),
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.description).toBeDefined();
    expect(
      (await send('POST', `complaint/captain/${captainId}/create`, airport, { description: 'x' })).statusCode,
    ).toBe(403);
    const byGov = await send('POST', `complaint/passenger/${passengerId}/create`, gov, { description: 'x' });
    expect(byGov.statusCode).toBe(403);
    expect(byGov.json().message).toBe(COMPLAINT_MSG.governmentCannotFile);
    expect((await send('POST', 'complaint/captain/999999/create', disp, { description: 'x' })).statusCode).toBe(404);
    expect((await send('POST', 'complaint/passenger/999999/create', disp, { description: 'x' })).statusCode).toBe(404);
  });

  it("files against a captain and a passenger; the captain's list holds only its complaints without booking", async () => {
    const filed = await send('POST', `complaint/captain/${captainId}/create`, disp, {
      description: ' Rude on the phone ',
      ...wavFields([wav()]),
    });
    expect(filed.statusCode).toBe(200);
    expect(filed.json().message).toBe(COMPLAINT_MSG.created);
    expect(filed.json().data).toMatchObject({
      booking_id: null,
      captain_id: captainId,
      passenger_id: null,
      description: 'Rude on the phone',
      doer_name: 'Dario Dispatcher',
    });
    expect(filed.json().data.audios).toHaveLength(1);
    const pax = await send('POST', `complaint/passenger/${passengerId}/create`, disp, {
      description: 'Abusive passenger',
    });
    expect(pax.statusCode).toBe(200);
    expect(pax.json().data).toMatchObject({ booking_id: null, captain_id: null, passenger_id: passengerId });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'complaint.create'), eq(auditLog.entityId, String(pax.json().data.id))));
    expect(audit).toHaveLength(1);

    // a complaint on a booking of this captain is not "without booking"
    await t.db.insert(complaints).values({ bookingId, captainId, description: 'with booking' });
    expect((await send('GET', `complaint/captain/${captainId}`, null)).statusCode).toBe(401);
    expect((await send('GET', `complaint/captain/${captainId}`, airport)).statusCode).toBe(403);
    expect((await send('GET', 'complaint/captain/abc', gov)).statusCode).toBe(422);
    expect((await send('GET', 'complaint/captain/999999', gov)).statusCode).toBe(404);
    const list = await send('GET', `complaint/captain/${captainId}`, gov);
    expect(list.statusCode).toBe(200);
    expect((list.json().data as { id: number }[]).map((c) => c.id)).toEqual([filed.json().data.id]);
  });
});

describe('GET complaints (the complaint log)', () => {
  let captainId: number;
  let passengerId: number;
  let ids: number[];
  beforeAll(async () => {
    captainId = (await makeCaptain(t.db)).captain.id;
    passengerId = (await makePassenger(t.db)).id;
    const at = (day: string) => cityLocalToDate(day) as Date;
    // Times chosen around the city's midnights: 23:30 on the 9th local is the 9th, not the 10th.
    const rows = await t.db
      .insert(complaints)
      .values([
        { captainId, description: 'a', status: 'Treated', categoryId, createdAt: at('2031-03-09 23:30') },
        { captainId, description: 'b', status: 'Not Treated', createdAt: at('2031-03-10 00:10') },
        { passengerId, description: 'c', status: 'Not Treated', doer: null, createdAt: at('2031-03-11 12:00') },
      ])
      .returning({ id: complaints.id });
    ids = rows.map((r) => r.id);
  });
  const log = (query: string, token: string | null = gov) => send('GET', `complaints?${query}`, token);
  const idsOf = (res: Awaited<ReturnType<typeof log>>) => (res.json().data.data as { id: number }[]).map((c) => c.id);

  it('401, 422 with field errors, 403', async () => {
    expect((await log('', null)).statusCode).toBe(401);
    for (const [query, field] of [
      ['status=Closed', 'status'],
      ['from=10/03/2031', 'from'],
      ['from=2031-03-12&to=2031-03-10', 'to'],
      ['captain_id=abc', 'captain_id'],
      ['perPage=7', 'perPage'],
    ]) {
      const res = await log(query);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors[field], query).toBeDefined();
    }
    expect((await log('', airport)).statusCode).toBe(403);
  });

  it('newest first, paginated, with names and counts', async () => {
    const res = await log(`captain_id=${captainId}&perPage=5`);
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ current_page: 1, per_page: 5, total: 2, last_page: 1, next_page_url: null });
    expect(idsOf(res)).toEqual([ids[1], ids[0]]);
    const [category] = await t.db.select().from(complaintCategories).where(eq(complaintCategories.id, categoryId));
    expect(page.data[1]).toMatchObject({
      status: 'Treated',
      category_name: category.name,
      audio_count: 0,
      comment_count: 0,
    });
    const two = await log('perPage=5&page=1');
    expect(two.json().data.data).toHaveLength(5);
    expect(two.json().data.next_page_url).toContain('page=2');
  });

  it('filters by status, category, passenger, booking and city days', async () => {
    expect(idsOf(await log(`captain_id=${captainId}&status=Treated`))).toEqual([ids[0]]);
    expect(idsOf(await log(`captain_id=${captainId}&category_id=${categoryId}`))).toEqual([ids[0]]);
    expect(idsOf(await log(`passenger_id=${passengerId}`))).toEqual([ids[2]]);
    expect(idsOf(await log('from=2031-03-10&to=2031-03-10'))).toEqual([ids[1]]);
    expect(idsOf(await log('from=2031-03-09&to=2031-03-09'))).toEqual([ids[0]]);
    expect(idsOf(await log('from=2031-03-10'))).toEqual([ids[2], ids[1]]);
    const onBooking = await log(`booking_id=${bookingId}`);
    expect(idsOf(onBooking).length).toBeGreaterThan(0);
    for (const c of onBooking.json().data.data) expect(c.booking_id).toBe(bookingId);
  });
});

describe('a complaint: details, comments, status', () => {
  let complaintId: number;
  beforeAll(async () => {
    const [row] = await t.db
      .insert(complaints)
      .values({ bookingId, description: 'Dirty car' })
      .returning({ id: complaints.id });
    complaintId = row.id;
  });

  it('GET complaint/{id}: 401, 422, 403, 404, then the complaint', async () => {
    expect((await send('GET', `complaint/${complaintId}`, null)).statusCode).toBe(401);
    expect((await send('GET', 'complaint/x1', gov)).statusCode).toBe(422);
    expect((await send('GET', `complaint/${complaintId}`, airport)).statusCode).toBe(403);
    expect((await send('GET', 'complaint/999999', gov)).statusCode).toBe(404);
    const res = await send('GET', `complaint/${complaintId}`, gov);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: complaintId,
      description: 'Dirty car',
      status: DEFAULT_COMPLAINT_STATUS,
      comments: [],
      status_history: [],
    });
  });

  it('add_comment: 401 → 422 (empty, not wav, too many) → 403 → comment with audio, listed, served', async () => {
    const url = `complaint_comments/${complaintId}/add_comment`;
    expect((await send('POST', url, null, { comment: 'x' })).statusCode).toBe(401);
    for (const fields of [{}, { comment: '   ' }] as Record<string, string>[]) {
      const empty = await send('POST', url, gov, fields);
      expect(empty.statusCode).toBe(422);
      expect(empty.json().message).toBe(BOOKING_MSG.commentEmpty);
      expect(empty.json().errors.comment).toEqual([BOOKING_MSG.commentEmpty]);
    }
    const notWav = await send('POST', url, gov, {
      comment: 'x',
      ...wavFields([Buffer.from('RIFF\0\0\0\0AVI LIST....')]),
    });
    expect(notWav.statusCode).toBe(422);
    expect(notWav.json().errors['wav_files.0']).toEqual([COMPLAINT_MSG.wavOnly]);
    const many = await send('POST', url, gov, {
      comment: 'x',
      ...wavFields(Array.from({ length: COMPLAINT_AUDIO_MAX_FILES + 1 }, () => wav())),
    });
    expect(many.statusCode).toBe(422);
    expect((await send('POST', url, airport, { comment: 'x' })).statusCode).toBe(403);
    expect((await send('POST', 'complaint_comments/999999/add_comment', gov, { comment: 'x' })).statusCode).toBe(404);

    const audio = wav();
    const res = await send('POST', url, gov, { comment: ' Called the captain ', ...wavFields([audio]) });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(BOOKING_MSG.commentAdded);
    const comment = res.json().data;
    expect(comment).toMatchObject({
      complaint_id: complaintId,
      comment: 'Called the captain',
      doer_name: 'Gustave Government',
    });
    expect(comment.audios).toHaveLength(1);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'complaint.comment'), eq(auditLog.entityId, String(complaintId))));
    expect(audit).toHaveLength(1);

    expect((await send('GET', `complaint_comments/${complaintId}/get_comments`, null)).statusCode).toBe(401);
    expect((await send('GET', `complaint_comments/${complaintId}/get_comments`, airport)).statusCode).toBe(403);
    expect((await send('GET', 'complaint_comments/999999/get_comments', gov)).statusCode).toBe(404);
    const list = await send('GET', `complaint_comments/${complaintId}/get_comments`, disp);
    expect(list.json().data).toEqual([comment]);

    const name = comment.audios[0] as string;
    const blob = await send('GET', `complaint_comments/${comment.id}/audio/${name}`, gov);
    expect(blob.statusCode).toBe(200);
    expect(blob.headers['content-type']).toContain('audio/wav');
    expect(blob.rawPayload.equals(audio)).toBe(true);
    expect((await send('GET', `complaint_comments/${comment.id}/audio/${name}`, airport)).statusCode).toBe(403);
    expect((await send('GET', `complaint_comments/${comment.id + 1}/audio/${name}`, gov)).statusCode).toBe(404);
    expect((await send('GET', `complaint_comments/${comment.id}/audio/..%2Fx`, gov)).statusCode).toBe(422);
    // the files route knows whose voice note it is
    expect((await send('GET', `files/${name}`, gov)).statusCode).toBe(200);
    expect((await send('GET', `files/${name}`, airport)).statusCode).toBe(403);

    // The complaint carries its comments (the spec's `comments`), as get_comments lists them.
    const detail = (await send('GET', `complaint/${complaintId}`, gov)).json().data;
    expect(detail.comments).toEqual([comment]);
    expect(detail).not.toHaveProperty('comment_count');
  });

  it('update_status: 401 → 422 → 403 for everyone but the Goverment role → the status and its history', async () => {
    const put = (token: string | null, payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/complaint/${complaintId}/update_status`,
        headers: token ? bearer(token) : {},
        payload: payload as Record<string, unknown>,
      });
    expect((await put(null, { status: 'Treated' })).statusCode).toBe(401);
    const bad = await put(gov, { status: 'Closed' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.status).toBeDefined();
    const admin = await login(t.app, 'admin@example.com');
    for (const token of [disp, admin, airport]) {
      const res = await put(token, { status: 'Treated' });
      expect(res.statusCode).toBe(403);
    }
    expect((await put(disp, { status: 'Treated' })).json().message).toBe(COMPLAINT_MSG.onlyGovernmentSetsStatus);
    expect((await put(gov, { status: 'Partially Treated' })).statusCode).toBe(200);
    const done = await put(gov, { status: 'Treated' });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.status).toBe('Treated');
    // Every complaint the API gives carries its comments (the one added above).
    expect(done.json().data.comments.map((c: { comment: string }) => c.comment)).toEqual(['Called the captain']);
    const forBooking = (await send('GET', `complaint/booking/${bookingId}`, disp)).json().data.complaints;
    expect(forBooking.find((c: { id: number }) => c.id === complaintId).comments).toHaveLength(1);
    const detail = (await send('GET', `complaint/${complaintId}`, disp)).json().data;
    expect(detail.status).toBe('Treated');
    expect(detail.status_history).toMatchObject([
      { from: 'Not Treated', to: 'Partially Treated', by_name: 'Gustave Government' },
      { from: 'Partially Treated', to: 'Treated', by_name: 'Gustave Government' },
    ]);
  });
});

describe('recordings too large', () => {
  // The server accepts uploads up to 11 MB; a complaint recording stops at COMPLAINT_AUDIO_MAX_BYTES (10 MB).
  let big: TestApp;
  let token: string;
  let complaintId: number;
  beforeAll(async () => {
    big = await buildTestApp({ env: { UPLOAD_MAX_BYTES: String(11 * 1024 * 1024) } });
    token = await login(big.app, 'gov@example.com');
    const [row] = await big.db.insert(complaints).values({ description: 'x' }).returning({ id: complaints.id });
    complaintId = row.id;
  }, 60_000);
  afterAll(async () => big?.close());

  it('422 on the file past the complaint limit, 413 past the upload limit; nothing stored', async () => {
    const post = (data: Buffer) => {
      const body = multipart({ comment: 'voice note', 'wav_files[0]': { filename: 'a.wav', type: 'audio/wav', data } });
      return big.app.inject({
        method: 'POST',
        url: `/api/complaint_comments/${complaintId}/add_comment`,
        headers: { ...body.headers, ...bearer(token) },
        payload: body.payload,
      });
    };
    const tooLong = minimalWav(COMPLAINT_AUDIO_MAX_BYTES);
    const res = await post(tooLong);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['wav_files.0']).toEqual([COMPLAINT_MSG.audioTooLarge(10)]);
    expect((await post(minimalWav(12 * 1024 * 1024))).statusCode).toBe(413);
    const list = await big.app.inject({
      method: 'GET',
      url: `/api/complaint_comments/${complaintId}/get_comments`,
      headers: bearer(token),
    });
    expect(list.json().data).toEqual([]);
  });
});

describe("the simulated passengers' complaints", () => {
  it('a ride that ends may draw one, filed later with a category and no doer', async () => {
    const { captain } = await makeCaptain(t.db);
    const [ride] = await t.db.insert(rides).values({ captainId: captain.id }).returning();
    const start = Date.parse('2031-05-01T10:00:00Z');
    const booking = await makeBooking(t.db, { status: 'PENDING', rideId: ride.id });
    // random() = 0: every ended ride draws a complaint, filed FILED_AFTER_MS[0] later, first grievance.
    const sim = new SimComplaints(t.app, () => 0);
    await sim.step(start);
    await t.db
      .update(bookings)
      .set({ status: 'DONE', updatedAt: new Date(start + 1000) })
      .where(eq(bookings.id, booking.id));
    await sim.step(start + 2000);
    const mine = () => t.db.select().from(complaints).where(eq(complaints.bookingId, booking.id));
    expect(await mine()).toHaveLength(0);
    await sim.step(start + 2000 + 61_000);
    const filed = await mine();
    expect(filed).toHaveLength(1);
    const [category] = await t.db
      .select()
      .from(complaintCategories)
      .where(eq(complaintCategories.id, filed[0].categoryId as number));
    expect(category.name).toBe('Driver behaviour');
    expect(filed[0]).toMatchObject({ doer: null, captainId: captain.id, description: 'The driver was rude to me.' });
    // one ride, one complaint
    await sim.step(start + 200_000);
    expect(await mine()).toHaveLength(1);
    // the log shows no author for it
    const log = await send('GET', `complaints?booking_id=${booking.id}`, gov);
    expect(log.json().data.data[0]).toMatchObject({ doer: null, doer_name: null });
  });
});
