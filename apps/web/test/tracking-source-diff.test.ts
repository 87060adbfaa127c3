import type { TrackedCaptainDto } from '@taxi/shared';
import { describe, expect, it } from 'vitest';
import { diffOf } from '../src/features/tracking/sourceDiff';

const captain = (id: number, lon: number, state: TrackedCaptainDto['state'] = 'FREE'): TrackedCaptainDto => ({
  captain_id: id,
  lon,
  lat: 43.73,
  heading: null,
  speed_kmh: null,
  state,
  at: '2026-11-22T02:00:00.000Z',
  name: `Captain ${id}`,
  car_number: null,
});

describe('tracking map source diff', () => {
  it('adds new captains, moves known ones with their state, removes gone ones, and keeps the drawn set', () => {
    const drawn = new Set([1, 2, 3]);
    const captains = new Map([
      [1, captain(1, 7.41, 'ON_TRIP')],
      [2, captain(2, 7.42)],
      [4, captain(4, 7.44)],
    ]);
    const diff = diffOf(captains, [1, 3, 4], drawn);
    expect(diff.update).toEqual([
      {
        id: 1,
        newGeometry: { type: 'Point', coordinates: [7.41, 43.73] },
        addOrUpdateProperties: [{ key: 'state', value: 'ON_TRIP' }],
      },
    ]);
    expect(diff.remove).toEqual([3]);
    expect(diff.add).toEqual([
      {
        type: 'Feature',
        id: 4,
        geometry: { type: 'Point', coordinates: [7.44, 43.73] },
        properties: { id: 4, state: 'FREE' },
      },
    ]);
    expect([...drawn].sort()).toEqual([1, 2, 4]);
  });

  it('a captain that left before ever being drawn sends nothing; one unchanged is not sent', () => {
    const drawn = new Set([2]);
    const diff = diffOf(new Map([[2, captain(2, 7.42)]]), [9], drawn);
    expect(diff).toEqual({ add: [], update: [], remove: [] });
    expect([...drawn]).toEqual([2]);
  });
});
