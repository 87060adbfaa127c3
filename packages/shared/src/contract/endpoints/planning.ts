import type { BookInterviewBody, InterviewOutcomeBody, InterviewSlotBody } from '../../interviews';
import type { EndScheduleBody, StartScheduleBody } from '../../project-schedule';
import type { ShiftBody, ShiftStatus } from '../../shifts';
import type { RefuseVacationBody, VacationBody, VacationStatus } from '../../vacations';
import { endpoint } from '../endpoint';
import { planningContract } from '../planning';
import type { PageQuery } from './query';

/** The project schedule (people.md §7): projects, the user's last schedule, start, end, calendar. */
export const planningEndpoints = {
  // The picker's `GET project?perPage=50` is `endpoints.projects` (system.ts, the shared pickers).
  projectList: endpoint()('GET', 'projects', planningContract.projects),
  lastProjectSchedule: endpoint()('GET', 'last-project-schedule', planningContract.lastSchedule),
  startProjectSchedule: endpoint<undefined, StartScheduleBody>()(
    'POST',
    'user-project-schedules',
    planningContract.schedule,
  ),
  endProjectSchedule: endpoint<undefined, EndScheduleBody>()(
    'PUT',
    'user-project-schedules/:id',
    planningContract.schedule,
  ),
  projectSchedules: endpoint<{ user_id: number; from: string; to: string }>()(
    'GET',
    'user-project-schedules',
    planningContract.schedules,
  ),

  shifts: endpoint<PageQuery & { captain_id?: number; sector_id?: number; status?: ShiftStatus; day?: string }>()(
    'GET',
    'shifts',
    planningContract.shifts,
  ),
  shiftCoverage: endpoint<{ day: string }>()('GET', 'shifts/coverage', planningContract.coverage),
  shiftsMap: endpoint<{ at?: string }>()('GET', 'shifts/map', planningContract.shiftsMap),
  shift: endpoint()('GET', 'shifts/:id', planningContract.shift),
  createShift: endpoint<undefined, ShiftBody>()('POST', 'shifts', planningContract.shift),
  updateShift: endpoint<undefined, ShiftBody>()('PUT', 'shifts/:id', planningContract.shift),
  deleteShift: endpoint()('DELETE', 'shifts/:id', planningContract.shiftDeleted),
  vacations: endpoint<PageQuery & { status?: VacationStatus; month?: string; mine?: '0' | '1' }>()(
    'GET',
    'vacations',
    planningContract.vacations,
  ),
  vacationCoverage: endpoint<{ from: string; to: string }>()(
    'GET',
    'vacations/coverage',
    planningContract.vacationCoverage,
  ),
  requestVacation: endpoint<undefined, VacationBody>()('POST', 'vacations', planningContract.vacation),
  approveVacation: endpoint()('PUT', 'vacations/:id/approve', planningContract.vacation),
  refuseVacation: endpoint<undefined, RefuseVacationBody>()('PUT', 'vacations/:id/refuse', planningContract.vacation),
  interviewSlots: endpoint<PageQuery & { free?: boolean; upcoming?: boolean }>()(
    'GET',
    'available_interview_times',
    planningContract.interviewSlots,
  ),
  publishInterviewSlot: endpoint<undefined, InterviewSlotBody>()(
    'POST',
    'available_interview_times',
    planningContract.interviewSlot,
  ),
  removeInterviewSlot: endpoint()('DELETE', 'available_interview_times/:id', planningContract.interviewDeleted),
  interviews: endpoint<PageQuery & { waiting?: boolean }>()('GET', 'interviews', planningContract.interviewSlots),
  bookInterview: endpoint<undefined, BookInterviewBody>()('POST', 'interviews', planningContract.interviewSlot),
  recordInterviewOutcome: endpoint<undefined, InterviewOutcomeBody>()(
    'PUT',
    'interviews/:id/outcome',
    planningContract.interviewSlot,
  ),
};
