import { describe, expect, it } from 'vitest';
import {
  type Actor,
  BROADCAST_MSG,
  broadcastCreateSchema,
  broadcastPolicy,
  cityLocalToDate,
  dateToCityLocal,
  GOVERNMENT_ROLE_NAME,
  nextOccurrence,
  nextRunAfter,
  parseTarget,
  scheduledMessageCreateSchema,
  targetCode,
} from '../src';

const at = (local: string) => cityLocalToDate(local) as Date;

describe('broadcast targets', () => {
  it('reads and writes the target codes', () => {
    expect(parseTarget('online')).toEqual({ kind: 'online', id: null });
    expect(parseTarget(' shift ')).toEqual({ kind: 'shift', id: null });
    expect(parseTarget('sector:12')).toEqual({ kind: 'sector', id: 12 });
    expect(parseTarget('service:2')).toEqual({ kind: 'service', id: 2 });
    expect(parseTarget('numbers')).toEqual({ kind: 'numbers', id: null });
    for (const bad of ['', 'all', 'sector', 'sector:', 'sector:0', 'service:-1', 'online:3', 'sector:1e3', 'numbers:2'])
      expect(parseTarget(bad), bad).toBeNull();
    expect(targetCode({ kind: 'sector', id: 12 })).toBe('sector:12');
    expect(targetCode({ kind: 'online', id: null })).toBe('online');
  });

  it('a list of numbers needs one number at least', () => {
    const base = { body: 'Hello', target: 'numbers' };
    const issues = (value: object) =>
      broadcastCreateSchema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues(base)).toEqual([['phone_numbers', BROADCAST_MSG.noNumbers]]);
    expect(issues({ ...base, phone_numbers: ['  '] })).toEqual([['phone_numbers', BROADCAST_MSG.noNumbers]]);
    expect(issues({ ...base, phone_numbers: ['+377 6 12 34 56 78'] })).toBeUndefined();
    // Other targets ignore them.
    expect(issues({ body: 'Hello', target: 'online' })).toBeUndefined();
  });

  it('the Goverment role never sends, even holding CAPTAINS', () => {
    const gov: Actor = { id: 1, roles: [{ id: 4, name: GOVERNMENT_ROLE_NAME }], permissions: ['CAPTAINS'] };
    expect(broadcastPolicy.read.allows(gov)).toBe(true);
    expect(broadcastPolicy.send.allows(gov)).toBe(false);
  });
});

describe('recurrence on the city’s clock', () => {
  it('keeps the local time across a change to summer time', () => {
    // Europe/Monaco moves to summer time on 29 March 2026.
    const saturday = at('2026-03-28 08:00');
    const sunday = nextOccurrence(saturday, 'daily') as Date;
    expect(dateToCityLocal(sunday)).toBe('2026-03-29 08:00');
    expect(sunday.getTime() - saturday.getTime()).toBe(23 * 3600_000);
    expect(dateToCityLocal(nextOccurrence(saturday, 'weekly') as Date)).toBe('2026-04-04 08:00');
    expect(nextOccurrence(saturday, 'none')).toBeNull();
  });

  it('skips runs missed while no server ran, and stops after the end', () => {
    const first = at('2026-05-01 09:30');
    expect(dateToCityLocal(nextRunAfter(first, 'daily', at('2026-05-04 12:00'), null) as Date)).toBe(
      '2026-05-05 09:30',
    );
    expect(nextRunAfter(first, 'weekly', first, at('2026-05-07 00:00'))).toBeNull();
    expect(dateToCityLocal(nextRunAfter(first, 'weekly', first, at('2026-05-08 09:30')) as Date)).toBe(
      '2026-05-08 09:30',
    );
    expect(nextRunAfter(first, 'none', first, null)).toBeNull();
  });

  it('refuses an end before the first sending, and ignores it for a single message', () => {
    const base = { body: 'Hello', target: 'online', send_at: '2026-05-01 09:30' };
    const bad = scheduledMessageCreateSchema.safeParse({ ...base, recurrence: 'daily', ends_at: '2026-04-30T09:30' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['ends_at']);
    const once = scheduledMessageCreateSchema.parse({ ...base, ends_at: '' });
    expect(once).toMatchObject({ recurrence: 'none', ends_at: null });
    expect(scheduledMessageCreateSchema.safeParse({ ...base, send_at: '31/02/2026 10:00' }).success).toBe(false);
  });
});
