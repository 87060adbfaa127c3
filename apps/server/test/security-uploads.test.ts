import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { COMPLAINT_MSG, PEOPLE_MSG } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passengers } from '../src/db/schema';
import { HttpError } from '../src/http/errors';
import type { FileStorage } from '../src/lib/storage';
import { isWav, minimalWav, readWavFormat, WAV_FORMAT_EXTENSIBLE, WAV_FORMAT_FLOAT } from '../src/lib/wav';
import { FileService, IMAGE_MAX_PIXELS } from '../src/modules/files/service';
import { makeBooking } from './factories';
import { bearer, buildTestApp, login, multipart, type TestApp } from './helpers';

// Finding 12 (issue 9): images are checked for dimensions and re-encoded without metadata; WAV files
// are recognised by a parsed RIFF/WAVE header with a valid `fmt ` chunk, not by their first 12 bytes.

/** 'RIFF' + size + 'WAVE' and garbage after it: what the old 12-byte check accepted. */
function fakeWav(): Buffer {
  const garbage = Buffer.from('this is not a fmt chunk at all, just bytes after a RIFF/WAVE preamble!');
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(4 + garbage.length, 4);
  head.write('WAVE', 8, 'latin1');
  return Buffer.concat([head, garbage]);
}

/** A WAV with its chunks spliced in by hand (`fmt ` fields overridden) for the malformed cases. */
function wavWith(fmtFields: { size?: number; format?: number; channels?: number; rate?: number; bits?: number }) {
  const wav = minimalWav(4);
  if (fmtFields.size !== undefined) wav.writeUInt32LE(fmtFields.size, 16);
  if (fmtFields.format !== undefined) wav.writeUInt16LE(fmtFields.format, 20);
  if (fmtFields.channels !== undefined) wav.writeUInt16LE(fmtFields.channels, 22);
  if (fmtFields.rate !== undefined) wav.writeUInt32LE(fmtFields.rate, 24);
  if (fmtFields.bits !== undefined) wav.writeUInt16LE(fmtFields.bits, 34);
  return wav;
}

/** A chunk (id, size, data, even padding) for building containers by hand. */
function chunk(id: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(id, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, Buffer.alloc(data.length % 2)]);
}
function riff(chunks: Buffer[]): Buffer {
  const body = Buffer.concat([Buffer.from('WAVE', 'latin1'), ...chunks]);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}
/** The 12 + 8 + 16 byte header of minimalWav: its `fmt ` chunk alone. */
const fmtChunkOf = (wav: Buffer) => wav.subarray(12, 12 + 8 + 16);

