import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { MSG } from '@taxi/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isUploadedFile, type UploadedFile, UploadedPart, uploadSize } from '../lib/uploaded-file';
import { isApiUrl, isPublic, policyOf } from './auth';
import { HttpError } from './errors';
import {
  BODY_MAX_DEPTH,
  FORM_MAX_DEPTH,
  FORM_MAX_KEYS,
  fileSizeOf,
  multipartBodyMax,
  NO_UPLOAD,
  PUBLIC_BODY_MAX_BYTES,
  type UploadBound,
} from './limits';
import { readMultipart } from './multipart-stream';

export { BODY_MAX_DEPTH, FORM_MAX_DEPTH, FORM_MAX_KEYS, isUploadedFile, type UploadedFile };

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The files the route reads from a multipart body (http/limits.ts): `{ files: 2, fileSize: 5 MB }`.
     * Without it the route reads none. Read as an own property, checked before any body byte is read.
     */
    upload?: UploadBound;
  }
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

const isMultipart = (request: FastifyRequest) => /^multipart\//i.test(request.headers['content-type'] ?? '');

const isBound = (value: unknown): value is UploadBound => {
  if (typeof value !== 'object' || value === null) return false;
  const { files, fileSize } = value as Partial<UploadBound>;
  return (
    Number.isInteger(files) &&
    (files as number) >= 0 &&
    (fileSize === undefined || (Number.isInteger(fileSize) && fileSize > 0))
  );
};

/** The route's upload bound, read as an own property (a polluted prototype cannot widen it); none without one. */
export function uploadOf(config: unknown): UploadBound {
  if (typeof config !== 'object' || config === null || !Object.hasOwn(config, 'upload')) return NO_UPLOAD;
  const bound = (config as { upload?: unknown }).upload;
  return isBound(bound) ? bound : NO_UPLOAD;
}

/** The widest of several bounds (a route standing for several others: the method override's POST twin). */
export function widestBound(bounds: readonly UploadBound[]): UploadBound {
  const files = Math.max(0, ...bounds.map((b) => b.files));
  const sized = bounds.filter((b) => b.files > 0);
  // A bound without a size reads files up to UPLOAD_MAX_BYTES: the widest there is.
  if (sized.length === 0) return { files };
  if (sized.some((b) => b.fileSize === undefined)) return { files };
  return { files, fileSize: Math.max(...sized.map((b) => b.fileSize as number)) };
}

/** The uploaded files of a parsed body, wherever they sit (form arrays and objects included). */
function filesIn(value: unknown, out: UploadedFile[] = [], depth = 0): UploadedFile[] {
  if (isUploadedFile(value)) out.push(value);
  else if (typeof value === 'object' && value !== null && depth < BODY_MAX_DEPTH) {
    for (const item of Object.values(value)) filesIn(item, out, depth + 1);
  }
  return out;
}

/**
 * 413 unless the body's files fit the bound: a body read for a wider route (the POST twin of a PUT) is
 * checked again against the route that handles it.
 */
export function checkUploads(body: unknown, bound: UploadBound, uploadMaxBytes: number): void {
  const files = filesIn(body).filter((f) => f instanceof UploadedPart);
  const fileSize = fileSizeOf(bound, uploadMaxBytes);
  if (files.length > bound.files || files.some((f) => uploadSize(f) > fileSize)) {
    throw new HttpError(413, MSG.uploadTooLarge);
  }
}

/** A refusal decided from the headers: the body is not read, and the connection closes after the answer. */
function refuseUnread(reply: FastifyReply, status: 413 | 415): never {
  reply.header('connection', 'close');
  throw new HttpError(status, status === 413 ? MSG.uploadTooLarge : MSG.unsupportedMediaType);
}

/** An upload's temporary files are removed after this long even if their request never ended (a crash). */
const STALE_UPLOAD_MS = 60 * 60_000;

function prepareTmpDir(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    try {
      if (now - statSync(file).mtimeMs > STALE_UPLOAD_MS) rmSync(file, { force: true });
    } catch {
      // Gone meanwhile (another node sharing the directory).
    }
  }
}

