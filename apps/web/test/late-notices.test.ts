import { describe, expect, it } from 'vitest';
import { LateNotices, NOTICES_SHOWN } from '../src/features/exceptions/notices';

const keys = (n: LateNotices) => n.stack.shown.map((x) => x.key);

describe('the late notices stack', () => {
  it('shows the newest three, oldest first, and counts the others as "+N more"', () => {
    const notices = new LateNotices(10_000);
    for (let id = 1; id <= 5; id++) notices.push('late_booking', id, null, 1000 + id);
    expect(NOTICES_SHOWN).toBe(3);
    expect(keys(notices)).toEqual(['late_booking:3', 'late_booking:4', 'late_booking:5']);
    expect(notices.stack.more).toBe(2);
    notices.dismiss('late_booking:5');
    expect(keys(notices)).toEqual(['late_booking:2', 'late_booking:3', 'late_booking:4']);
    expect(notices.stack.more).toBe(1);
  });

  it('keeps one notice per booking and kind: the newest, at the bottom', () => {
    const notices = new LateNotices(10_000);
    notices.push('late_booking', 1, null, 0);
    notices.push('late_captain', 1, 'Lena Late', 1);
    notices.push('late_booking', 2, null, 2);
    notices.push('late_booking', 1, null, 3);
    expect(keys(notices)).toEqual(['late_captain:1', 'late_booking:2', 'late_booking:1']);
    expect(notices.stack.more).toBe(0);
  });

  it('each leaves after its time, none while paused; the pause moves their times on', () => {
    const notices = new LateNotices(10_000);
    notices.push('late_booking', 1, null, 0);
    notices.push('late_booking', 2, null, 4000);
    expect(notices.expire(9_999)).toBe(10_000);
    notices.pause(9_000);
    expect(notices.expire(20_000)).toBeNull();
    expect(keys(notices)).toHaveLength(2);
    notices.resume(15_000); // paused 6 s: they leave at 16 s and 20 s
    expect(notices.expire(16_000)).toBe(20_000);
    expect(keys(notices)).toEqual(['late_booking:2']);
    notices.expire(20_000);
    expect(notices.stack).toEqual({ shown: [], more: 0 });
  });
});
