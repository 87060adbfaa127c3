import { MAP_CENTER, MSG, signedInRule } from '@taxi/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookings, idempotencyKeys } from '../src/db/schema';
import { IDEMPOTENCY_TTL_MS } from '../src/http/idempotency';
import { isUploadedFile, uploadBytes } from '../src/lib/uploaded-file';
import { makePassenger } from './factories';
import { bearer, buildTestApp, login, multipart, type TestApp } from './helpers';

let t: TestApp;
let disp: string;
let admin: string;
/** Calls of the test-only upload route, by body. */
const uploads: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({
    routes: (app) => {
      app.post(
        '/api/test/idempotent-upload',
        { config: { policy: signedInRule('test.upload'), idempotent: true, upload: { files: 1 } } },
        async (request, reply) => {
          const body = request.body as Record<string, unknown>;
          const file = body.file;
          uploads.push(isUploadedFile(file) ? (await uploadBytes(file)).toString() : String(body.name));
          return reply.status(201).send({ data: { n: uploads.length } });
        },
      );
    },
  });
  [disp, admin] = await Promise.all([login(t.app, 'dispatcher@example.com'), login(t.app, 'admin@example.com')]);
});
afterAll(async () => {
  await t?.close();
});

const orderBody = (passengerId: number, extra: Record<string, unknown> = {}) => ({
  passenger_id: passengerId,
  service_id: 2,
  pickup: { name: 'Casino Square', lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
  now: true,
  origin: 'phone',
  ...extra,
});

const order = (body: object, key: string | undefined, token = disp) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { ...bearer(token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: body,
  });

const bookingsOf = async (passengerId: number) =>
  (await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.passengerId, passengerId))).length;

let keys = 0;
const freshKey = () => `test-key-${Date.now()}-${++keys}`;

