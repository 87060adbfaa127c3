import { interviewSlotSchema } from '../interviews';
import { projectScheduleSchema, projectSchema } from '../project-schedule';
import { shiftCoverageSchema, shiftSchema } from '../shifts';
import { shiftsMapSchema } from '../shifts-map';
import { vacationCoverageSchema, vacationSchema } from '../vacations';
import { emptyEnvelope, envelope, pageEnvelope } from './envelope';

export const planningContract = {
  projects: envelope(projectSchema.array()),
  projectPage: pageEnvelope(projectSchema),
  lastSchedule: envelope(projectScheduleSchema.nullable()),
  schedule: envelope(projectScheduleSchema),
  schedules: envelope(projectScheduleSchema.array()),
  shifts: pageEnvelope(shiftSchema),
  shift: envelope(shiftSchema),
  shiftDeleted: emptyEnvelope,
  coverage: envelope(shiftCoverageSchema),
  shiftsMap: envelope(shiftsMapSchema),
  vacations: pageEnvelope(vacationSchema),
  vacation: envelope(vacationSchema),
  vacationCoverage: envelope(vacationCoverageSchema),
  interviewSlots: pageEnvelope(interviewSlotSchema),
  interviewSlot: envelope(interviewSlotSchema),
  interviewDeleted: emptyEnvelope,
};
