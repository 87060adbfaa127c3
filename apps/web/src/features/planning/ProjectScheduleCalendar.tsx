import { Alert, LinearProgress, Stack } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { PROJECT_SCHEDULE_MSG as M, type ProjectScheduleDto } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { useCallback, useMemo, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useScheduleCalendar } from './api';
import { type CalendarRange, CityCalendar, naive } from './CityCalendar';

const TOOLBAR = { start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek' };

/** A user's project schedule on a week / month calendar (FullCalendar); a running period ends now. */
export function ProjectScheduleCalendar({ userId }: { userId: number }) {
  const theme = useTheme();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const schedules = useScheduleCalendar(userId, range);
  const onRange = useCallback((r: CalendarRange) => setRange({ from: r.from, to: r.to }), []);
  const events = useMemo(
    () =>
      (schedules.data ?? []).map((s: ProjectScheduleDto) => ({
        id: String(s.id),
        title: s.to ? dataLabel(s.project.name) : `${dataLabel(s.project.name)} (${M.running})`,
        start: naive(s.from),
        end: naive(s.to ?? Date.now()),
        backgroundColor: s.to ? theme.palette.primary.main : theme.palette.warning.main,
        borderColor: s.to ? theme.palette.primary.dark : theme.palette.warning.dark,
        textColor: s.to ? theme.palette.primary.contrastText : theme.palette.warning.contrastText,
      })),
    [schedules.data, theme],
  );
  return (
    <Stack spacing={1}>
      {schedules.isFetching && <LinearProgress />}
      {schedules.isError && <Alert severity="error">{errorMessage(schedules.error)}</Alert>}
      <CityCalendar
        testId="project-schedule-calendar"
        initialView="timeGridWeek"
        headerToolbar={TOOLBAR}
        allDaySlot={false}
        // The whole day by the hour: night work (a shift started after 22:00) is on the calendar too.
        slotDuration="01:00:00"
        events={events}
        onRange={onRange}
      />
    </Stack>
  );
}
