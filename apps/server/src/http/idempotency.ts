import { createHash } from 'node:crypto';
import { MSG } from '@taxi/shared';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { isUploadedFile, uploadSha256 } from '../lib/uploaded-file';
import { isApiUrl } from './auth';
import { HttpError } from './errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_MAX = 255;
/** A key is forgotten 24 hours after its first request (a retry after that runs again). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/**
 * A claim still in flight after this long belongs to a request that never finished (a crashed node):
 * it is taken again rather than answering 409 for 24 hours. Same bound as the job queue's stale lock.
 */
export const IDEMPOTENCY_IN_FLIGHT_MS = 5 * 60_000;
/** Expired rows are purged lazily, at most this often per node, by the next request with a key. */
const PURGE_EVERY_MS = 10 * 60_000;

/** 1–255 printable ASCII characters (space to tilde). */
const KEY_RE = /^[\x20-\x7e]{1,255}$/;
const OVERRIDES = new Set(['PUT', 'PATCH', 'DELETE']);

/** The route's `idempotent` flag, read as an own property (a polluted prototype cannot set it). */
export function isIdempotentRoute(config: unknown): boolean {
  return (
    typeof config === 'object' &&
    config !== null &&
    Object.hasOwn(config, 'idempotent') &&
    (config as { idempotent?: unknown }).idempotent === true
  );
}

/**
 * The key of the header, or null without one. The draft's structured-field form (`"abc"`) and the bare
 * form (`abc`) name the same key. 422 for a repeated header, an empty or over-long key, or a character
 * outside printable ASCII.
 */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const invalid = () =>
    new HttpError(422, MSG.idempotencyKeyInvalid(IDEMPOTENCY_KEY_MAX), {
      idempotency_key: [MSG.idempotencyKeyInvalid(IDEMPOTENCY_KEY_MAX)],
    });
  if (Array.isArray(header)) throw invalid();
  let key = header;
  if (key.length >= 2 && key.startsWith('"') && key.endsWith('"')) key = key.slice(1, -1);
  if (!KEY_RE.test(key)) throw invalid();
  return key;
}

/** Values as JSON with sorted keys; uploaded files and buffers by the sha256 of their bytes. */
function canonical(value: unknown): unknown {
  if (isUploadedFile(value)) {
    return { $file: uploadSha256(value), filename: value.filename, mimetype: value.mimetype };
  }
  if (Buffer.isBuffer(value)) return { $bytes: sha256(value) };
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = canonical((value as Record<string, unknown>)[key]);
    return out;
  }
  return value === undefined ? null : value;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** The request's fingerprint: method, route, path parameters, query and body (file bytes included). */
export function fingerprintOf(request: FastifyRequest): string {
  return sha256(
    JSON.stringify(
      canonical({
        method: request.method,
        route: request.routeOptions.url ?? request.url,
        params: request.params ?? null,
        query: request.query ?? null,
        body: request.body ?? null,
      }),
    ),
  );
}

/** A POST whose body names `_method` is a PUT/PATCH/DELETE in disguise: the key applies to creates only. */
function isOverride(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || !Object.hasOwn(body, '_method')) return false;
  const method = (body as { _method?: unknown })._method;
  return typeof method === 'string' && OVERRIDES.has(method.toUpperCase());
}

type Row = typeof idempotencyKeys.$inferSelect;
type Claim =
  | { kind: 'claimed'; id: number }
  | { kind: 'replay'; row: Row }
  | { kind: 'mismatch' }
  | { kind: 'inFlight' };

export interface IdempotencyOptions {
  db: Db;
  /** Milliseconds since the epoch (tests and a shared clock may replace it). */
  now?: () => number;
}