describe('readWavFormat / isWav (lib/wav.ts)', () => {
  it('accepts a minimal PCM WAV and reads its format', () => {
    expect(readWavFormat(minimalWav(8))).toEqual({ audioFormat: 1, channels: 1, sampleRate: 8000, bitsPerSample: 16 });
    expect(isWav(minimalWav())).toBe(true);
  });

  it('accepts IEEE float and WAVE_FORMAT_EXTENSIBLE, 8 channels, 384 kHz, 8/24/32 bits', () => {
    expect(isWav(minimalWav(4, { audioFormat: WAV_FORMAT_FLOAT, bitsPerSample: 32 }))).toBe(true);
    expect(isWav(minimalWav(4, { audioFormat: WAV_FORMAT_EXTENSIBLE, bitsPerSample: 24 }))).toBe(true);
    expect(isWav(minimalWav(4, { channels: 8, sampleRate: 384_000, bitsPerSample: 8 }))).toBe(true);
  });

  it("refuses 'RIFF....WAVE' followed by garbage (accepted by the old 12-byte check)", () => {
    expect(isWav(fakeWav())).toBe(false);
    expect(isWav(Buffer.from('RIFF\x04\x00\x00\x00WAVE', 'latin1'))).toBe(false);
  });

  it('refuses other containers and short buffers', () => {
    expect(isWav(Buffer.from('RIFF0000AVI LIST'))).toBe(false);
    expect(isWav(Buffer.from('ID3 mp3 bytes here'))).toBe(false);
    expect(isWav(Buffer.alloc(4))).toBe(false);
    expect(isWav(Buffer.alloc(0))).toBe(false);
    expect(isWav(minimalWav().subarray(0, 30))).toBe(false); // fmt chunk cut short
  });

  it('refuses a fmt chunk with an invalid size, format, channel count, rate or sample size', () => {
    expect(isWav(wavWith({ size: 15 }))).toBe(false);
    expect(isWav(wavWith({ size: 0xffff_fff0 }))).toBe(false); // runs past the end
    expect(isWav(wavWith({ format: 2 }))).toBe(false); // ADPCM
    expect(isWav(wavWith({ format: 0 }))).toBe(false);
    expect(isWav(wavWith({ channels: 0 }))).toBe(false);
    expect(isWav(wavWith({ channels: 9 }))).toBe(false);
    expect(isWav(wavWith({ rate: 0 }))).toBe(false);
    expect(isWav(wavWith({ rate: 384_001 }))).toBe(false);
    expect(isWav(wavWith({ bits: 12 }))).toBe(false);
    expect(isWav(wavWith({ bits: 0 }))).toBe(false);
  });

  it('walks other chunks (odd sizes padded) before fmt, and refuses data before fmt', () => {
    const fmt = fmtChunkOf(minimalWav());
    const samples = chunk('data', Buffer.alloc(4));
    expect(isWav(riff([chunk('LIST', Buffer.from('INFOabc')), chunk('JUNK', Buffer.alloc(28)), fmt, samples]))).toBe(
      true,
    );
    expect(isWav(riff([samples, fmt]))).toBe(false);
    expect(isWav(riff([chunk('LIST', Buffer.from('INFO'))]))).toBe(false); // no fmt at all
  });

  it('reads a streamed file whose RIFF size was never patched (0 or 0xFFFFFFFF)', () => {
    for (const size of [0, 0xffff_ffff]) {
      const wav = minimalWav(4);
      wav.writeUInt32LE(size, 4);
      expect(isWav(wav)).toBe(true);
    }
  });

  it('does not read a fmt chunk outside the declared RIFF size', () => {
    const wav = minimalWav(4);
    wav.writeUInt32LE(4, 4); // 'WAVE' only: the fmt chunk lies outside the container
    expect(isWav(wav)).toBe(false);
  });
});

// --- images --------------------------------------------------------------------------------------

/** Whether raw EXIF (as sharp's metadata returns it, 'Exif\0\0' + TIFF) has a GPS IFD pointer (0x8825) in IFD0. */
function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0);
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd0 = u32(4);
  const count = u16(ifd0);
  for (let i = 0; i < count; i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

/** A 40×20 red JPEG shot "on a phone": EXIF with GPS coordinates, rotated by its Orientation tag (6). */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#ff0000' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Pocket 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '43/1 44/1 1234/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '7/1 25/1 0/1',
      },
    })
    .toBuffer();
}

/** A 20,000 × 20,000 PNG (400 megapixels, a few hundred KB): a decompression bomb for a naive decoder. */
async function hugePng(): Promise<Buffer> {
  return sharp({
    create: { width: 20_000, height: 20_000, channels: 3, background: '#ffffff' },
    limitInputPixels: false,
  })
    .toColourspace('b-w')
    .png({ compressionLevel: 3, adaptiveFiltering: false })
    .toBuffer();
}

class MemoryStorage implements FileStorage {
  readonly files = new Map<string, Buffer>();
  private n = 0;
  async put(data: Buffer, extension: string) {
    const name = `${(this.n++).toString(16).padStart(32, '0')}.${extension}`;
    this.files.set(name, data);
    return name;
  }
  async get(name: string) {
    return this.files.get(name) ?? null;
  }
  async remove(name: string) {
    this.files.delete(name);
  }
}

