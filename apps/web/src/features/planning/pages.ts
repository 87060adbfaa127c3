import type { FeaturePages } from '../../app/pages';

export const pages: FeaturePages = {
  UserProjectScheduleCalendar: () => import('./ProjectSchedulePage'),
  Shifts: () => import('./ShiftsPage'),
  ShiftsMap: () => import('./ShiftsMapPage'),
  Vacations: () => import('./VacationsPage'),
  AvailableInterviewTimes: () => import('./InterviewSlotsPage'),
  Interviews: () => import('./InterviewsPage'),
};