/**
 * Idempotent creates, after the IETF draft "The Idempotency-Key HTTP Header Field" and Stripe. A POST
 * /api route with `config.idempotent` and an `Idempotency-Key` header, once its body is parsed:
 * - claims (user, key) with INSERT ... ON CONFLICT DO NOTHING, so of two simultaneous requests exactly
 *   one runs the handler;
 * - the same key with another fingerprint (method, route, params, query, body) → 422;
 * - the same key while its first request is in flight → 409;
 * - the same key and fingerprint once finished → the stored status, content type and body again, with
 *   `Idempotent-Replayed: true`.
 * A response below 500 is stored (4xx replayed, as Stripe does: the same request gets the same answer);
 * a 5xx or an unfinished request releases the key, so a retry runs again. Keys are scoped per user and
 * expire after IDEMPOTENCY_TTL_MS. No header: the route behaves as before. POST twins of the method
 * override (and `_method` bodies) ignore the header: only real creates are keyed.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance, opts: IdempotencyOptions) => {
  const { db } = opts;
  const now = opts.now ?? Date.now;
  const claims = new WeakMap<FastifyRequest, number>();
  let lastPurge = 0;

  async function purgeExpired(at: number): Promise<void> {
    if (at - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = at;
    await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(at - IDEMPOTENCY_TTL_MS)));
  }

  async function claim(userId: number, key: string, fingerprint: string, request: FastifyRequest): Promise<Claim> {
    // A further pass follows an expired, abandoned or released row taken away meanwhile.
    for (let attempt = 0; attempt < 3; attempt++) {
      const at = now();
      const [claimed] = await db
        .insert(idempotencyKeys)
        .values({
          userId,
          key,
          fingerprint,
          method: request.method,
          path: request.routeOptions.url ?? request.url,
          createdAt: new Date(at),
        })
        .onConflictDoNothing({ target: [idempotencyKeys.userId, idempotencyKeys.key] })
        .returning({ id: idempotencyKeys.id });
      if (claimed) return { kind: 'claimed', id: claimed.id };
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
        .limit(1);
      if (!row) continue;
      const age = at - row.createdAt.getTime();
      const abandoned = row.statusCode === null && age >= IDEMPOTENCY_IN_FLIGHT_MS;
      if (age >= IDEMPOTENCY_TTL_MS || abandoned) {
        // By id: a fresher claim made meanwhile by another request is never taken away.
        await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, row.id));
        continue;
      }
      if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (row.statusCode === null) return { kind: 'inFlight' };
      return { kind: 'replay', row };
    }
    return { kind: 'inFlight' };
  }

  async function release(request: FastifyRequest, id: number): Promise<void> {
    try {
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
    } catch (error) {
      request.log.error({ err: error }, 'idempotency key not released');
    }
  }

  // Registered after the forms plugin: the body (multipart included) is fully parsed here.
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'POST' || !isApiUrl(request.routeOptions.url)) return;
    if (!isIdempotentRoute(request.routeOptions.config)) return;
    const key = idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER]);
    if (key === null || !request.user || isOverride(request.body)) return;
    const at = now();
    await purgeExpired(at);
    const result = await claim(request.user.id, key, fingerprintOf(request), request);
    switch (result.kind) {
      case 'claimed':
        claims.set(request, result.id);
        return;
      case 'mismatch':
        throw new HttpError(422, MSG.idempotencyKeyReused, { idempotency_key: [MSG.idempotencyKeyReused] });
      case 'inFlight':
        throw new HttpError(409, MSG.idempotencyKeyInFlight);
      case 'replay': {
        const { row } = result;
        reply.status(row.statusCode ?? 200).header(REPLAYED_HEADER, 'true');
        if (row.contentType) reply.header('content-type', row.contentType);
        return reply.send(row.responseBody ?? '');
      }
    }
  });

  // The response is stored before it leaves: a retry after the client got it always replays it.
  app.addHook('onSend', async (request, reply, payload) => {
    const id = claims.get(request);
    if (id === undefined) return payload;
    claims.delete(request);
    const storable = typeof payload === 'string' || Buffer.isBuffer(payload) || payload == null;
    if (reply.statusCode >= 500 || !storable) {
      await release(request, id);
      return payload;
    }
    try {
      const contentType = reply.getHeader('content-type');
      await db
        .update(idempotencyKeys)
        .set({
          statusCode: reply.statusCode,
          contentType: contentType === undefined ? null : String(contentType),
          responseBody: payload == null ? '' : payload.toString(),
          completedAt: new Date(now()),
        })
        .where(eq(idempotencyKeys.id, id));
    } catch (error) {
      request.log.error({ err: error }, 'idempotent response not stored');
      await release(request, id);
    }
    return payload;
  });

  // A request that ended without a response (aborted, hook error) never keeps its key.
  app.addHook('onResponse', async (request) => {
    const id = claims.get(request);
    if (id === undefined) return;
    claims.delete(request);
    await release(request, id);
  });
});
