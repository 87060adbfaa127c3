import arLocale from '@fullcalendar/core/locales/ar';
import enGbLocale from '@fullcalendar/core/locales/en-gb';
import frLocale from '@fullcalendar/core/locales/fr';
import dayGridPlugin from '@fullcalendar/daygrid';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Box } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { cityLocalToDate, dateToCityLocal } from '@taxi/shared';
import { type ComponentProps, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Calendars show the city's wall clock whatever the browser's zone: events are given as naive city-local
 * times to a calendar that runs in UTC, and its visible range is read back the same way.
 */
export const naive = (instant: string | number): string => `${dateToCityLocal(new Date(instant)).replace(' ', 'T')}:00`;
const fromNaive = (date: Date): string =>
  (cityLocalToDate(date.toISOString().slice(0, 16).replace('T', ' ')) ?? date).toISOString();

const PLUGINS = [dayGridPlugin, timeGridPlugin];
const LOCALES = [enGbLocale, frLocale, arLocale];
const cityNow = () => naive(Date.now());

export type CalendarRange = { from: string; to: string; startDay: string; endDay: string };

type Props = Omit<ComponentProps<typeof FullCalendar>, 'plugins' | 'timeZone' | 'locale' | 'direction' | 'datesSet'> & {
  /** The visible range as instants and as city days (end exclusive); called only when it moves. */
  onRange: (range: CalendarRange) => void;
  testId?: string;
};

/** FullCalendar in the console's language, direction and palette (light and dark), on the city's clock. */
export function CityCalendar({ onRange, testId, dayCellDidMount, ...props }: Props) {
  const { i18n } = useTranslation();
  const theme = useTheme();
  const last = useRef('');
  const onDates = useCallback(
    (arg: { start: Date; end: Date }) => {
      const range = {
        from: fromNaive(arg.start),
        to: fromNaive(arg.end),
        startDay: arg.start.toISOString().slice(0, 10),
        endDay: arg.end.toISOString().slice(0, 10),
      };
      const key = `${range.from}/${range.to}`;
      if (key === last.current) return;
      last.current = key;
      onRange(range);
    },
    [onRange],
  );
  // The toolbar's chevrons are icons inside named buttons (their hint): hidden from assistive technology.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const icon of box.current?.querySelectorAll('.fc-icon') ?? []) icon.setAttribute('aria-hidden', 'true');
  });
  // A month's day cell is named by its day number alone (aria-labelledby), yet shows that day's events too: its
  // name must hold what it shows (axe: label-content-name-mismatch). Without the reference the cell is named by
  // its content, the full date (the number's own name) then the events.
  const onDayCell = useCallback<NonNullable<Props['dayCellDidMount']>>(
    (arg) => {
      if (arg.el.getAttribute('role') === 'gridcell') arg.el.removeAttribute('aria-labelledby');
      if (typeof dayCellDidMount === 'function') dayCellDidMount(arg);
    },
    [dayCellDidMount],
  );
  const p = theme.palette;
  return (
    <Box
      ref={box}
      data-testid={testId}
      sx={{
        '--fc-border-color': p.divider,
        '--fc-page-bg-color': p.background.paper,
        '--fc-neutral-bg-color': p.action.hover,
        '--fc-neutral-text-color': p.text.secondary,
        '--fc-today-bg-color': p.action.selected,
        '--fc-button-text-color': p.primary.contrastText,
        '--fc-button-bg-color': p.primary.main,
        '--fc-button-border-color': p.primary.main,
        '--fc-button-hover-bg-color': p.primary.dark,
        '--fc-button-hover-border-color': p.primary.dark,
        '--fc-button-active-bg-color': p.primary.dark,
        '--fc-button-active-border-color': p.primary.dark,
        '--fc-now-indicator-color': p.error.main,
        '--fc-bg-event-opacity': 0.35,
        color: 'text.primary',
        '& .fc .fc-toolbar-title': { fontSize: theme.typography.h6.fontSize },
        '& .fc a': { color: 'inherit' },
        // Days of the next or previous month: muted by colour, not by FullCalendar's 0.3 opacity (contrast).
        '& .fc .fc-day-other .fc-daygrid-day-top': { opacity: 1, color: p.text.secondary },
      }}
    >
      <FullCalendar
        plugins={PLUGINS}
        timeZone="UTC"
        now={cityNow}
        locales={LOCALES}
        // English as the console writes dates (day first, 24 h), French and Arabic as their locales do.
        locale={i18n.language === 'en' ? 'en-gb' : i18n.language}
        direction={theme.direction}
        firstDay={1}
        height="auto"
        {...props}
        dayCellDidMount={onDayCell}
        datesSet={onDates}
      />
    </Box>
  );
}
