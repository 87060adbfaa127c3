import multipart, { type MultipartFile } from '@fastify/multipart';
import { MSG } from '@taxi/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { doneReadingBody, HttpError, startReadingBody } from './errors';
import { BODY_MAX_DEPTH, FORM_MAX_DEPTH, FORM_MAX_KEYS } from './limits';

export { BODY_MAX_DEPTH, FORM_MAX_DEPTH, FORM_MAX_KEYS };

/** A file field of a multipart body, fully buffered. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return typeof value === 'object' && value !== null && Buffer.isBuffer((value as UploadedFile).data);
}

type Value = unknown;
type Node = Record<string, Value>;

/** Segments that would reach an object's prototype: refused anywhere in a form key. */
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);
/** Appended items of `name[]`, kept apart from the keys. */
const LIST = Symbol('list');

const keyError = (message: string) => new HttpError(422, message, { _: [message] });

/** A null-prototype object: no key of it reaches Object.prototype. */
const node = (): Node => Object.create(null) as Node;

/**
 * The segments of a form key: `a[b][]` → ['a', 'b', '']. A key that is not `name[...]...` exactly is
 * one plain segment. Refuses (422) a `__proto__`, `constructor` or `prototype` segment anywhere and a
 * key nested deeper than FORM_MAX_DEPTH. Scans once, without a regular expression (a 20,000-level key
 * stays linear).
 */
export function formKeySegments(rawKey: string): string[] {
  for (const part of rawKey.split(/[[\]]/)) {
    if (FORBIDDEN_SEGMENTS.has(part)) throw keyError(MSG.formKeyForbidden);
  }
  const open = rawKey.indexOf('[');
  if (open <= 0 || !rawKey.endsWith(']')) return [rawKey];
  const segments = [rawKey.slice(0, open)];
  let i = open;
  while (i < rawKey.length) {
    if (rawKey[i] !== '[') return [rawKey];
    const close = rawKey.indexOf(']', i + 1);
    if (close < 0) return [rawKey];
    const segment = rawKey.slice(i + 1, close);
    if (segment.includes('[')) return [rawKey];
    if (segments.length > FORM_MAX_DEPTH) throw keyError(MSG.formKeyTooDeep(FORM_MAX_DEPTH));
    segments.push(segment);
    i = close + 1;
  }
  return segments;
}

/**
 * Collects `name[0]`, `name[1]` into arrays and `name[key]` into objects (Laravel's form arrays).
 * Values stay strings (booleans arrive as '0'/'1'); schemas coerce. Every object built has a null
 * prototype; a key with a prototype segment, deeper than FORM_MAX_DEPTH, or more than FORM_MAX_KEYS
 * fields answer 422.
 */
export function collectFormArrays(body: Record<string, Value>): Record<string, Value> {
  const entries = Object.entries(body);
  const count = entries.reduce((n, [, value]) => n + (Array.isArray(value) ? value.length : 1), 0);
  if (count > FORM_MAX_KEYS) throw keyError(MSG.tooManyFormKeys(FORM_MAX_KEYS));
  const out = node();
  for (const [rawKey, value] of entries) {
    const keys = formKeySegments(rawKey);
    let target = out;
    for (let i = 0; i < keys.length - 1; i++) {
      const key = keys[i];
      const next = target[key];
      if (typeof next !== 'object' || next === null || Array.isArray(next) || isUploadedFile(next)) {
        target[key] = node();
      }
      target = target[key] as Node;
    }
    const last = keys[keys.length - 1];
    if (last === '' && keys.length > 1) {
      // name[] → append
      const holder = target as Node & { [LIST]?: Value[] };
      holder[LIST] ??= [];
      holder[LIST].push(...(Array.isArray(value) ? value : [value]));
    } else {
      target[last] = value;
    }
  }
  return toArrays(out) as Record<string, Value>;
}

