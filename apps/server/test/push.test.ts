import { createDecipheriv, createECDH, createPublicKey, type ECDH, hkdfSync, randomBytes, verify } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MSG, type PushMessage } from '@taxi/shared';
import { CATALOGUES } from '@taxi/shared/i18n/catalogues';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig, repoRoot } from '../src/config';
import { pushSubscriptions } from '../src/db/schema';
import { dataDirVapidKeys } from '../src/lib/vapid';
import { PUSH_TTL_SECONDS } from '../src/modules/push/service';
import { bearer, loginAll, requestAs, testAppForFile } from './helpers';

const t = testAppForFile();

const PUBLIC_KEY = '/api/push/public_key';
const SUBSCRIBE = '/api/push/subscribe';

/** A browser's side of a subscription: its P-256 key pair and auth secret (RFC 8291 ua_public, auth_secret). */
interface Browser {
  ecdh: ECDH;
  auth: Buffer;
  keys: { p256dh: string; auth: string };
}

function browser(): Browser {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') } };
}

/** What the stand-in push service received. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
const received: Received[] = [];

/**
 * A push service standing in for FCM or Mozilla's on a random loopback port: it keeps every request and
 * answers by path, `/gone/…` 410 (the browser dropped the subscription), `/broken/…` 500, else 201.
 */
const pushService = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const url = request.url ?? '/';
    received.push({ path: url, headers: request.headers, body: Buffer.concat(chunks) });
    response.statusCode = url.startsWith('/gone/') ? 410 : url.startsWith('/broken/') ? 500 : 201;
    response.end();
  });
});
let pushBase = '';

let dispatcher: string;
let callcenter: string;
let airport: string;
let gov: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushBase = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  [dispatcher, callcenter, airport, gov] = await loginAll(
    t.app,
    'dispatcher@example.com',
    'callcenter@example.com',
    'airport@example.com',
    'gov@example.com',
  );
  for (const [name, token] of Object.entries({ dispatcher, callcenter, airport, gov })) {
    const me = await t.app.inject({ method: 'GET', url: '/api/check_auth', headers: bearer(token) });
    ids[name] = me.json().data.id;
  }
});
afterAll(async () => {
  await new Promise<void>((resolve) => pushService.close(() => resolve()));
});

const endpoint = (id = randomBytes(8).toString('hex')) => `https://fcm.googleapis.com/fcm/send/${id}`;
const subscription = (url = endpoint(), keys = browser().keys) => ({ endpoint: url, expirationTime: null, keys });
const rowsOf = (url: string) => t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, url));

