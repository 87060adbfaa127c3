import { describe, expect, it } from 'vitest';
import {
  BOOKING_GROUP_MSG,
  CAPTAIN_CONSTRAINT_MSG,
  captainConstraint,
  captainConstraintsSchema,
  constraintViolation,
  groupOrderSchema,
  parseConstraint,
} from '../src';

describe('captain constraints', () => {
  it('are written in the constraint language dispatch reads', () => {
    const never = captainConstraint(12, 'BLACKLIST');
    expect(never).toEqual({ constraint_name: 'captain:12:BLACKLIST', Abbreviation: 'BLACKLIST' });
    expect(parseConstraint(never)).toEqual({ subject: 'captain', value: '12', mode: 'BLACKLIST' });
    const captain = (id: number) => ({ captain_id: id, vehicle_type: 'sedan' });
    expect(constraintViolation([never], captain(12))).toBe('captain:12:BLACKLIST');
    expect(constraintViolation([never], captain(13))).toBeNull();
    const only = [captainConstraint(12, 'WHITELIST'), captainConstraint(14, 'WHITELIST')];
    expect(constraintViolation(only, captain(14))).toBeNull();
    expect(constraintViolation(only, captain(13))).not.toBeNull();
  });

  it('take each captain once, WHITELIST by default', () => {
    expect(captainConstraintsSchema.parse([{ captain_id: 3 }])).toEqual([{ captain_id: 3, mode: 'WHITELIST' }]);
    const twice = captainConstraintsSchema.safeParse([
      { captain_id: 3, mode: 'BLACKLIST' },
      { captain_id: 3, mode: 'WHITELIST' },
    ]);
    expect(twice.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['1.captain_id', CAPTAIN_CONSTRAINT_MSG.listedTwice],
    ]);
  });
});

describe('group ids', () => {
  it('are a booking id in digits', () => {
    expect(groupOrderSchema.parse(' 42 ')).toBe('42');
    for (const bad of ['', '0', '042', 'abc', '1.5', '99999999999', '2147483648'])
      expect(groupOrderSchema.safeParse(bad).error?.issues[0].message, bad).toBe(BOOKING_GROUP_MSG.unknownGroup);
  });
});
