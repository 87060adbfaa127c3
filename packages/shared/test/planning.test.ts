import { describe, expect, it } from 'vitest';
import {
  type Actor,
  coverageHours,
  DEMO_ROLES,
  GOVERNMENT_ROLE_NAME,
  interviewOutcomeBody,
  interviewPolicy,
  PERMISSIONS,
  projectSchedulePolicy,
  scheduleAction,
  shiftBody,
  shiftPolicy,
  staffCoverage,
  vacationBody,
  vacationPolicy,
} from '../src';

const permissionsOf = (id: number) => DEMO_ROLES.find((r) => r.id === id)?.permissions ?? [];
const actor = (id: number, roleId: number, name: string, permissions: readonly string[]): Actor => ({
  id,
  roles: [{ id: roleId, name }],
  permissions,
});
const DEMO = {
  admin: actor(1, 1, 'Admin', PERMISSIONS),
  dispatcher: actor(2, 2, 'Dispatcher', permissionsOf(2)),
  callCentre: actor(3, 3, 'Call centre', permissionsOf(3)),
  goverment: actor(4, 4, GOVERNMENT_ROLE_NAME, permissionsOf(4)),
  supervisor: actor(5, 5, 'Supervisor', permissionsOf(5)),
  airport: actor(6, 11, 'Airport agency', []),
};
const who = (allows: (a: Actor) => boolean) =>
  (Object.keys(DEMO) as (keyof typeof DEMO)[]).filter((k) => allows(DEMO[k]));

describe('planning rules', () => {
  it('shifts and interviews: PLANNING holders, never the Goverment role; everyone asks for leave', () => {
    expect(who((a) => shiftPolicy.read.allows(a))).toEqual(['admin', 'supervisor']);
    expect(who((a) => shiftPolicy.change.allows(a))).toEqual(['admin', 'supervisor']);
    expect(who((a) => interviewPolicy.change.allows(a))).toEqual(['admin', 'supervisor']);
    expect(who((a) => vacationPolicy.request.allows(a))).toHaveLength(6);
    expect(who((a) => vacationPolicy.decideAny.allows(a))).toEqual(['admin', 'supervisor']);
  });

  it('a schedule is started and ended by its user only; a leave is never decided by its own user', () => {
    expect(projectSchedulePolicy.change.allows(DEMO.dispatcher, { userId: 2 })).toBe(true);
    expect(projectSchedulePolicy.change.allows(DEMO.admin, { userId: 2 })).toBe(false);
    expect(projectSchedulePolicy.read.allows(DEMO.supervisor, { userId: 2 })).toBe(true);
    expect(projectSchedulePolicy.read.allows(DEMO.callCentre, { userId: 2 })).toBe(false);
    expect(vacationPolicy.decide.allows(DEMO.supervisor, { userId: 5 })).toBe(false);
    expect(vacationPolicy.decide.allows(DEMO.supervisor, { userId: 2 })).toBe(true);
  });
});

describe('planning rules of the data', () => {
  it("the schedule form: 'started' without a current project, 'ended' with one (people.md §2)", () => {
    expect(scheduleAction(null)).toBe('started');
    expect(scheduleAction({ to: '2026-03-10T11:00:00.000Z' })).toBe('started');
    expect(scheduleAction({ to: null })).toBe('ended');
  });

  it('coverage counts a shift in every hour its window touches and every sector of its zone', () => {
    const H = 3600_000;
    const hours = Array.from({ length: 25 }, (_, h) => h * H);
    const grid = coverageHours(
      [
        { sector_ids: [1, 2], start: 8 * H, end: 12 * H },
        { sector_ids: [1], start: 10.5 * H, end: 14 * H },
      ],
      [1, 2, 3],
      hours,
    );
    expect(grid.get(1)?.slice(7, 15)).toEqual([0, 1, 1, 2, 2, 1, 1, 0]);
    expect(grid.get(2)?.slice(7, 13)).toEqual([0, 1, 1, 1, 1, 0]);
    expect(grid.get(3)?.every((n) => n === 0)).toBe(true);
  });

  it('staff at work per day: below the threshold with the approved leaves, or once the pending are approved', () => {
    const leaves = [
      { from: '2026-03-16', to: '2026-03-20', status: 'approved' as const },
      { from: '2026-03-18', to: '2026-03-18', status: 'pending' as const },
      { from: '2026-03-18', to: '2026-03-19', status: 'refused' as const },
    ];
    const days = staffCoverage(['2026-03-15', '2026-03-18'], leaves, 5, 4);
    expect(days).toEqual([
      { date: '2026-03-15', on_leave: 0, requested: 0, available: 5, below: false, below_if_approved: false },
      { date: '2026-03-18', on_leave: 1, requested: 1, available: 4, below: false, below_if_approved: true },
    ]);
    expect(staffCoverage(['2026-03-18'], leaves, 5, 5)[0].below).toBe(true);
  });

  it('bodies: every field error in one answer, whatever the input', () => {
    const shift = shiftBody.safeParse({
      captain_id: 1,
      sector_ids: [1],
      starts_at: '2026-03-01 10:00',
      ends_at: '2026-03-02 10:00',
    });
    expect(shift.success).toBe(false);
    expect(shift.error?.issues.map((i) => i.path.join('.'))).toEqual(['ends_at']);
    for (const input of [null, 'x', [], { from: 3 }]) {
      expect(vacationBody.safeParse(input).success).toBe(false);
      expect(shiftBody.safeParse(input).success).toBe(false);
    }
    expect(interviewOutcomeBody.safeParse({ outcome: 'passed', cash_register_id: 2 }).success).toBe(true);
    expect(interviewOutcomeBody.safeParse({ outcome: 'failed', reason: ' ' }).success).toBe(false);
  });
});
