import { holds, mayChange, rule, signedInRule } from './core';

/** A project schedule as the rules see it: whose it is. */
export interface ScheduleSubject {
  userId: number;
}

/**
 * Planning (shell.md §2.3). The project schedule belongs to its user (people.md §2): every signed-in staff
 * member keeps their own; only its user starts or ends it; staff who manage users (USERS) read anyone's
 * calendar.
 */
export const projectSchedulePolicy = {
  /** The project pickers (GET projects, GET project?perPage=50). */
  pickProjects: signedInRule('projectSchedule.pickProjects'),
  /** One's own last schedule, start and end calls (the object rule below checks whose it is). */
  own: signedInRule('projectSchedule.own'),
  /** Start or end this schedule: its user only. */
  change: rule<ScheduleSubject>('projectSchedule.change', (a, s) => a.id === s.userId),
  /** Read this user's calendar: themself, or staff who manage users. */
  read: rule<ScheduleSubject>('projectSchedule.read', (a, s) => a.id === s.userId || holds(a, 'USERS')),
} as const;

/** Captains' shifts and their coverage (/shifts: PLANNING); the Goverment role changes none. */
export const shiftPolicy = {
  read: rule('shifts.read', (a) => holds(a, 'PLANNING')),
  change: rule('shifts.change', (a) => mayChange(a, 'PLANNING')),
  /** The shifts map: the sectors planned at an hour and where the captains on shift stand. */
  map: rule('shifts.map', (a) => holds(a, 'PLANNING')),
} as const;

/** A leave request as the rules see it: whose it is. */
export interface VacationSubject {
  userId: number;
}

/**
 * Staff leaves (/vacations: any staff member). Everyone asks for their own leave and sees their own
 * requests; staff who manage users (USERS) see everyone's and decide them, never their own.
 */
export const vacationPolicy = {
  request: signedInRule('vacations.request'),
  /** The whole team's requests and the day-by-day staff coverage. */
  seeAll: rule('vacations.seeAll', (a) => holds(a, 'USERS')),
  decideAny: rule('vacations.decideAny', (a) => mayChange(a, 'USERS')),
  decide: rule<VacationSubject>('vacations.decide', (a, v) => mayChange(a, 'USERS') && a.id !== v.userId),
} as const;

/**
 * Interviews of captain applicants (/available_interview_times, /interviews: PLANNING). A 'passed'
 * outcome also needs the captain activation rule (captainPolicy.change), checked by its route.
 */
export const interviewPolicy = {
  read: rule('interviews.read', (a) => holds(a, 'PLANNING')),
  change: rule('interviews.change', (a) => mayChange(a, 'PLANNING')),
} as const;
