import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShiftStatus, VacationStatus } from '@taxi/shared';
import type { QueryValue } from '../../api/client';
import { apiData, endpoints } from '../../api/endpoints';

export const planningKeys = {
  schedules: ['project-schedules'] as const,
  last: ['project-schedules', 'last'] as const,
  calendar: (userId: number, from: string, to: string) => ['project-schedules', 'calendar', userId, from, to] as const,
};

/** The signed-in user's last project schedule (open or not), or null. */
export function useLastSchedule() {
  return useQuery({
    queryKey: planningKeys.last,
    queryFn: ({ signal }) => apiData(endpoints.lastProjectSchedule, { signal }),
  });
}

/** A user's periods overlapping a window (the calendar's visible range). */
export function useScheduleCalendar(userId: number, range: { from: string; to: string } | null) {
  return useQuery({
    queryKey: planningKeys.calendar(userId, range?.from ?? '', range?.to ?? ''),
    queryFn: ({ signal }) =>
      apiData(endpoints.projectSchedules, {
        query: { user_id: userId, from: range?.from ?? '', to: range?.to ?? '' },
        signal,
      }),
    enabled: !!range && userId > 0,
  });
}

/** After a start or an end: the form and every calendar refetch. */
export function useSchedulesInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: planningKeys.schedules });
}

export const shiftKeys = {
  all: ['shifts'] as const,
  list: (params: Record<string, QueryValue>) => ['shifts', 'list', params] as const,
  coverage: (day: string) => ['shifts', 'coverage', day] as const,
  map: (at: string) => ['shifts', 'map', at] as const,
};

/** A page of shifts (filters: day, status). Refreshed every half minute: shifts start and end by themselves. */
export function useShifts(params: { page: number; perPage: number; day?: string; status?: ShiftStatus }) {
  return useQuery({
    queryKey: shiftKeys.list(params),
    queryFn: ({ signal }) => apiData(endpoints.shifts, { query: params, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

/** Captains planned per sector and hour of a city day. */
export function useShiftCoverage(day: string) {
  return useQuery({
    queryKey: shiftKeys.coverage(day),
    queryFn: ({ signal }) => apiData(endpoints.shiftCoverage, { query: { day }, signal }),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(day),
  });
}

/** Captains' positions move: the shifts map is polled every few seconds. */
export const SHIFTS_MAP_REFRESH_MS = 5000;

/** The shifts map at an instant (ISO), or now when `at` is empty. */
export function useShiftsMap(at: string) {
  return useQuery({
    queryKey: shiftKeys.map(at),
    queryFn: ({ signal }) => apiData(endpoints.shiftsMap, { query: at ? { at } : {}, signal }),
    refetchInterval: SHIFTS_MAP_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

export const vacationKeys = {
  all: ['vacations'] as const,
  list: (params: Record<string, QueryValue>) => ['vacations', 'list', params] as const,
  coverage: (from: string, to: string) => ['vacations', 'coverage', from, to] as const,
};

/** Leave requests: one's own, or the team's for those who see them all. */
export function useVacations(params: { page: number; perPage: number; status?: VacationStatus; mine?: '0' | '1' }) {
  return useQuery({
    queryKey: vacationKeys.list(params),
    queryFn: ({ signal }) => apiData(endpoints.vacations, { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Staff at work per day of a window (city days, inclusive), against the threshold setting. */
export function useVacationCoverage(range: { from: string; to: string } | null, enabled: boolean) {
  return useQuery({
    queryKey: vacationKeys.coverage(range?.from ?? '', range?.to ?? ''),
    queryFn: ({ signal }) =>
      apiData(endpoints.vacationCoverage, { query: { from: range?.from ?? '', to: range?.to ?? '' }, signal }),
    enabled: enabled && !!range,
  });
}

export const interviewKeys = {
  all: ['interviews'] as const,
  slots: (params: Record<string, QueryValue>) => ['interviews', 'slots', params] as const,
  booked: (params: Record<string, QueryValue>) => ['interviews', 'booked', params] as const,
};

/** Upcoming interview slots, free and booked. */
export function useInterviewSlots(params: { page: number; perPage: number }) {
  return useQuery({
    queryKey: interviewKeys.slots(params),
    queryFn: ({ signal }) => apiData(endpoints.interviewSlots, { query: { ...params, upcoming: true }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Booked interviews (those still waiting for their outcome, or all). */
export function useInterviews(params: { page: number; perPage: number; waiting?: boolean }) {
  return useQuery({
    queryKey: interviewKeys.booked(params),
    queryFn: ({ signal }) => apiData(endpoints.interviews, { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The area clusters (the picker's 50) with their sectors: the shift form adds a cluster's sectors to a zone. */
export function useAreaClusterSectors() {
  return useQuery({
    queryKey: ['area-clusters', 'sectors'],
    queryFn: ({ signal }) => apiData(endpoints.areaClusters, { query: { perPage: 50 }, signal }),
    staleTime: 60_000,
    select: (page) => new Map(page.data.map((c) => [c.id, c.sector_ids])),
  });
}