const upload = (data: Buffer, filename = 'id.png', mimetype = 'image/png') => ({ filename, mimetype, data });
const tooManyPixels = PEOPLE_MSG.imageTooManyPixels(IMAGE_MAX_PIXELS / 1_000_000);

let huge: Buffer;
beforeAll(async () => {
  huge = await hugePng();
}, 120_000);

describe('FileService images (unit)', () => {
  const service = () => new FileService(new MemoryStorage(), 10 * 1024 * 1024);

  it('the test bomb is a small file that claims 400 megapixels', async () => {
    expect(huge.length).toBeLessThan(5 * 1024 * 1024);
    const meta = await sharp(huge, { limitInputPixels: false }).metadata();
    expect([meta.width, meta.height]).toEqual([20_000, 20_000]);
  });

  it('refuses a 20,000 × 20,000 PNG with a 422 on the field, before decoding it', async () => {
    const error = await service()
      .checkImage('id_card_front', upload(huge))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(422);
    expect((error as HttpError).errors).toEqual({ id_card_front: [tooManyPixels] });
  });

  it('refuses just over 40 megapixels and accepts just under', async () => {
    const over = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await expect(service().checkImage('f', upload(over))).rejects.toMatchObject({ status: 422 });
    const under = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await expect(service().checkImage('f', upload(under))).resolves.toMatchObject({ width: 8000, height: 5000 });
  });

  it('refuses bytes with an image signature that do not decode (422 imagesOnly)', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const broken = Buffer.concat([png.subarray(0, 8), Buffer.from('garbage instead of an IHDR chunk')]);
    await expect(service().storeImage('f', upload(broken))).rejects.toMatchObject({
      status: 422,
      errors: { f: [PEOPLE_MSG.imagesOnly] },
    });
  });

  it('stores a JPEG without its EXIF (GPS) and with its orientation applied', async () => {
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(exifHasGps(before.exif)).toBe(true);
    expect(before.orientation).toBe(6);

    const storage = new MemoryStorage();
    const name = await new FileService(storage, 10 * 1024 * 1024).storeImage(
      'id_card_front',
      upload(original, 'id.jpg', 'image/jpeg'),
    );
    expect(name).toMatch(/\.jpg$/);
    const stored = storage.files.get(name) as Buffer;
    const after = await sharp(stored).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.orientation ?? 1).toBe(1);
    expect([after.width, after.height]).toEqual([20, 40]); // turned upright
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('keeps the format of PNG and WebP uploads', async () => {
    const storage = new MemoryStorage();
    const files = new FileService(storage, 10 * 1024 * 1024);
    const base = sharp({ create: { width: 12, height: 8, channels: 3, background: '#00ff00' } });
    const png = await base
      .clone()
      .png()
      .withExif({ IFD0: { Make: 'PhoneMaker' } })
      .toBuffer();
    const webp = await base
      .clone()
      .webp()
      .withExif({ IFD0: { Make: 'PhoneMaker' } })
      .toBuffer();
    const pngName = await files.storeImage('f', upload(png));
    const webpName = await files.storeImage('f', upload(webp, 'id.webp', 'image/webp'));
    expect(pngName).toMatch(/\.png$/);
    expect(webpName).toMatch(/\.webp$/);
    for (const [name, format] of [
      [pngName, 'png'],
      [webpName, 'webp'],
    ] as const) {
      const meta = await sharp(storage.files.get(name)).metadata();
      expect(meta.format).toBe(format);
      expect(meta.exif).toBeUndefined();
    }
  });

  it('storeImages checks every image before storing any (one 422 naming each bad field)', async () => {
    const storage = new MemoryStorage();
    const files = new FileService(storage, 10 * 1024 * 1024);
    const ok = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const error = await files
      .storeImages({ id_card_front: upload(ok), id_card_back: upload(huge) })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422, errors: { id_card_back: [tooManyPixels] } });
    expect(storage.files.size).toBe(0);
    const stored = await files.storeImages({ id_card_front: upload(ok), id_card_back: undefined });
    expect(Object.keys(stored)).toEqual(['id_card_front']);
  });
});

