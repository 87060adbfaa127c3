import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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

/**
 * Collects `name[0]`, `name[1]` into arrays and `name[key]` into objects (Laravel's form arrays).
 * Values stay strings (booleans arrive as '0'/'1'); schemas coerce.
 */
export function collectFormArrays(body: Record<string, Value>): Record<string, Value> {
  const out: Record<string, Value> = {};
  for (const [rawKey, value] of Object.entries(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])+)$/.exec(rawKey);
    if (!match) {
      out[rawKey] = value;
      continue;
    }
    const keys = [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])];
    let node: Record<string, Value> = out;
    for (let i = 0; i < keys.length - 1; i++) {
      const key = keys[i];
      const next = node[key];
      if (typeof next !== 'object' || next === null || isUploadedFile(next)) node[key] = {};
      node = node[key] as Record<string, Value>;
    }
    const last = keys[keys.length - 1];
    if (last === '') {
      // name[] → append
      const list = (node.__list as Value[] | undefined) ?? [];
      list.push(value);
      node.__list = list;
    } else {
      node[last] = value;
    }
  }
  return toArrays(out) as Record<string, Value>;
}

/** Objects whose keys are 0..n-1 (or an appended list) become arrays. */
function toArrays(value: Value): Value {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || isUploadedFile(value)) return value;
  const obj = value as Record<string, Value>;
  for (const key of Object.keys(obj)) obj[key] = toArrays(obj[key]);
  const keys = Object.keys(obj);
  if (keys.length === 1 && keys[0] === '__list') return obj.__list;
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((k) => obj[String(k)]);
  }
  return obj;
}

/**
 * multipart/form-data and application/x-www-form-urlencoded bodies become plain objects: fields are
 * strings, files `{filename, mimetype, data}`, `name[0]` arrays collected.
 */
export const formsPlugin = fp(async (app: FastifyInstance, opts: { fileSizeLimit: number }) => {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: opts.fileSizeLimit, files: 20, fields: 500 },
    async onFile(part: MultipartFile & { value?: unknown }) {
      const data = await part.toBuffer();
      part.value = { filename: part.filename, mimetype: part.mimetype, data } satisfies UploadedFile;
    },
  });

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: opts.fileSizeLimit },
    (_request, payload, done) => {
      const body: Record<string, Value> = {};
      for (const [key, value] of new URLSearchParams(payload as string)) {
        const existing = body[key];
        if (existing === undefined) body[key] = value;
        else body[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
      }
      done(null, body);
    },
  );

  // Registered after @fastify/multipart's own preValidation hook, so the body is complete here.
  app.addHook('preValidation', async (request) => {
    const type = request.headers['content-type'] ?? '';
    if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(type)) return;
    if (request.body && typeof request.body === 'object') {
      request.body = collectFormArrays(request.body as Record<string, Value>);
    }
  });
});
