import { describe, expect, it } from 'vitest';
import {
  type CaptainLocationPayload,
  decodeLocationBatch,
  encodeLocationBatch,
  LOCATION_BATCH_BYTES_PER_CAPTAIN,
  locationAt,
  readLocationBatch,
} from '../src';

const report = (over: Partial<CaptainLocationPayload>): CaptainLocationPayload => ({
  captain_id: 1,
  lon: 7.4212345,
  lat: 43.7312345,
  heading: 123.4,
  speed_kmh: 31.5,
  state: 'FREE',
  at: '2026-11-27T10:00:01.250Z',
  ...over,
});

describe('the compact position batch', () => {
  it('gives back what was sent: positions to 7 decimals, unknown heading and speed, states, times', () => {
    const updates = [
      report({}),
      report({ captain_id: 2, lon: 7.43, lat: 43.74, heading: null, speed_kmh: null, state: 'ON_TRIP' }),
      report({ captain_id: 3, heading: 0, speed_kmh: 0, state: 'OFFLINE', at: '2026-11-27T10:00:00.000Z' }),
    ];
    const bytes = encodeLocationBatch(updates);
    const batch = readLocationBatch(bytes);
    expect(batch.t0).toBe(Date.parse('2026-11-27T10:00:00.000Z'));
    expect([...batch.at]).toEqual([1250, 1250, 0]);
    expect(decodeLocationBatch(bytes)).toEqual(updates);
    expect(locationAt(batch, 1)).toEqual(updates[1]);
    // As a browser receives it (an ArrayBuffer), and as Node does (a Buffer anywhere in a pool, copied if unaligned).
    expect(decodeLocationBatch(bytes.slice().buffer)).toEqual(updates);
    const pooled = Buffer.alloc(bytes.byteLength + 3);
    pooled.set(bytes, 3);
    expect(decodeLocationBatch(pooled.subarray(3))).toEqual(updates);
  });

  it('rounds a finer position to about a centimetre', () => {
    const [back] = decodeLocationBatch(encodeLocationBatch([report({ lon: 7.421234567891, lat: -43.73123456789 })]));
    expect(Math.abs(back.lon - 7.421234567891)).toBeLessThan(1e-7);
    expect(Math.abs(back.lat + 43.73123456789)).toBeLessThan(1e-7);
  });

  it('refuses a buffer shorter than its header or than its count says', () => {
    const bytes = encodeLocationBatch([report({}), report({ captain_id: 2 })]);
    expect(() => readLocationBatch(bytes.subarray(0, 10))).toThrow(RangeError);
    expect(() => readLocationBatch(bytes.subarray(0, bytes.byteLength - 1))).toThrow(RangeError);
  });

  it('keeps a speed beyond its column at the largest value it holds', () => {
    const [back] = decodeLocationBatch(encodeLocationBatch([report({ speed_kmh: 5000 })]));
    expect(back.speed_kmh).toBe(3276.7);
    // A large negative (never a valid value) reads back as unknown, not wrapped round to a positive one.
    const [odd] = decodeLocationBatch(encodeLocationBatch([report({ heading: -5000 })]));
    expect(odd.heading).toBeNull();
  });

  it('is an empty batch for no report, 21 bytes a captain, under a sixth of one object per captain', () => {
    expect(decodeLocationBatch(encodeLocationBatch([]))).toEqual([]);
    const many = Array.from({ length: 1000 }, (_, i) =>
      report({
        captain_id: 10_000 + i,
        lon: 7.4 + i / 1e5,
        lat: 43.7 + i / 1e5,
        at: new Date(1e12 + i * 37).toISOString(),
      }),
    );
    const compact = encodeLocationBatch(many).byteLength;
    expect(compact).toBe(16 + LOCATION_BATCH_BYTES_PER_CAPTAIN * many.length);
    const objects = JSON.stringify({ updates: many }).length;
    expect(compact / objects).toBeLessThan(1 / 6);
  });
});