// --- through the API -----------------------------------------------------------------------------

describe('uploads through the API', () => {
  let t: TestApp;
  let admin: string;
  let dispatcher: string;

  beforeAll(async () => {
    t = await buildTestApp();
    [admin, dispatcher] = await Promise.all([
      login(t.app, 'admin@example.com'),
      login(t.app, 'dispatcher@example.com'),
    ]);
  }, 60_000);
  afterAll(async () => t?.close());

  async function newPassenger(): Promise<number> {
    const [row] = await t.db
      .insert(passengers)
      .values({ firstName: 'Upload', lastName: 'Test', phoneNumber: `+3361${Math.floor(Math.random() * 1e7)}` })
      .returning({ id: passengers.id });
    return row.id;
  }

  const putPassenger = (id: number, files: Record<string, { filename: string; type: string; data: Buffer }>) => {
    const body = multipart({
      _method: 'PUT',
      first_name: 'Upload',
      last_name: 'Test',
      whatsapp_number: '+37761234567',
      ...files,
    });
    return t.app.inject({
      method: 'POST',
      url: `/api/passenger/${id}`,
      headers: { ...bearer(admin), ...body.headers },
      payload: body.payload,
    });
  };

  it('refuses a 20,000 × 20,000 PNG ID card with a 422 on the field and stores nothing', async () => {
    const id = await newPassenger();
    const small = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const res = await putPassenger(id, {
      id_card_front: { filename: 'front.png', type: 'image/png', data: huge },
      id_card_back: { filename: 'back.png', type: 'image/png', data: small },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.id_card_front).toEqual([tooManyPixels]);
    const [row] = await t.db.select().from(passengers).where(eq(passengers.id, id));
    expect(row.idCardFront).toBeNull();
    expect(row.idCardBack).toBeNull();
  });

  it('stores an ID-card JPEG without its EXIF GPS (the stored file on disk)', async () => {
    const id = await newPassenger();
    const jpeg = await jpegWithGps();
    const res = await putPassenger(id, {
      id_card_front: { filename: 'front.jpg', type: 'image/jpeg', data: jpeg },
      id_card_back: { filename: 'back.jpg', type: 'image/jpeg', data: jpeg },
    });
    expect(res.statusCode).toBe(200);
    const name = res.json().data.id_card_front as string;
    expect(name).toMatch(/^[a-f0-9]{32}\.jpg$/);
    const onDisk = await readFile(path.join(t.config.dataDir, 'uploads', name));
    const meta = await sharp(onDisk).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(exifHasGps(meta.exif)).toBe(false);
    expect([meta.width, meta.height]).toEqual([20, 40]);

    const served = await t.app.inject({ method: 'GET', url: `/api/files/${name}`, headers: bearer(admin) });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
  });

  describe('complaint audio', () => {
    let bookingId: number;
    beforeAll(async () => {
      bookingId = (await makeBooking(t.db, { status: 'DONE' })).id;
    });
    const create = (data: Buffer) => {
      const body = multipart({
        description: 'recorded call',
        'wav_files[0]': { filename: 'call.wav', type: 'audio/wav', data },
      });
      return t.app.inject({
        method: 'POST',
        url: `/api/complaint/booking/${bookingId}/create`,
        headers: { ...body.headers, ...bearer(dispatcher) },
        payload: body.payload,
      });
    };

    it("refuses 'RIFF....WAVE' + garbage with the wav-only 422", async () => {
      const res = await create(fakeWav());
      expect(res.statusCode).toBe(422);
      expect(res.json().errors['wav_files.0']).toEqual([COMPLAINT_MSG.wavOnly]);
    });

    it('accepts a real minimal PCM WAV', async () => {
      const res = await create(minimalWav(16));
      expect(res.statusCode).toBe(200);
      expect(res.json().data.audios).toHaveLength(1);
    });
  });
});
