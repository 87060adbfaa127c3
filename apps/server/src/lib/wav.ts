import { type UploadedFile, uploadHead } from './uploaded-file';

/**
 * A small, strict reader of the WAV (RIFF/WAVE) header: enough to tell a real recording from bytes
 * that only start like one. It reads the container, walks its chunks and checks the `fmt ` chunk;
 * it never decodes the samples.
 */

export interface WavFormat {
  /** 1 PCM, 3 IEEE float, 0xFFFE WAVE_FORMAT_EXTENSIBLE. */
  audioFormat: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
}

export const WAV_FORMAT_PCM = 1;
export const WAV_FORMAT_FLOAT = 3;
export const WAV_FORMAT_EXTENSIBLE = 0xfffe;

const AUDIO_FORMATS = new Set([WAV_FORMAT_PCM, WAV_FORMAT_FLOAT, WAV_FORMAT_EXTENSIBLE]);
const BITS_PER_SAMPLE = new Set([8, 16, 24, 32]);
const MAX_CHANNELS = 8;
const MAX_SAMPLE_RATE = 384_000;
const FMT_MIN_SIZE = 16;
/** RIFF header (12 bytes) and a chunk header (8 bytes). */
const RIFF_HEADER = 12;
const CHUNK_HEADER = 8;

/**
 * The format of a WAV file, or null when the bytes are not one: 'RIFF' + size + 'WAVE', then chunks
 * (id + little-endian size + data, padded to an even length) until a valid `fmt ` chunk — at least
 * 16 bytes, PCM/float/extensible, 1..8 channels, 1..384000 Hz, 8/16/24/32 bits.
 */
export function readWavFormat(data: Buffer): WavFormat | null {
  if (data.length < RIFF_HEADER + CHUNK_HEADER) return null;
  if (data.toString('latin1', 0, 4) !== 'RIFF' || data.toString('latin1', 8, 12) !== 'WAVE') return null;
  // The RIFF size counts everything after its own 8 bytes. Chunks are read within it and the buffer;
  // 0 and 0xFFFFFFFF are the placeholders of writers that stream (the length was never patched).
  const riffSize = data.readUInt32LE(4);
  const end = riffSize === 0 || riffSize === 0xffffffff ? data.length : Math.min(data.length, 8 + riffSize);
  let offset = RIFF_HEADER;
  while (offset + CHUNK_HEADER <= end) {
    const id = data.toString('latin1', offset, offset + 4);
    const size = data.readUInt32LE(offset + 4);
    const body = offset + CHUNK_HEADER;
    if (id === 'fmt ') {
      if (size < FMT_MIN_SIZE || body + size > end) return null;
      const format: WavFormat = {
        audioFormat: data.readUInt16LE(body),
        channels: data.readUInt16LE(body + 2),
        sampleRate: data.readUInt32LE(body + 4),
        bitsPerSample: data.readUInt16LE(body + 14),
      };
      return isValidFormat(format) ? format : null;
    }
    // Any other chunk (LIST, fact, JUNK…) before `fmt ` is skipped; `data` before `fmt ` is malformed.
    if (id === 'data') return null;
    offset = body + size + (size % 2);
  }
  return null;
}

function isValidFormat(f: WavFormat): boolean {
  return (
    AUDIO_FORMATS.has(f.audioFormat) &&
    f.channels >= 1 &&
    f.channels <= MAX_CHANNELS &&
    f.sampleRate >= 1 &&
    f.sampleRate <= MAX_SAMPLE_RATE &&
    BITS_PER_SAMPLE.has(f.bitsPerSample)
  );
}

/** A WAV file by its content (a valid RIFF/WAVE header with a `fmt ` chunk), whatever its name says. */
export const isWav = (data: Buffer): boolean => readWavFormat(data) !== null;

/**
 * How much of an uploaded file is read to find its `fmt ` chunk: a recording's header (and the LIST or JUNK
 * chunks some writers put before it) lies in its first few hundred bytes. A `fmt ` chunk further in is not
 * looked for.
 */
export const WAV_HEAD_BYTES = 64 * 1024;

/** isWav of an upload, reading only its head (an upload on disk is not read into memory). */
export const isWavUpload = async (file: UploadedFile): Promise<boolean> =>
  isWav(await uploadHead(file, WAV_HEAD_BYTES));

/** A minimal valid PCM WAV (header and `samples` zero bytes of 16-bit mono 8 kHz): for tests and demos. */
export function minimalWav(samples = 0, format: Partial<WavFormat> = {}): Buffer {
  const f: WavFormat = { audioFormat: WAV_FORMAT_PCM, channels: 1, sampleRate: 8000, bitsPerSample: 16, ...format };
  const fmt = Buffer.alloc(CHUNK_HEADER + FMT_MIN_SIZE);
  fmt.write('fmt ', 0, 'latin1');
  fmt.writeUInt32LE(FMT_MIN_SIZE, 4);
  fmt.writeUInt16LE(f.audioFormat, 8);
  fmt.writeUInt16LE(f.channels, 10);
  fmt.writeUInt32LE(f.sampleRate, 12);
  const blockAlign = f.channels * Math.ceil(f.bitsPerSample / 8);
  fmt.writeUInt32LE(f.sampleRate * blockAlign, 16);
  fmt.writeUInt16LE(blockAlign, 20);
  fmt.writeUInt16LE(f.bitsPerSample, 22);
  const dataHeader = Buffer.alloc(CHUNK_HEADER);
  dataHeader.write('data', 0, 'latin1');
  dataHeader.writeUInt32LE(samples, 4);
  const body = Buffer.concat([Buffer.from('WAVE', 'latin1'), fmt, dataHeader, Buffer.alloc(samples + (samples % 2))]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}
