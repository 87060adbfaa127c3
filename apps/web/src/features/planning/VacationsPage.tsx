import { Alert, Box, Button, Chip, List, ListItem, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import {
  VACATION_MSG as M,
  VACATION_STATUSES,
  type VacationDto,
  type VacationStatus,
  vacationPolicy,
} from '@taxi/shared';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { type PagedColumn, PagedTable, usePaging } from '../../components/PagedTable';
import { formatDate, formatNumber } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { useVacationCoverage, useVacations, vacationKeys } from './api';
import { type CalendarRange, CityCalendar } from './CityCalendar';
import { VacationRequestForm } from './VacationRequestForm';

const STATUS_COLOR = { pending: 'warning', approved: 'success', refused: 'default' } as const;
const TOOLBAR = { start: 'prev,next today', center: 'title', end: '' };
/** The day after a YYYY-MM-DD (calendar ends are exclusive). */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** /vacations: one's own leave requests; for those who manage users, the team's, their decisions and the planner. */
export default function VacationsPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const allows = usePolicy();
  const client = useQueryClient();
  const seeAll = allows(vacationPolicy.seeAll);
  const [status, setStatus] = useState<VacationStatus | ''>('');
  const paging = usePaging();
  const list = useVacations({ page: paging.page + 1, perPage: paging.perPage, ...(status ? { status } : {}) });
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const onRange = useCallback((r: CalendarRange) => {
    // The month's days (the grid's last day is the day before its exclusive end).
    const last = new Date(Date.parse(`${r.endDay}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    setRange({ from: r.startDay, to: last });
  }, []);
  const coverage = useVacationCoverage(range, seeAll);
  const leaves = useVacations({ page: 1, perPage: 100 });
  const refresh = () => client.invalidateQueries({ queryKey: vacationKeys.all });
  const decide = useApiMutation({
    mutationFn: ({ id, approve }: { id: number; approve: boolean }) =>
      approve
        ? api(endpoints.approveVacation, { params: { id } })
        : api(endpoints.refuseVacation, { params: { id }, body: { reason: null } }),
    onSuccess: (res) => {
      if (res.message) toast.success(res.message);
      void refresh();
    },
  });
  const p = theme.palette;
  const events = useMemo(() => {
    const requests = (leaves.data?.data ?? [])
      .filter((v) => v.status !== 'refused')
      .map((v) => ({
        id: `v${v.id}`,
        title: v.status === 'pending' ? `${v.user.name} (${M.pending})` : v.user.name,
        start: v.from,
        end: nextDay(v.to),
        allDay: true,
        backgroundColor: v.status === 'approved' ? p.primary.main : p.warning.main,
        borderColor: v.status === 'approved' ? p.primary.dark : p.warning.dark,
        textColor: v.status === 'approved' ? p.primary.contrastText : p.warning.contrastText,
      }));
    return requests;
  }, [leaves.data, p]);
  const warnings = useMemo(
    () => (coverage.data?.days ?? []).filter((d) => d.below || d.below_if_approved),
    [coverage.data],
  );
  // Days short of staff are framed (a frame keeps the day's text readable): red below, orange at risk.
  const shortDays = useMemo(
    () => new Map(warnings.map((d) => [d.date, d.below ? 'planner-below' : 'planner-at-risk'])),
    [warnings],
  );
  const dayClass = useCallback(
    (arg: { date: Date }) => {
      const c = shortDays.get(arg.date.toISOString().slice(0, 10));
      return c ? [c] : [];
    },
    [shortDays],
  );
  const threshold = coverage.data?.threshold ?? 0;
  const columns: PagedColumn<VacationDto>[] = [
    { key: 'user', label: M.user, render: (v) => v.user.name },
    { key: 'from', label: M.from, render: (v) => formatDate(v.from) },
    { key: 'to', label: M.to, render: (v) => formatDate(v.to) },
    { key: 'days', label: t('Days'), render: (v) => formatNumber(v.days) },
    {
      key: 'reason',
      label: M.reason,
      render: (v) => (v.refusal_reason ? `${v.reason} — ${v.refusal_reason}` : v.reason),
    },
    {
      key: 'status',
      label: M.status,
      render: (v) => <Chip size="small" color={STATUS_COLOR[v.status]} label={M[v.status]} />,
    },
    {
      key: 'actions',
      label: t('Actions'),
      render: (v) =>
        v.status === 'pending' && allows(vacationPolicy.decide, { userId: v.user.id }) ? (
          <Stack direction="row" spacing={1}>
            <Button size="small" onClick={() => decide.mutate({ id: v.id, approve: true })}>
              {M.approve}
            </Button>
            <Button size="small" color="error" onClick={() => decide.mutate({ id: v.id, approve: false })}>
              {M.refuse}
            </Button>
          </Stack>
        ) : null,
    },
  ];
  return (
    <Stack spacing={3}>
      <Stack spacing={1} component="section" aria-labelledby="request-heading">
        <Typography variant="h6" component="h2" id="request-heading">
          {M.request}
        </Typography>
        <VacationRequestForm />
      </Stack>
      <Stack spacing={1} component="section" aria-labelledby="requests-heading">
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="h6" component="h2" id="requests-heading" sx={{ flex: 1 }}>
            {M.heading}
          </Typography>
          <TextField
            select
            size="small"
            label={M.status}
            sx={{ width: 200, flexShrink: 0 }}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as VacationStatus | '');
              paging.reset();
            }}
          >
            <MenuItem value="">{t('All')}</MenuItem>
            {VACATION_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {M[s]}
              </MenuItem>
            ))}
          </TextField>
          <ExportCsvButton endpoint={endpoints.vacationsCsv} filter={status ? { status } : {}} />
        </Stack>
        <PagedTable columns={columns} query={list} paging={paging} rowKey={(v) => v.id} testId="vacations-table" />
      </Stack>
      <Stack spacing={1} component="section" aria-labelledby="calendar-heading">
        <Typography variant="h6" component="h2" id="calendar-heading">
          {M.calendar}
        </Typography>
        {seeAll &&
          coverage.data &&
          (warnings.length === 0 ? (
            <Alert severity="success">{M.noWarning}</Alert>
          ) : (
            <Alert severity="warning" data-testid="vacation-warnings">
              <List dense disablePadding>
                {warnings.map((d) => (
                  <ListItem key={d.date} disableGutters>
                    {d.below
                      ? M.below(formatDate(d.date), d.available, threshold)
                      : M.belowIfApproved(formatDate(d.date), d.available - d.requested, threshold)}
                  </ListItem>
                ))}
              </List>
            </Alert>
          ))}
        <Box
          sx={{
            '& .planner-below': { boxShadow: `inset 0 0 0 3px ${p.error.main}` },
            '& .planner-at-risk': { boxShadow: `inset 0 0 0 3px ${p.warning.main}` },
          }}
        >
          <CityCalendar
            testId="vacations-calendar"
            initialView="dayGridMonth"
            headerToolbar={TOOLBAR}
            events={events}
            onRange={onRange}
            dayCellClassNames={dayClass}
          />
        </Box>
      </Stack>
    </Stack>
  );
}