describe('push subscription routes', () => {
  it('401 without a token', async () => {
    for (const [method, url] of [
      ['GET', PUBLIC_KEY],
      ['POST', SUBSCRIBE],
      ['DELETE', SUBSCRIBE],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : subscription() });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('422 on a body that is no https PushSubscription', async () => {
    const good = subscription();
    const cases: [string, unknown, string[]][] = [
      ['not a URL', { ...good, endpoint: 'not a url' }, ['endpoint']],
      ['http://', { ...good, endpoint: 'http://fcm.googleapis.com/fcm/send/x' }, ['endpoint']],
      ['an IP address', { ...good, endpoint: 'https://127.0.0.1/push' }, ['endpoint']],
      ['localhost', { ...good, endpoint: 'https://localhost/push' }, ['endpoint']],
      ['too long', { ...good, endpoint: `https://fcm.googleapis.com/${'x'.repeat(2100)}` }, ['endpoint']],
      ['no keys', { endpoint: good.endpoint }, ['keys']],
      ['no auth', { ...good, keys: { p256dh: good.keys.p256dh } }, ['keys.auth']],
      ['a short p256dh', { ...good, keys: { ...good.keys, p256dh: 'BAAA' } }, ['keys.p256dh']],
      ['an unknown field', { ...good, extra: 1 }, ['']],
    ];
    for (const [what, payload, fields] of cases) {
      const res = await requestAs(t.app, 'POST', SUBSCRIBE, dispatcher, payload as object);
      expect(res.statusCode, what).toBe(422);
      for (const field of fields) {
        if (field) expect(Object.keys(res.json().errors), what).toContain(field);
      }
    }
    const noEndpoint = await requestAs(t.app, 'DELETE', SUBSCRIBE, dispatcher, {});
    expect(noEndpoint.statusCode).toBe(422);
    expect(Object.keys(noEndpoint.json().errors)).toContain('endpoint');
  });

  it('403 for the airport desk, which gets no notifications', async () => {
    expect((await requestAs(t.app, 'GET', PUBLIC_KEY, airport)).statusCode).toBe(403);
    expect((await requestAs(t.app, 'POST', SUBSCRIBE, airport, subscription())).statusCode).toBe(403);
    expect((await requestAs(t.app, 'DELETE', SUBSCRIBE, airport, { endpoint: endpoint() })).statusCode).toBe(403);
  });

  it('serves the VAPID public key generated at first start and kept in DATA_DIR/vapid.json', async () => {
    const res = await requestAs(t.app, 'GET', PUBLIC_KEY, dispatcher);
    expect(res.statusCode).toBe(200);
    const file = path.join(t.config.dataDir, 'vapid.json');
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    expect(res.json()).toEqual({ data: { publicKey: kept.publicKey } });
    expect(Buffer.from(kept.publicKey, 'base64url')).toHaveLength(65);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // the same pair on the next start
    expect(dataDirVapidKeys(t.config.dataDir)).toEqual(kept);
  });

  it('subscribes (an upsert by endpoint) and unsubscribes only the caller’s own', async () => {
    const url = endpoint();
    const first = subscription(url);
    const res = await t.app.inject({
      method: 'POST',
      url: SUBSCRIBE,
      headers: { ...bearer(dispatcher), 'user-agent': 'Firefox/140' },
      payload: first,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null });
    let rows = await rowsOf(url);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: ids.dispatcher,
      p256dh: first.keys.p256dh,
      auth: first.keys.auth,
      userAgent: 'Firefox/140',
      failures: 0,
      lastSuccessAt: null,
    });

    // the same browser again, with fresh keys: still one row, the new keys
    const again = subscription(url);
    expect((await requestAs(t.app, 'POST', SUBSCRIBE, dispatcher, again)).statusCode).toBe(200);
    rows = await rowsOf(url);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: rows[0].id, p256dh: again.keys.p256dh, auth: again.keys.auth });

    // someone else cannot remove it
    const foreign = await requestAs(t.app, 'DELETE', SUBSCRIBE, callcenter, { endpoint: url });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json()).toEqual({ data: { removed: false } });
    expect(await rowsOf(url)).toHaveLength(1);

    // its owner can, once
    const own = await requestAs(t.app, 'DELETE', SUBSCRIBE, dispatcher, { endpoint: url });
    expect(own.json()).toEqual({ data: { removed: true } });
    expect(await rowsOf(url)).toHaveLength(0);
    const twice = await requestAs(t.app, 'DELETE', SUBSCRIBE, dispatcher, { endpoint: url });
    expect(twice.json()).toEqual({ data: { removed: false } });
  });

  it('a browser signed in by another user moves to them', async () => {
    const url = endpoint();
    await requestAs(t.app, 'POST', SUBSCRIBE, dispatcher, subscription(url));
    await requestAs(t.app, 'POST', SUBSCRIBE, gov, subscription(url));
    const rows = await rowsOf(url);
    expect(rows.map((r) => r.userId)).toEqual([ids.gov]);
    await requestAs(t.app, 'DELETE', SUBSCRIBE, gov, { endpoint: url });
  });
});

// ---------------------------------------------------------------------------------------------------------
// Delivery, through the stand-in push service: what a browser's push service receives, checked as a
// browser would (RFC 8292 VAPID, RFC 8291 aes128gcm).

