import { describe, expect, it } from 'vitest';
import {
  percentileFromBuckets,
  periodDays,
  periodErrors,
  REPORTS_MSG,
  statisticsQuerySchema,
  WAIT_BUCKET_BOUNDS,
  WAIT_BUCKETS,
  waitBucketOf,
} from '../src';

const counts = (entries: Record<number, number>) => Array.from({ length: WAIT_BUCKETS }, (_, i) => entries[i] ?? 0);

describe('waiting time buckets', () => {
  it('puts each wait below its upper bound; the last bucket is open', () => {
    expect(waitBucketOf(-5)).toBe(0);
    expect(waitBucketOf(0)).toBe(0);
    expect(waitBucketOf(14)).toBe(0);
    expect(waitBucketOf(15)).toBe(1);
    expect(waitBucketOf(3599)).toBe(WAIT_BUCKET_BOUNDS.length - 1);
    expect(waitBucketOf(100_000)).toBe(WAIT_BUCKET_BOUNDS.length);
  });

  it('percentiles interpolate inside the bucket', () => {
    expect(percentileFromBuckets(counts({}), 0.5)).toBeNull();
    // 10 waits in [0, 15): the median is half-way.
    expect(percentileFromBuckets(counts({ 0: 10 }), 0.5)).toBe(7.5);
    // 5 in [0,15), 5 in [60,90): the median closes the first bucket, p90 is 4/5 into the second.
    expect(percentileFromBuckets(counts({ 0: 5, 3: 5 }), 0.5)).toBe(15);
    expect(percentileFromBuckets(counts({ 0: 5, 3: 5 }), 0.9)).toBe(60 + 0.8 * 30);
    expect(percentileFromBuckets(counts({ 0: 1, [WAIT_BUCKET_BOUNDS.length]: 9 }), 0.9)).toBe(3600);
  });

  it('stays within a bucket of the exact percentile of the raw values', () => {
    const values = Array.from({ length: 1000 }, (_, i) => (i * 7919) % 1400);
    const c = counts({});
    for (const v of values) c[waitBucketOf(v)]++;
    const sorted = [...values].sort((a, b) => a - b);
    for (const q of [0.5, 0.9]) {
      const exact = sorted[Math.ceil(q * sorted.length) - 1];
      const bucket = waitBucketOf(exact);
      const estimate = percentileFromBuckets(c, q) as number;
      const lower = bucket === 0 ? 0 : WAIT_BUCKET_BOUNDS[bucket - 1];
      expect(estimate).toBeGreaterThanOrEqual(lower);
      expect(estimate).toBeLessThanOrEqual(WAIT_BUCKET_BOUNDS[bucket]);
    }
  });
});

describe('statistics period', () => {
  it('counts both days', () => {
    expect(periodDays('2026-03-01', '2026-03-01')).toBe(1);
    expect(periodDays('2026-03-01', '2026-03-31')).toBe(31);
    expect(periodDays('2026-x', '2026-03-31')).toBeNull();
  });

  it('refuses a period backwards, longer than a year, or hourly beyond a month', () => {
    expect(periodErrors('2026-03-02', '2026-03-01', 'day')).toEqual({ to: REPORTS_MSG.toBeforeFrom });
    expect(periodErrors('2025-01-01', '2026-01-01', 'day')).toEqual({}); // 366 days, leap-safe
    expect(periodErrors('2025-01-01', '2026-01-02', 'day')).toEqual({ to: REPORTS_MSG.periodTooLong });
    expect(periodErrors('2026-01-01', '2026-01-31', 'hour')).toEqual({});
    expect(periodErrors('2026-01-01', '2026-02-01', 'hour')).toEqual({ group: REPORTS_MSG.hourlyTooLong });
    expect(periodErrors('2026-02-30', '2026-03-01', 'day')).toEqual({ from: REPORTS_MSG.badDay });
  });

  it('the query schema reports the same errors on their fields and defaults the group', () => {
    expect(statisticsQuerySchema.parse({ from: '2026-03-01', to: '2026-03-07' }).group).toBe('day');
    const bad = statisticsQuerySchema.safeParse({ from: '2026-03-07', to: '2026-03-01', group: 'sector' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['to', REPORTS_MSG.toBeforeFrom]]);
  });
});