describe('Idempotency-Key on POST /api/bookings', () => {
  it('replays the first response for the same key and body: one booking, same status and body', async () => {
    const p = await makePassenger(t.db);
    const key = freshKey();
    const first = await order(orderBody(p.id), key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await order(orderBody(p.id), key);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers['content-type']).toMatch(/application\/json/);
    expect(second.json()).toEqual(first.json());
    expect(await bookingsOf(p.id)).toBe(1);
  });

  it('accepts the structured-field form of the key ("key") as the same key', async () => {
    const p = await makePassenger(t.db);
    const key = freshKey();
    const first = await order(orderBody(p.id), key);
    const second = await order(orderBody(p.id), `"${key}"`);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await bookingsOf(p.id)).toBe(1);
  });

  it('refuses the same key with a different body (422) and creates nothing more', async () => {
    const p = await makePassenger(t.db);
    const key = freshKey();
    expect((await order(orderBody(p.id), key)).statusCode).toBe(201);
    const other = await order(orderBody(p.id, { seats: 3 }), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(MSG.idempotencyKeyReused);
    expect(await bookingsOf(p.id)).toBe(1);
  });

  it('runs exactly one of two simultaneous requests with the same key (the other 409 or a replay)', async () => {
    const p = await makePassenger(t.db);
    const key = freshKey();
    const results = await Promise.all([order(orderBody(p.id), key), order(orderBody(p.id), key)]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect([
      [201, 409],
      [201, 201],
    ]).toContainEqual(statuses);
    const conflict = results.find((r) => r.statusCode === 409);
    if (conflict) expect(conflict.json().message).toBe(MSG.idempotencyKeyInFlight);
    else expect(results[1].json()).toEqual(results[0].json());
    expect(await bookingsOf(p.id)).toBe(1);
    // Once finished, a retry replays.
    const retry = await order(orderBody(p.id), key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await bookingsOf(p.id)).toBe(1);
  });

  it('answers 409 while the first request with the key is still in flight', async () => {
    const p = await makePassenger(t.db);
    const key = freshKey();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const original = t.app.bookings.create.bind(t.app.bookings);
    const spy = vi.spyOn(t.app.bookings, 'create').mockImplementationOnce(async (...args) => {
      await gate;
      return original(...args);
    });
    try {
      const first = order(orderBody(p.id), key);
      // Wait until the first request holds the key.
      for (let i = 0; i < 200 && spy.mock.calls.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
      const second = await order(orderBody(p.id), key);
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(MSG.idempotencyKeyInFlight);
      release();
      expect((await first).statusCode).toBe(201);
    } finally {
      release();
      spy.mockRestore();
    }
    expect(await bookingsOf(p.id)).toBe(1);
  });

  it('scopes keys per user: another user with the same key creates its own booking', async () => {
    const p = await makePassenger(t.db);
    const key = freshKey();
    const mine = await order(orderBody(p.id), key, disp);
    const theirs = await order(orderBody(p.id), key, admin);
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
    expect(await bookingsOf(p.id)).toBe(2);
  });

  it('behaves as before without a key: every request creates', async () => {
    const p = await makePassenger(t.db);
    const a = await order(orderBody(p.id), undefined);
    const b = await order(orderBody(p.id), undefined);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(await bookingsOf(p.id)).toBe(2);
  });

  it('refuses a malformed key (422) before anything runs', async () => {
    const p = await makePassenger(t.db);
    for (const key of ['', '""', 'x'.repeat(256), 'caf\u00e9']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: { ...bearer(disp), 'idempotency-key': key },
        payload: orderBody(p.id),
      });
      expect(res.statusCode, JSON.stringify(key)).toBe(422);
      expect(res.json().message).toBe(MSG.idempotencyKeyInvalid(255));
    }
    expect((await order(orderBody(p.id), 'x'.repeat(255))).statusCode).toBe(201);
    expect(await bookingsOf(p.id)).toBe(1);
  });

  it('forgets a key after 24 hours: the request runs again', async () => {
    const p = await makePassenger(t.db);
    const key = freshKey();
    expect((await order(orderBody(p.id), key)).statusCode).toBe(201);
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - IDEMPOTENCY_TTL_MS - 1000) })
      .where(eq(idempotencyKeys.key, key));
    const again = await order(orderBody(p.id), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await bookingsOf(p.id)).toBe(2);
  });

  it('does not keep the key of a request that failed with a 500: a retry runs', async () => {
    const p = await makePassenger(t.db);
    const key = freshKey();
    const spy = vi.spyOn(t.app.bookings, 'create').mockRejectedValueOnce(new Error('database went away'));
    try {
      const failed = await order(orderBody(p.id), key);
      expect(failed.statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    const rows = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(rows).toHaveLength(0);
    const retry = await order(orderBody(p.id), key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await bookingsOf(p.id)).toBe(1);
  });

  it('stores and replays a 4xx answer (the same request gets the same answer)', async () => {
    const key = freshKey();
    const body = orderBody(2_000_000_000);
    const first = await order(body, key);
    expect(first.statusCode).toBeGreaterThanOrEqual(400);
    expect(first.statusCode).toBeLessThan(500);
    const second = await order(body, key);
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
  });

  it('stores the claim per (user, key) with the response once finished', async () => {
    const p = await makePassenger(t.db);
    const key = freshKey();
    const res = await order(orderBody(p.id), key);
    const [row] = await t.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.method, 'POST')));
    expect(row).toMatchObject({ path: '/api/bookings', statusCode: 201, responseBody: res.body });
    expect(row.completedAt).not.toBeNull();
  });
});

describe('Idempotency-Key on multipart creates and method-override twins', () => {
  const upload = (data: string, key: string) => {
    const form = multipart({ name: 'n', file: { filename: 'a.txt', type: 'text/plain', data: Buffer.from(data) } });
    return t.app.inject({
      method: 'POST',
      url: '/api/test/idempotent-upload',
      headers: { ...bearer(disp), ...form.headers, 'idempotency-key': key },
      payload: form.payload,
    });
  };

  it('fingerprints the file bytes: same bytes replay, other bytes 422', async () => {
    const key = freshKey();
    const before = uploads.length;
    const first = await upload('hello', key);
    expect(first.statusCode).toBe(201);
    const same = await upload('hello', key);
    expect(same.headers['idempotent-replayed']).toBe('true');
    expect(same.json()).toEqual(first.json());
    const other = await upload('HELLO', key);
    expect(other.statusCode).toBe(422);
    expect(uploads.length).toBe(before + 1);
  });

  it('ignores the key on the POST twin of a PUT (only real creates are keyed)', async () => {
    const key = freshKey();
    const twin = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/bookings/999999999/order',
        headers: { ...bearer(disp), 'idempotency-key': key },
        payload,
      });
    const a = await twin({ _method: 'PUT', ...orderBody(1) });
    const b = await twin({ _method: 'PUT', ...orderBody(1, { seats: 2 }) });
    expect(a.headers['idempotent-replayed']).toBeUndefined();
    expect(b.statusCode).not.toBe(422);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
  });
});