interface Jwt {
  header: { typ?: string; alg: string };
  claims: { aud: string; exp: number; sub: string };
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>`: an ES256 JWT that verifies against the key. */
function verifyVapid(authorization: string | undefined, publicKey: string): Jwt {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, token, k] = match;
  expect(k).toBe(publicKey);
  const point = Buffer.from(k, 'base64url');
  expect(point).toHaveLength(65);
  expect(point[0]).toBe(4);
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const [header, claims, signature] = token.split('.');
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(signed, 'the JWT signature verifies against the VAPID public key').toBe(true);
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')),
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')),
  };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** Decrypts an RFC 8291 aes128gcm body (one record) with the browser's private key and auth secret. */
function decrypt(body: Buffer, receiver: Browser): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  expect(idLength).toBe(65);
  expect(record.length).toBeLessThanOrEqual(recordSize);

  const ecdhSecret = receiver.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.ecdh.getPublicKey(), senderPublic]);
  const ikm = hkdf(receiver.auth, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

/** Subscribes `user` through the service with an endpoint at the stand-in push service (http: loopback). */
async function subscribeLocally(userId: number, pathPrefix = 'ok'): Promise<{ url: string; receiver: Browser }> {
  const receiver = browser();
  const url = `${pushBase}/${pathPrefix}/${randomBytes(8).toString('hex')}`;
  await t.app.push.subscribe(userId, { endpoint: url, keys: receiver.keys }, 'test');
  return { url, receiver };
}

const receivedAt = (url: string) => received.filter((r) => r.path === new URL(url).pathname);

describe('push delivery', () => {
  it('pushes a user’s notification, VAPID-signed and encrypted for their browser', async () => {
    const { url, receiver } = await subscribeLocally(ids.dispatcher);
    const publicKey = (await requestAs(t.app, 'GET', PUBLIC_KEY, dispatcher)).json().data.publicKey as string;

    const item = await t.app.notifications.create({ userId: ids.dispatcher, message: 'Booking #42 needs a driver' });
    await t.app.push.idle();

    const [request, ...more] = receivedAt(url);
    expect(more).toEqual([]);
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers['content-type']).toBe('application/octet-stream');
    expect(request.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    expect(request.headers.urgency).toBe('normal');

    const { header, claims } = verifyVapid(request.headers.authorization, publicKey);
    expect(header.alg).toBe('ES256');
    expect(claims.aud).toBe(new URL(url).origin);
    expect(claims.sub).toBe(t.config.vapidSubject);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60_000);

    const message = JSON.parse(decrypt(request.body, receiver)) as PushMessage;
    expect(message).toEqual({
      title: MSG.notificationTitle,
      body: 'Booking #42 needs a driver',
      url: '/notifications',
      tag: `notification-${item?.id}`,
    });

    const [row] = await rowsOf(url);
    expect(row.lastSuccessAt).not.toBeNull();
    expect(row.failures).toBe(0);
    await t.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, url));
  });

  it('pushes a notification for everyone to each staff member’s browsers in their language, not the airport desk', async () => {
    const setArabic = await requestAs(t.app, 'PUT', '/api/preferences', callcenter, { language: 'ar' });
    expect(setArabic.statusCode).toBe(200);
    const mine = await subscribeLocally(ids.dispatcher);
    const theirs = await subscribeLocally(ids.callcenter);
    const theirLaptop = await subscribeLocally(ids.callcenter);
    // written before the account became an airport one, say: the airport desk still gets nothing
    const desk = await subscribeLocally(ids.airport);

    await t.app.notifications.create({ userId: null, message: 'Storm warning' });
    await t.app.push.idle();

    const read = ({ url, receiver }: { url: string; receiver: Browser }) =>
      receivedAt(url).map((r) => JSON.parse(decrypt(r.body, receiver)) as PushMessage);
    expect(read(mine).map((m) => m.title)).toEqual([MSG.notificationTitle]);
    expect(read(theirs).map((m) => m.title)).toEqual([CATALOGUES.ar[MSG.notificationTitle]]);
    expect(read(theirLaptop).map((m) => m.body)).toEqual(['Storm warning']);
    expect(receivedAt(desk.url)).toEqual([]);

    for (const { url } of [mine, theirs, theirLaptop, desk]) {
      await t.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, url));
    }
    await requestAs(t.app, 'PUT', '/api/preferences', callcenter, { language: 'en' });
  });

  it('deletes a subscription the push service answers 410 for, and counts other failures', async () => {
    const gone = await subscribeLocally(ids.dispatcher, 'gone');
    const broken = await subscribeLocally(ids.dispatcher, 'broken');
    const fine = await subscribeLocally(ids.dispatcher);

    const report = await t.app.push.sendToUser(ids.dispatcher, {
      title: 'Notification',
      body: 'ping',
      url: '/notifications',
      tag: 'ping',
    });
    expect(report).toEqual({ sent: 1, removed: 1, failed: 1 });
    expect(receivedAt(gone.url)).toHaveLength(1);
    expect(await rowsOf(gone.url)).toEqual([]);
    expect((await rowsOf(broken.url))[0].failures).toBe(1);

    // through a notification too: the caller never sees the failure
    await expect(t.app.notifications.create({ userId: ids.dispatcher, message: 'again' })).resolves.toBeDefined();
    await t.app.push.idle();
    expect((await rowsOf(broken.url))[0].failures).toBe(2);
    expect((await rowsOf(fine.url))[0].failures).toBe(0);

    for (const { url } of [broken, fine])
      await t.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, url));
  });

  it('never sends plain http outside loopback', async () => {
    const receiver = browser();
    const url = 'http://push.example.com/x';
    await t.app.push.subscribe(ids.dispatcher, { endpoint: url, keys: receiver.keys }, null);
    expect(await t.app.push.sendToUser(ids.dispatcher, { title: 'T', body: 'B', url: '/', tag: 'x' })).toEqual({
      sent: 0,
      removed: 0,
      failed: 1,
    });
    await t.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, url));
  });
});

describe('the service worker', () => {
  it('is served at /sw.js from the built console: JavaScript, revalidated, allowed by the CSP', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'taxi-dist-'));
    const source = path.join(repoRoot(), 'apps/web/public/sw.js');
    copyFileSync(source, path.join(dist, 'sw.js'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
    const app = await buildApp({ config: { ...t.config, webDist: dist }, db: t.db, logger: false, serveWeb: true });
    try {
      await app.ready();
      const res = await app.inject({ method: 'GET', url: '/sw.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(readFileSync(source, 'utf8'));
      // the console's pages may register a worker of their own origin
      const page = await app.inject({ method: 'GET', url: '/requests' });
      expect(page.headers['content-security-policy']).toContain("worker-src 'self'");
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('VAPID configuration', () => {
  const pair = { publicKey: `B${'A'.repeat(86)}`, privateKey: 'A'.repeat(43) };

  it('takes the key pair and subject from the environment, both keys or neither', () => {
    const config = loadConfig({
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: 'https://taxi.example.com',
    });
    expect(config.vapidKeys).toEqual(pair);
    expect(config.vapidSubject).toBe('https://taxi.example.com');
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(ConfigError);
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(ConfigError);
    expect(() => loadConfig({ ...pair, VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://taxi.example.com' })).toThrow(ConfigError);
  });

  it('defaults the subject to the MAIL_FROM address', () => {
    expect(loadConfig({ MAIL_FROM: 'Taxi <ops@taxi.example.com>' }).vapidSubject).toBe('mailto:ops@taxi.example.com');
    expect(loadConfig({}).vapidKeys).toBeUndefined();
  });

  it('generates one pair per DATA_DIR, readable again', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'taxi-vapid-'));
    try {
      const first = dataDirVapidKeys(dir);
      expect(first.publicKey).toMatch(/^B[\w-]{86}$/);
      expect(first.privateKey).toMatch(/^[\w-]{43}$/);
      expect(dataDirVapidKeys(dir)).toEqual(first);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
