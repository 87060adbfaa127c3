import { describe, expect, it } from 'vitest';
import {
  type CaptainLocationPayload,
  decodeLocationBatch,
  encodeLocationBatch,
  forEachLocation,
  joinLocationBatches,
  LOCATION_BATCH_BYTES_PER_CAPTAIN,
  locationAt,
  readLocationBatches,
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
    const [batch, ...more] = readLocationBatches(bytes);
    expect(more).toEqual([]);
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
    expect(() => readLocationBatches(bytes.subarray(0, 10))).toThrow(RangeError);
    expect(() => readLocationBatches(bytes.subarray(0, 16 + LOCATION_BATCH_BYTES_PER_CAPTAIN * 2 - 1))).toThrow(
      RangeError,
    );
  });

  it('joins batches into one, read back segment by segment, in order, at any alignment', () => {
    // One captain (37 bytes, padded to 40) and three (79, padded to 80): the second segment starts aligned.
    const first = [report({ captain_id: 5, state: 'OFFERED' })];
    const second = [report({ captain_id: 6 }), report({ captain_id: 7, heading: null }), report({ captain_id: 8 })];
    const joined = joinLocationBatches([encodeLocationBatch(first), encodeLocationBatch(second)]);
    expect(joined.byteLength).toBe(40 + 80);
    expect(readLocationBatches(joined).map((b) => [...b.id])).toEqual([[5], [6, 7, 8]]);
    expect(decodeLocationBatch(joined)).toEqual([...first, ...second]);
    const pooled = Buffer.alloc(joined.byteLength + 5);
    pooled.set(joined, 5);
    expect(decodeLocationBatch(pooled.subarray(5))).toEqual([...first, ...second]);
    // The server's reading: every entry in its own units, no object per entry.
    const seen: unknown[] = [];
    forEachLocation(joined, (id, lon, lat, heading, speed, state, at) =>
      seen.push([id, lon, lat, heading, speed, state, at]),
    );
    expect(seen).toEqual(
      [...first, ...second].map((u) => [u.captain_id, u.lon, u.lat, u.heading, u.speed_kmh, u.state, Date.parse(u.at)]),
    );
    // Cut inside the second segment, or followed by fewer bytes than a header: refused whole.
    expect(() => readLocationBatches(joined.subarray(0, 100))).toThrow(RangeError);
    expect(() => readLocationBatches(joinLocationBatches([joined, new Uint8Array(8)]))).toThrow(RangeError);
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