export interface FormsOptions {
  /** UPLOAD_MAX_BYTES: the largest file any route reads, and the largest JSON or urlencoded body. */
  uploadMaxBytes: number;
  /** Where file parts are streamed to while their request lasts (under the data directory). */
  tmpDir: string;
}

/**
 * Request bodies, bounded before they are read.
 *
 * From the headers, at onRequest (before the token is checked, before any body byte is parsed): a multipart
 * body to a public route (or any route outside /api) is refused with 415; one whose Content-Length passes
 * the route's largest multipart body (its declared files at their largest, plus the form's texts) with 413.
 * Either answer closes the connection: the body is never read. JSON and urlencoded bodies are bounded by
 * UPLOAD_MAX_BYTES, and on public routes by PUBLIC_BODY_MAX_BYTES (Fastify's bodyLimit: 413 from the
 * Content-Length, or as soon as a chunked body passes it).
 *
 * multipart/form-data is read as it streams (multipart-stream.ts): file parts go to temporary files (removed
 * when the request ends), within the route's bound, and the reading stops with 413 the moment the body
 * passes it. urlencoded bodies are parsed too. Both become null-prototype objects — fields are strings,
 * files UploadedParts, `name[0]` arrays collected (keys checked by collectFormArrays). Then every body,
 * query and path parameter is refused when it holds a NUL character or nests too deep (422; 404 for a path
 * parameter), before any schema or handler sees it.
 */
export const formsPlugin = fp(async (app: FastifyInstance, opts: FormsOptions) => {
  prepareTmpDir(opts.tmpDir);
  const tempFiles = new WeakMap<FastifyRequest, string[]>();
  const removeTempFiles = (request: FastifyRequest) => {
    const files = tempFiles.get(request);
    if (!files) return;
    tempFiles.delete(request);
    for (const file of files) void rm(file, { force: true }).catch(() => {});
  };

  app.addHook('onRoute', (route) => {
    if (!isApiUrl(route.url)) return;
    if (route.config && Object.hasOwn(route.config, 'upload') && !isBound(route.config.upload)) {
      throw new Error(`${String(route.method)} ${route.url}: config.upload must be { files, fileSize? }`);
    }
    if (isPublic(policyOf(route.config))) {
      route.bodyLimit = Math.min(route.bodyLimit ?? PUBLIC_BODY_MAX_BYTES, PUBLIC_BODY_MAX_BYTES);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!isMultipart(request) || request.is404) return;
    const config = request.routeOptions.config;
    if (!isApiUrl(request.routeOptions.url) || isPublic(policyOf(config))) refuseUnread(reply, 415);
    const length = Number(request.headers['content-length']);
    if (length > multipartBodyMax(uploadOf(config), opts.uploadMaxBytes)) refuseUnread(reply, 413);
    // The temporary files go once the answer is sent, or the client has gone.
    reply.raw.once('close', () => removeTempFiles(request));
  });

  app.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    const config = request.routeOptions.config;
    if (!isApiUrl(request.routeOptions.url) || isPublic(policyOf(config))) {
      done(new HttpError(415, MSG.unsupportedMediaType), undefined);
      return;
    }
    readMultipart(payload, {
      headers: request.headers,
      bound: uploadOf(config),
      uploadMaxBytes: opts.uploadMaxBytes,
      tmpDir: opts.tmpDir,
      onTempFile: (file) => {
        const files = tempFiles.get(request);
        if (files) files.push(file);
        else tempFiles.set(request, [file]);
      },
    }).then(
      (body) => done(null, body),
      (error: Error) => {
        // What was written of a refused body goes at once.
        removeTempFiles(request);
        done(error, undefined);
      },
    );
  });

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: opts.uploadMaxBytes },
    (_request, payload, done) => {
      try {
        done(null, parseUrlencoded(payload as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );

  app.addHook('preValidation', async (request) => {
    if (isForm(request) && request.body && typeof request.body === 'object') {
      request.body = collectFormArrays(request.body as Record<string, Value>);
    }
    const inParams = inputProblem(request.params);
    if (inParams) throw new HttpError(404, MSG.notFound);
    const problem = inputProblem(request.query) ?? inputProblem(request.body);
    if (problem) throw keyError(problem);
  });
});
