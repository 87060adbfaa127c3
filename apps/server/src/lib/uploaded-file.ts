import { createHash } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';

/**
 * A file part of a multipart body, streamed to a temporary file under the data directory while the body
 * was read (http/multipart.ts) and removed when the request ends. A class: a JSON or urlencoded body
 * cannot forge one (no parsed value is an instance of it), so a body can never name a path to read.
 */
export class UploadedPart {
  constructor(
    readonly filename: string,
    readonly mimetype: string,
    /** The temporary file holding the bytes. */
    readonly path: string,
    readonly size: number,
    /** Hex SHA-256 of the bytes, computed as they were written. */
    readonly sha256: string,
  ) {}
}

/** A file handed over in memory by in-process callers (the simulator, services in tests). */
export interface MemoryUpload {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** An uploaded file: on disk (every multipart body) or in memory (in-process callers). */
export type UploadedFile = UploadedPart | MemoryUpload;

export function isUploadedFile(value: unknown): value is UploadedFile {
  return (
    value instanceof UploadedPart ||
    (typeof value === 'object' && value !== null && Buffer.isBuffer((value as MemoryUpload).data))
  );
}

export const uploadSize = (file: UploadedFile): number => (file instanceof UploadedPart ? file.size : file.data.length);

/** What sharp (and the like) reads: the file's path, or its bytes. */
export const uploadSource = (file: UploadedFile): string | Buffer =>
  file instanceof UploadedPart ? file.path : file.data;

export const uploadSha256 = (file: UploadedFile): string =>
  file instanceof UploadedPart ? file.sha256 : createHash('sha256').update(file.data).digest('hex');

/** The whole file in memory. Only for files already checked against a small size limit. */
export const uploadBytes = (file: UploadedFile): Promise<Buffer> =>
  file instanceof UploadedPart ? readFile(file.path) : Promise.resolve(file.data);

/** The first `length` bytes (fewer when the file is shorter): enough to tell its type without reading it all. */
export async function uploadHead(file: UploadedFile, length: number): Promise<Buffer> {
  if (!(file instanceof UploadedPart)) return file.data.subarray(0, length);
  const handle = await open(file.path, 'r');
  try {
    const buffer = Buffer.alloc(Math.min(length, file.size));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
