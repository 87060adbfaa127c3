import { describe, expect, it } from 'vitest';
import {
  credentialsRefreshDelay,
  MAX_TIMER_MS,
  MIN_REFRESH_MS,
  REFRESH_MARGIN_MS,
  retryDelay,
} from '../src/features/voice/timing';

const now = Date.parse('2026-11-26T10:00:00Z');
const at = (ms: number) => new Date(now + ms).toISOString();

describe('SIP credentials refresh', () => {
  it('asks for fresh credentials a minute before they expire', () => {
    expect(credentialsRefreshDelay(at(3_600_000), now)).toBe(3_600_000 - REFRESH_MARGIN_MS);
    expect(credentialsRefreshDelay(at(10 * 60_000), now)).toBe(9 * 60_000);
  });

  it('takes half of what is left when that is under two margins', () => {
    expect(credentialsRefreshDelay(at(100_000), now)).toBe(50_000);
    expect(credentialsRefreshDelay(at(2 * REFRESH_MARGIN_MS), now)).toBe(REFRESH_MARGIN_MS);
  });

  it('never loops: expired, nearly expired or unreadable dates wait the minimum', () => {
    expect(credentialsRefreshDelay(at(-5_000), now)).toBe(MIN_REFRESH_MS);
    expect(credentialsRefreshDelay(at(4_000), now)).toBe(MIN_REFRESH_MS);
    expect(credentialsRefreshDelay('not a date', now)).toBe(MIN_REFRESH_MS);
  });

  it('stays under setTimeout’s ceiling for far expiries', () => {
    expect(credentialsRefreshDelay(at(90 * 86_400_000), now)).toBe(MAX_TIMER_MS);
  });

  it('backs off between failed tries, up to five minutes', () => {
    expect([0, 1, 2, 3].map(retryDelay)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelay(20)).toBe(300_000);
  });
});
