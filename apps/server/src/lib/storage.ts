import { randomBytes } from 'node:crypto';
import { constants, mkdirSync } from 'node:fs';
import { copyFile, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { type UploadedFile, UploadedPart, uploadBytes } from './uploaded-file';

/** Where uploaded files live. Local disk today; an S3-compatible implementation can follow. */
export interface FileStorage {
  /** Stores the bytes under a new random name (with the extension given) and returns that name. */
  put(data: Buffer, extension: string): Promise<string>;
  /** The same from a file on disk (an upload's temporary file), copied without reading it into memory. */
  putFile?(source: string, extension: string): Promise<string>;
  /** The bytes of a stored file, or null when there is none. */
  get(name: string): Promise<Buffer | null>;
  remove(name: string): Promise<void>;
}

/** Random names only: [hex].[ext]; anything else (paths, dots) is refused before touching the disk. */
export const STORED_NAME = /^[a-f0-9]{32}\.[a-z0-9]{2,5}$/;

export class LocalFileStorage implements FileStorage {
  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  async put(data: Buffer, extension: string): Promise<string> {
    const name = `${randomBytes(16).toString('hex')}.${extension}`;
    await writeFile(path.join(this.dir, name), data, { flag: 'wx' });
    return name;
  }

  async putFile(source: string, extension: string): Promise<string> {
    const name = `${randomBytes(16).toString('hex')}.${extension}`;
    await copyFile(source, path.join(this.dir, name), constants.COPYFILE_EXCL);
    return name;
  }

  async get(name: string): Promise<Buffer | null> {
    if (!STORED_NAME.test(name)) return null;
    try {
      return await readFile(path.join(this.dir, name));
    } catch {
      return null;
    }
  }

  async remove(name: string): Promise<void> {
    if (!STORED_NAME.test(name)) return;
    await rm(path.join(this.dir, name), { force: true });
  }
}

/** Stores an uploaded file: copied from its temporary file when the storage can, else from its bytes. */
export async function putUpload(storage: FileStorage, file: UploadedFile, extension: string): Promise<string> {
  if (file instanceof UploadedPart && storage.putFile) return storage.putFile(file.path, extension);
  return storage.put(await uploadBytes(file), extension);
}

export interface DetectedType {
  mime: string;
  ext: string;
}

/** The real type of the bytes (magic numbers), never the name or the declared mimetype. */
export async function detectFileType(data: Buffer | UploadedFile): Promise<DetectedType | null> {
  const type = Buffer.isBuffer(data)
    ? await fileTypeFromBuffer(data)
    : data instanceof UploadedPart
      ? await fileTypeFromFile(data.path)
      : await fileTypeFromBuffer(data.data);
  return type ? { mime: type.mime, ext: type.ext } : null;
}

const MIME_BY_EXT: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  pdf: 'application/pdf',
};
export const mimeOfStoredName = (name: string) =>
  MIME_BY_EXT[name.split('.').pop() ?? ''] ?? 'application/octet-stream';
