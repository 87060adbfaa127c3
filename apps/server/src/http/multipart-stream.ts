import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Busboy, type BusboyFileStream } from '@fastify/busboy';
import { MSG } from '@taxi/shared';
import { UploadedPart } from '../lib/uploaded-file';
import { HttpError } from './errors';
import { FORM_MAX_KEYS, FORM_TEXT_MAX_BYTES, fileSizeOf, multipartBodyMax, type UploadBound } from './limits';

export interface MultipartOptions {
  headers: IncomingHttpHeaders;
  bound: UploadBound;
  uploadMaxBytes: number;
  /** Where file parts are written (one new file each). */
  tmpDir: string;
  /** Told the path of each temporary file before anything is written to it (the caller removes them). */
  onTempFile: (file: string) => void;
}

const tooLarge = () => new HttpError(413, MSG.uploadTooLarge);
const malformed = () => new HttpError(400, MSG.malformedForm);
const tooManyFields = () =>
  new HttpError(422, MSG.tooManyFormKeys(FORM_MAX_KEYS), { _: [MSG.tooManyFormKeys(FORM_MAX_KEYS)] });

/**
 * Reads a multipart/form-data body as it streams in, within the route's bound: text fields are kept (the
 * form's texts together at most FORM_TEXT_MAX_BYTES), each file part is written to a temporary file as it
 * arrives (hashed on the way) and becomes an UploadedPart; nothing holds a file in memory. The body is
 * refused the moment it passes a bound, without reading the rest: 413 once the bytes read pass the route's
 * largest body, a file passes its size or one file too many arrives; 422 for more than FORM_MAX_KEYS fields;
 * 400 when it is malformed (no boundary, truncated, garbled) or cut off. The caller answers with the
 * connection closed, so the rest of a refused body is never read.
 *
 * Resolves with the fields in arrival order (repeated names → arrays); values are strings or UploadedParts.
 */
export function readMultipart(payload: Readable, opts: MultipartOptions): Promise<Record<string, unknown>> {
  const { bound } = opts;
  const fileSize = fileSizeOf(bound, opts.uploadMaxBytes);
  const maxBytes = multipartBodyMax(bound, opts.uploadMaxBytes);

  return new Promise((resolve, reject) => {
    let bb: ReturnType<typeof Busboy>;
    try {
      bb = Busboy({
        headers: opts.headers as IncomingHttpHeaders & { 'content-type': string },
        limits: {
          files: bound.files,
          fileSize,
          // One more than the cap, so that collectFormArrays answers 422 for FORM_MAX_KEYS + 1 fields.
          fields: FORM_MAX_KEYS + 1,
          fieldSize: FORM_TEXT_MAX_BYTES,
          parts: FORM_MAX_KEYS + 2 + bound.files,
        },
      });
    } catch {
      // No boundary (or not multipart at all).
      payload.resume();
      reject(malformed());
      return;
    }

    const entries: [string, string | Promise<UploadedPart>][] = [];
    /** File parts being written: ended with the reading when it fails. */
    const writing = new Set<BusboyFileStream>();
    let received = 0;
    let textBytes = 0;
    let settled = false;
    let ended = false;

    const fail = (error: HttpError) => {
      if (settled) return;
      settled = true;
      // Stop reading: what is not read yet stays on the wire (the reply closes the connection).
      payload.off('data', onData);
      payload.pause();
      bb.removeAllListeners();
      bb.on('error', () => {});
      bb.destroy();
      for (const stream of writing) stream.destroy();
      reject(error);
    };

    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) return fail(tooLarge());
      if (!bb.write(chunk)) payload.pause();
    };
    bb.on('drain', () => {
      if (!settled) payload.resume();
    });
    payload.on('data', onData);
    payload.once('end', () => {
      ended = true;
      if (!settled) bb.end();
    });
    payload.on('error', () => fail(malformed()));
    // The client went away before the body ended.
    payload.once('close', () => {
      if (!ended) fail(malformed());
    });

    bb.on('field', (name, value, _nameTruncated, valueTruncated) => {
      textBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
      if (valueTruncated || textBytes > FORM_TEXT_MAX_BYTES) return fail(tooLarge());
      entries.push([name, value]);
    });
    bb.on('file', (name, stream, filename, _encoding, mimetype) => {
      if (settled) {
        stream.resume();
        return;
      }
      writing.add(stream);
      const written = writePart(stream, filename, mimetype, opts).finally(() => writing.delete(stream));
      // Its result is awaited once the body is read; a failure meanwhile ends the reading at once.
      written.catch((error: unknown) => fail(error instanceof HttpError ? error : malformed()));
      entries.push([name, written]);
    });
    bb.on('filesLimit', () => fail(tooLarge()));
    bb.on('partsLimit', () => fail(tooLarge()));
    bb.on('fieldsLimit', () => fail(tooManyFields()));
    bb.on('error', (error: unknown) => {
      // An empty body is an empty form, not a truncated one.
      if (received === 0 && error instanceof Error && /Unexpected end of multipart data/.test(error.message)) {
        if (!settled) {
          settled = true;
          resolve(Object.create(null));
        }
        return;
      }
      fail(malformed());
    });
    bb.on('finish', async () => {
      if (settled) return;
      try {
        const body: Record<string, unknown> = Object.create(null);
        for (const [name, entry] of entries) {
          const value = typeof entry === 'string' ? entry : await entry;
          const existing = body[name];
          if (existing === undefined) body[name] = value;
          else body[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
        }
        if (settled) return;
        settled = true;
        resolve(body);
      } catch (error) {
        fail(error instanceof HttpError ? error : malformed());
      }
    });
  });
}

/** Writes one file part to a new temporary file, counting and hashing it; 413 when it passes its size. */
async function writePart(
  stream: BusboyFileStream,
  filename: string | undefined,
  mimetype: string,
  opts: MultipartOptions,
): Promise<UploadedPart> {
  const file = path.join(opts.tmpDir, `${randomBytes(16).toString('hex')}.part`);
  opts.onTempFile(file);
  let truncated = false;
  stream.once('limit', () => {
    truncated = true;
    // busboy would go on reading the part to skip it: end it here instead.
    stream.destroy(tooLarge());
  });
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(stream, tap, createWriteStream(file, { flags: 'wx' }));
  } catch (error) {
    if (truncated) throw tooLarge();
    throw error;
  }
  if (truncated || stream.truncated) throw tooLarge();
  return new UploadedPart(filename ?? '', mimetype, file, size, hash.digest('hex'));
}
