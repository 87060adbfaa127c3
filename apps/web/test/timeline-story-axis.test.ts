import { describe, expect, it } from 'vitest';
import { axisPositions, clockOffset, mergeNewest, secondsFromStart, shownAt } from '../src/features/timeline/storyAxis';

const times = ['2026-11-26T09:00:00Z', '2026-11-26T09:00:30Z', '2026-11-26T09:02:00Z'];

describe("a booking story's axis", () => {
  it('places moments by time between the first and the last', () => {
    expect(axisPositions(times)).toEqual([0, 0.25, 1]);
    expect(axisPositions([times[0], times[0]])).toEqual([0.5, 0.5]);
    expect(secondsFromStart(times)).toEqual([0, 30, 120]);
  });

  it('reveals the moments up to the scrubber', () => {
    const p = axisPositions(times);
    expect(shownAt(p, 0)).toBe(1);
    expect(shownAt(p, 0.25)).toBe(2);
    expect(shownAt(p, 0.99)).toBe(2);
    expect(shownAt(p, 1)).toBe(3);
  });

  it('writes offsets as a clock', () => {
    expect(clockOffset(0)).toBe('0:00');
    expect(clockOffset(42)).toBe('0:42');
    expect(clockOffset(725)).toBe('12:05');
    expect(clockOffset(3729)).toBe('1:02:09');
  });
});

describe('the live stream', () => {
  it('puts polled rows on top once, newest first, capped', () => {
    const shown = [{ id: 5 }, { id: 3 }];
    expect(mergeNewest([{ id: 7 }, { id: 5 }, { id: 6 }], shown)).toEqual([{ id: 7 }, { id: 6 }, { id: 5 }, { id: 3 }]);
    expect(mergeNewest([{ id: 9 }], shown, 2)).toEqual([{ id: 9 }, { id: 5 }]);
  });
});
