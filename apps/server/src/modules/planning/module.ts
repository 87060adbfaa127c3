import type { ServerModule } from '../module';
import { planningExportRoutes } from './export';
import { interviewRoutes } from './interview-routes';
import { InterviewService } from './interviews';
import { projectScheduleRoutes } from './project-routes';
import { ProjectScheduleService } from './project-schedules';
import { ShiftLifecycle } from './shift-lifecycle';
import { shiftRoutes } from './shift-routes';
import { SHIFT_END_JOB, SHIFT_START_JOB, type ShiftJobPayload, ShiftService } from './shifts';
import { vacationRoutes } from './vacation-routes';
import { VacationService } from './vacations';

declare module 'fastify' {
  interface FastifyInstance {
    /** Projects and the users' working periods on them (people.md §2). */
    projectSchedules: ProjectScheduleService;
    /** Captains' shifts (/shifts). */
    shifts: ShiftService;
    /** Shifts start and end with their captain's online/offline events and their jobs. */
    shiftLifecycle: ShiftLifecycle;
    /** Staff leave requests and the staff at work per day (/vacations). */
    vacations: VacationService;
    /** Interview slots of captain applicants and their outcomes. */
    interviews: InterviewService;
  }
}

/** Planning: the project schedule, captains' shifts, staff vacations and captain interviews. */
export const planningModule: ServerModule = {
  name: 'planning',
  setup(app) {
    const { db, clock } = app;
    app.decorate('projectSchedules', new ProjectScheduleService({ db, clock }));
    app.decorate('shifts', new ShiftService({ db, clock, jobs: app.jobs, city: app.city }));
    const lifecycle = new ShiftLifecycle({ db, clock });
    app.decorate('shiftLifecycle', lifecycle);
    app.decorate('vacations', new VacationService({ db, clock, settings: app.settings }));
    app.decorate('interviews', new InterviewService({ db, clock, captains: app.captains }));
    app.jobs.register<ShiftJobPayload>(SHIFT_START_JOB, (payload) => lifecycle.onWindowOpens(payload));
    app.jobs.register<ShiftJobPayload>(SHIFT_END_JOB, (payload) => lifecycle.onWindowCloses(payload));
  },
  handlers(bus, app) {
    bus.after('captain.onlineChanged', ({ captainId, online }) =>
      app.shiftLifecycle.onOnlineChanged(captainId, online),
    );
  },
  async routes(app) {
    await app.register(projectScheduleRoutes);
    await app.register(shiftRoutes);
    await app.register(vacationRoutes);
    await app.register(interviewRoutes);
    await app.register(planningExportRoutes);
  },
};
