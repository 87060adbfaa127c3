import { describe, expect, it } from 'vitest';
import { type CaptainLocationPayload, decodeLocationBatch, encodeLocationBatch, locationAt } from '../src';

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
    const batch = encodeLocationBatch(updates);
    expect(batch.t0).toBe(Date.parse('2026-11-27T10:00:00.000Z'));
    expect(batch.at).toEqual([1250, 1250, 0]);
    expect(decodeLocationBatch(batch)).toEqual(updates);
    expect(locationAt(batch, 1)).toEqual(updates[1]);
  });

  it('rounds a finer position to about a centimetre', () => {
    const [back] = decodeLocationBatch(encodeLocationBatch([report({ lon: 7.421234567891, lat: -43.73123456789 })]));
    expect(Math.abs(back.lon - 7.421234567891)).toBeLessThan(1e-7);
    expect(Math.abs(back.lat + 43.73123456789)).toBeLessThan(1e-7);
  });

  it('is an empty batch for no report, and about a third of the bytes of one object per captain', () => {
    expect(decodeLocationBatch(encodeLocationBatch([]))).toEqual([]);
    const many = Array.from({ length: 1000 }, (_, i) =>
      report({
        captain_id: 10_000 + i,
        lon: 7.4 + i / 1e5,
        lat: 43.7 + i / 1e5,
        at: new Date(1e12 + i * 37).toISOString(),
      }),
    );
    const compact = JSON.stringify(encodeLocationBatch(many)).length;
    const objects = JSON.stringify({ updates: many }).length;
    expect(compact / objects).toBeLessThan(0.4);
  });
});
