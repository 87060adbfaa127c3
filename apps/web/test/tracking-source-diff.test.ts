import type { TrackedCaptainDto } from '@taxi/shared';
import { describe, expect, it } from 'vitest';
import { CaptainMotion, captainFeature, captainLabel } from '../src/features/tracking/sourceDiff';

const T0 = Date.parse('2026-11-22T02:00:00.000Z');

const captain = (
  id: number,
  lon: number,
  state: TrackedCaptainDto['state'] = 'FREE',
  at = T0,
  heading: number | null = null,
): TrackedCaptainDto => ({
  captain_id: id,
  lon,
  lat: 43.73,
  heading,
  speed_kmh: null,
  state,
  at: new Date(at).toISOString(),
  name: `Captain ${id}`,
  car_number: id === 1 ? 'MC-101' : null,
});

describe('tracking map source diff', () => {
  it('adds new captains, updates known ones, removes gone ones', () => {
    const motion = new CaptainMotion(() => true);
    motion.apply(
      new Map([
        [1, captain(1, 7.4)],
        [2, captain(2, 7.42)],
        [3, captain(3, 7.43)],
      ]),
      null,
      T0,
    );
    const captains = new Map([
      [1, captain(1, 7.41, 'ON_TRIP', T0 + 2000)],
      [2, captain(2, 7.42)],
      [4, captain(4, 7.44)],
    ]);
    const diff = motion.apply(captains, [1, 3, 4], T0 + 2000);
    // Reduced motion: the move is a jump, drawn at once, heading east from the move.
    expect(diff.update).toEqual([
      {
        id: 1,
        newGeometry: { type: 'Point', coordinates: [7.41, 43.73] },
        // Only what changed: the state (the label is the same) and the heading.
        addOrUpdateProperties: [
          { key: 'state', value: 'ON_TRIP' },
          { key: 'heading', value: 90 },
        ],
      },
    ]);
    expect(diff.remove).toEqual([3]);
    expect(diff.add).toEqual([captainFeature(captain(4, 7.44))]);
    expect(diff.add[0].properties).toEqual({ id: 4, state: 'FREE', heading: -1, label: 'Captain 4' });
    expect([...motion.tracks.keys()].sort()).toEqual([1, 2, 4]);
  });

  it('a captain that left before ever being drawn sends nothing', () => {
    const motion = new CaptainMotion();
    motion.apply(new Map([[2, captain(2, 7.42)]]), null, T0);
    const diff = motion.apply(new Map([[2, captain(2, 7.42)]]), [9], T0 + 1000);
    expect(diff).toEqual({ add: [], update: [], remove: [] });
  });

  it('labels say name and plate', () => {
    expect(captainLabel({ name: 'Ana', car_number: 'AB-1' })).toBe('Ana · AB-1');
    expect(captainLabel({ name: 'Ana', car_number: null })).toBe('Ana');
  });
});

describe('tracking map glides', () => {
  it('a report glides from the drawn position over the report interval, then stops', () => {
    const motion = new CaptainMotion();
    motion.apply(new Map([[1, captain(1, 7.4, 'FREE', T0)]]), null, T0);
    // The next report 2 s later, 0.001° east (~80 m): the glide lasts 2 s.
    const diff = motion.apply(new Map([[1, captain(1, 7.401, 'FREE', T0 + 2000)]]), [1], 10_000);
    // Nothing but the position changed: nothing is sent now, the glide sends the positions.
    expect(diff.update).toEqual([]);
    expect(motion.glidingCount).toBe(1);
    const [half] = motion.frame(11_000);
    const lon = half.newGeometry?.coordinates[0] ?? 0;
    expect(lon).toBeCloseTo(7.4005, 6);
    expect(half.addOrUpdateProperties).toEqual([{ key: 'heading', value: 90 }]);
    const [end] = motion.frame(12_500);
    expect(end.newGeometry?.coordinates).toEqual([7.401, 43.73]);
    expect(motion.glidingCount).toBe(0);
    expect(motion.frame(13_000)).toEqual([]);
  });

  it('a new report mid-glide starts from where the captain is drawn', () => {
    const motion = new CaptainMotion();
    motion.apply(new Map([[1, captain(1, 7.4, 'FREE', T0)]]), null, T0);
    motion.apply(new Map([[1, captain(1, 7.402, 'FREE', T0 + 2000)]]), [1], 0);
    motion.frame(1000);
    const drawn = motion.positionOf(1)?.[0] ?? 0;
    motion.apply(new Map([[1, captain(1, 7.403, 'FREE', T0 + 4000)]]), [1], 1000);
    const [next] = motion.frame(1000);
    expect(next.newGeometry?.coordinates[0]).toBeCloseTo(drawn, 9);
  });

  it('captains out of view and past the per-frame budget jump to their report', () => {
    const motion = new CaptainMotion();
    const first = new Map<number, TrackedCaptainDto>();
    const next = new Map<number, TrackedCaptainDto>();
    for (let id = 1; id <= 1000; id++) {
      first.set(id, captain(id, 7.4, 'FREE', T0));
      next.set(id, captain(id, 7.401, 'FREE', T0 + 2000));
    }
    motion.apply(first, null, 0);
    motion.apply(next, next.keys(), 0);
    expect(motion.glidingCount).toBe(1000);
    const updates = motion.frame(1000, (p) => p[0] < 7.4009 || true);
    expect(updates).toHaveLength(1000);
    // 400 glide on (MAX_GLIDING), the other 600 are at their report.
    expect(motion.glidingCount).toBe(400);
    const arrived = updates.filter((u) => u.newGeometry?.coordinates[0] === 7.401);
    expect(arrived).toHaveLength(600);

    const hidden = new CaptainMotion();
    hidden.apply(new Map([[1, captain(1, 7.4, 'FREE', T0)]]), null, 0);
    hidden.apply(new Map([[1, captain(1, 7.401, 'FREE', T0 + 2000)]]), [1], 0);
    const [jump] = hidden.frame(500, () => false);
    expect(jump.newGeometry?.coordinates).toEqual([7.401, 43.73]);
    expect(hidden.glidingCount).toBe(0);
  });

  it('reduced motion: every report is a jump', () => {
    const motion = new CaptainMotion(() => true);
    motion.apply(new Map([[1, captain(1, 7.4, 'FREE', T0)]]), null, 0);
    const diff = motion.apply(new Map([[1, captain(1, 7.401, 'FREE', T0 + 2000)]]), [1], 0);
    expect(diff.update[0].newGeometry?.coordinates).toEqual([7.401, 43.73]);
    expect(motion.glidingCount).toBe(0);
  });
});
