import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { EVENTS, type StatGroup } from '@taxi/shared';
import { useRef } from 'react';
import { apiData, endpoints } from '../../api/endpoints';
import { useSocketEvent } from '../../api/socket';

export const reportKeys = {
  all: ['reports'] as const,
  dashboard: ['reports', 'dashboard'] as const,
  monitor: ['reports', 'monitor'] as const,
  statistics: (from: string, to: string, group: StatGroup) => ['reports', 'statistics', from, to, group] as const,
};

/** The figures are read again this often, and soon after a booking is created or moves. */
export const REPORTS_REFRESH_MS = 15_000;
const EVENT_REFRESH_MS = 3_000;

/** Booking events refresh today's figures, at most once every few seconds. */
function useRefreshOnBookingEvents(key: readonly string[]) {
  const client = useQueryClient();
  const last = useRef(0);
  const refresh = () => {
    if (Date.now() - last.current < EVENT_REFRESH_MS) return;
    last.current = Date.now();
    void client.invalidateQueries({ queryKey: key });
  };
  useSocketEvent(EVENTS.newBooking, refresh);
  useSocketEvent(EVENTS.bookingStatusUpdate, refresh);
}

export function useDashboard() {
  useRefreshOnBookingEvents(reportKeys.dashboard);
  return useQuery({
    queryKey: reportKeys.dashboard,
    queryFn: ({ signal }) => apiData(endpoints.reportsDashboard, { signal }),
    refetchInterval: REPORTS_REFRESH_MS,
  });
}

export function useMonitor() {
  useRefreshOnBookingEvents(reportKeys.monitor);
  return useQuery({
    queryKey: reportKeys.monitor,
    queryFn: ({ signal }) => apiData(endpoints.reportsMonitor, { signal }),
    refetchInterval: REPORTS_REFRESH_MS,
  });
}

export function useStatistics(from: string, to: string, group: StatGroup, enabled = true) {
  return useQuery({
    queryKey: reportKeys.statistics(from, to, group),
    queryFn: ({ signal }) => apiData(endpoints.reportsStatistics, { query: { from, to, group }, signal }),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}
