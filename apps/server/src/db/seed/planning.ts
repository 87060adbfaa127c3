import { DEMO_DATA } from '@taxi/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { captains, interviewSlots, projects, userProjectSchedules, users, vacations } from '../schema';
import type { Seeder } from './index';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

export const DEMO_PROJECTS = DEMO_DATA.projects;

/**
 * The projects staff book their time on, and two weeks of finished working periods for the admin, the
 * dispatcher and the supervisor (none left running: each user starts their own).
 */
export const seedProjectSchedules: Seeder = {
  name: 'project schedules',
  async run(db, { scale }) {
    const rows = await db
      .insert(projects)
      .values(DEMO_PROJECTS.map((name) => ({ name })))
      .returning({ id: projects.id });
    if (scale <= 0) return;
    const staff = await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.email, ['admin@example.com', 'dispatcher@example.com', 'supervisor@example.com']));
    const today = new Date();
    today.setUTCHours(0, 0, 0, 0);
    const periods: (typeof userProjectSchedules.$inferInsert)[] = [];
    for (const [k, user] of staff.entries()) {
      for (let d = 14; d >= 1; d--) {
        const day = today.getTime() - d * DAY;
        if (new Date(day).getUTCDay() % 6 === 0) continue; // weekends off
        const morning = rows[(d + k) % rows.length].id;
        const afternoon = rows[(d + k + 1) % rows.length].id;
        periods.push(
          { userId: user.id, projectId: morning, from: new Date(day + 7 * HOUR), to: new Date(day + 11 * HOUR) },
          { userId: user.id, projectId: afternoon, from: new Date(day + 12 * HOUR), to: new Date(day + 16 * HOUR) },
        );
      }
    }
    if (periods.length > 0) await db.insert(userProjectSchedules).values(periods);
  },
};

/**
 * Leave requests of the demo staff around the coming week: approved and pending ones that overlap, so
 * the planner shows a day below MIN_STAFF_ON_DUTY and one that approving would bring below.
 */
export const seedVacations: Seeder = {
  name: 'vacations',
  async run(db, { scale }) {
    if (scale <= 0) return;
    const staff = new Map(
      (await db.select({ id: users.id, email: users.email }).from(users)).map((u) => [u.email, u.id]),
    );
    const [admin, supervisor] = [staff.get('admin@example.com'), staff.get('supervisor@example.com')];
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    const rows: (typeof vacations.$inferInsert)[] = [];
    const add = (
      email: string,
      from: number,
      to: number,
      reason: string,
      status: 'pending' | 'approved' | 'refused',
    ) => {
      const userId = staff.get(email);
      if (!userId) return;
      const decidedBy = email === 'supervisor@example.com' ? admin : supervisor;
      rows.push({
        userId,
        from: day(from),
        to: day(to),
        reason,
        status,
        decidedBy: status === 'pending' ? null : decidedBy,
        decidedAt: status === 'pending' ? null : new Date(Date.now() - DAY),
        refusalReason: status === 'refused' ? 'Inventory week' : null,
      });
    };
    add('dispatcher@example.com', 3, 7, 'Family holiday', 'approved');
    add('supervisor@example.com', 5, 9, 'Annual leave', 'approved');
    add('gov@example.com', 6, 6, 'Medical appointment', 'approved');
    add('airport@example.com', 6, 8, 'Wedding', 'approved');
    add('callcenter@example.com', 5, 6, 'Moving house', 'pending');
    add('airport.supervisor@example.com', 12, 13, 'Training course', 'pending');
    add('callcenter@example.com', -20, -18, 'Long weekend', 'refused');
    if (rows.length > 0) await db.insert(vacations).values(rows);
  },
};

/**
 * Interview slots: the supervisor's and the admin's half hours of the next two mornings, some booked by
 * captain applicants (unregistered, inactive captains), and yesterday's with a refusal on record.
 */
export const seedInterviews: Seeder = {
  name: 'interviews',
  async run(db, { scale }) {
    if (scale <= 0) return;
    const staff = await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.email, ['supervisor@example.com', 'admin@example.com']))
      .orderBy(asc(users.id));
    const applicants = await db
      .select({ id: captains.id })
      .from(captains)
      .where(and(eq(captains.registered, false), eq(captains.active, false)))
      .orderBy(asc(captains.id))
      .limit(6);
    if (staff.length === 0) return;
    const today = new Date();
    today.setUTCHours(0, 0, 0, 0);
    const rows: (typeof interviewSlots.$inferInsert)[] = [];
    let next = 0;
    for (const [k, { id: interviewerId }] of staff.entries()) {
      for (const d of [-1, 1, 2]) {
        for (let h = 0; h < 4; h++) {
          const startsAt = new Date(today.getTime() + d * DAY + (8 + k) * HOUR + h * 30 * 60_000);
          const applicant = (d === -1 && h === 0) || (d === 1 && h % 2 === 0) ? applicants[next++] : undefined;
          rows.push({
            interviewerId,
            startsAt,
            endsAt: new Date(startsAt.getTime() + 30 * 60_000),
            captainId: applicant?.id ?? null,
            bookedAt: applicant ? new Date(startsAt.getTime() - 2 * DAY) : null,
            outcome: applicant && d === -1 ? 'failed' : null,
            outcomeReason: applicant && d === -1 ? 'No valid driving licence' : null,
            decidedBy: applicant && d === -1 ? interviewerId : null,
            decidedAt: applicant && d === -1 ? new Date(startsAt.getTime() + 30 * 60_000) : null,
          });
        }
      }
    }
    await db.insert(interviewSlots).values(rows);
  },
};