/** Objects whose keys are 0..n-1 (or an appended list) become arrays. Depth is bounded by the keys. */
function toArrays(value: Value): Value {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || isUploadedFile(value)) return value;
  const obj = value as Node & { [LIST]?: Value[] };
  for (const key of Object.keys(obj)) obj[key] = toArrays(obj[key]);
  const list = obj[LIST];
  const keys = Object.keys(obj);
  if (list && keys.length === 0) return list.map(toArrays);
  if (list) {
    // `a[x]=1&a[]=2`: the appended items follow as the next indices.
    let next = keys.length;
    for (const item of list) {
      while (Object.hasOwn(obj, String(next))) next++;
      obj[String(next)] = toArrays(item);
    }
    delete obj[LIST];
  }
  const all = Object.keys(obj);
  if (all.length > 0 && all.every((k) => /^\d+$/.test(k))) {
    return all
      .map(Number)
      .sort((a, b) => a - b)
      .map((k) => obj[String(k)]);
  }
  return obj;
}

/** application/x-www-form-urlencoded → a null-prototype object of strings (repeated keys → arrays). */
export function parseUrlencoded(payload: string): Record<string, Value> {
  const body = node();
  let count = 0;
  for (const [key, value] of new URLSearchParams(payload)) {
    if (++count > FORM_MAX_KEYS) throw keyError(MSG.tooManyFormKeys(FORM_MAX_KEYS));
    const existing = body[key];
    if (existing === undefined) body[key] = value;
    else body[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return body;
}

/**
 * The first NUL character (PostgreSQL refuses it in text) or nesting deeper than BODY_MAX_DEPTH in a
 * parsed value, keys included; file contents are not looked at. Iterative: any depth is safe.
 */
export function inputProblem(value: Value): string | null {
  const stack: [Value, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [Value, number];
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return MSG.nulCharacter;
      continue;
    }
    if (typeof current !== 'object' || current === null || Buffer.isBuffer(current) || ArrayBuffer.isView(current)) {
      continue;
    }
    if (depth >= BODY_MAX_DEPTH) return MSG.validationFailed;
    for (const [key, item] of Object.entries(current)) {
      if (key.includes('\u0000')) return MSG.nulCharacter;
      stack.push([item, depth + 1]);
    }
  }
  return null;
}

const isForm = (request: FastifyRequest) =>
  /^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(request.headers['content-type'] ?? '');

/**
 * multipart/form-data and application/x-www-form-urlencoded bodies become null-prototype objects:
 * fields are strings, files `{filename, mimetype, data}`, `name[0]` arrays collected (keys checked by
 * collectFormArrays). Then every body, query and path parameter is refused when it holds a NUL
 * character or nests too deep (422; 404 for a path parameter), before any schema or handler sees it.
 */
export const formsPlugin = fp(async (app: FastifyInstance, opts: { fileSizeLimit: number }) => {
  // Before @fastify/multipart's own preValidation hook, which reads the multipart body.
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart?.()) startReadingBody(request);
  });

  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    // One more than the cap, so that collectFormArrays answers 422 for FORM_MAX_KEYS + 1 fields.
    limits: { fileSize: opts.fileSizeLimit, files: 20, fields: FORM_MAX_KEYS + 1 },
    async onFile(part: MultipartFile & { value?: unknown }) {
      const data = await part.toBuffer();
      part.value = { filename: part.filename, mimetype: part.mimetype, data } satisfies UploadedFile;
    },
  });

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: opts.fileSizeLimit },
    (_request, payload, done) => {
      try {
        done(null, parseUrlencoded(payload as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );

  // Registered after @fastify/multipart's own preValidation hook, so the body is complete here.
  app.addHook('preValidation', async (request) => {
    doneReadingBody(request);
    if (isForm(request) && request.body && typeof request.body === 'object') {
      request.body = collectFormArrays(request.body as Record<string, Value>);
    }
    const inParams = inputProblem(request.params);
    if (inParams) throw new HttpError(404, MSG.notFound);
    const problem = inputProblem(request.query) ?? inputProblem(request.body);
    if (problem) throw keyError(problem);
  });
});
