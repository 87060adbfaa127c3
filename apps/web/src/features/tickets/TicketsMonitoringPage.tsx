import { Button, Chip, FormControlLabel, Link, Stack, Switch, Typography } from '@mui/material';
import {
  canReassignTicket,
  pathTo,
  TICKET_AGE_FILTERS,
  TICKET_MSG,
  TICKET_STATUSES,
  type TicketDto,
  type TicketStatus,
  ticketPolicy,
} from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { endpoints } from '../../api/endpoints';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { type PagedColumn, PagedTable, usePaging } from '../../components/PagedTable';
import { type PickerOption, UserPicker } from '../../components/pickers';
import { SelectField } from '../../components/SelectField';
import { formatRelative } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { useTickets, useTicketTypes } from './api';
import { authorName, STATUS_COLORS, statusLabel, subjectTypeLabel } from './labels';
import { ReassignDialog } from './ReassignDialog';
import { SlaChip } from './SlaChip';
import { useNow } from './useNow';

const FIELD = { width: { xs: '100%', md: 170 } } as const;

/** /tickets_monitoring: tickets by status, type, assignee and age, coloured by their SLA; reassignment. */
export default function TicketsMonitoringPage() {
  const { t } = useTranslation();
  const allows = usePolicy();
  const navigate = useNavigate();
  const now = useNow();
  const types = useTicketTypes();
  const paging = usePaging();
  const [status, setStatus] = useState<TicketStatus | ''>('');
  const [typeId, setTypeId] = useState('');
  const [assignee, setAssignee] = useState<PickerOption | null>(null);
  const [age, setAge] = useState('');
  const [overdue, setOverdue] = useState(false);
  const [reassigning, setReassigning] = useState<TicketDto | null>(null);
  const filters = { status, type_id: typeId, assignee_id: assignee?.id, age, overdue: overdue ? 1 : undefined };
  const query = useTickets({ page: paging.page + 1, perPage: paging.perPage, ...filters });
  const filter =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      paging.reset();
    };
  const mayWork = allows(ticketPolicy.work);
  const columns: PagedColumn<TicketDto>[] = [
    {
      key: 'id',
      label: '#',
      render: (r) => (
        <Link component={RouterLink} to={pathTo('Ticket', { id: r.id })} underline="hover">
          {r.id}
        </Link>
      ),
    },
    { key: 'type', label: TICKET_MSG.type, render: (r) => t(r.type.title) },
    {
      key: 'status',
      label: TICKET_MSG.status,
      render: (r) => <Chip size="small" color={STATUS_COLORS[r.status]} label={statusLabel(r.status)} />,
    },
    { key: 'author', label: TICKET_MSG.author, render: (r) => authorName(r) },
    {
      key: 'subject',
      label: TICKET_MSG.name,
      render: (r) =>
        r.subject_type ? (
          <Stack spacing={0}>
            <span>{r.subject ?? '—'}</span>
            <Typography variant="caption" color="textSecondary">
              {subjectTypeLabel(r.subject_type)} · #{r.subject_id}
            </Typography>
          </Stack>
        ) : (
          '—'
        ),
    },
    {
      key: 'assignee',
      label: TICKET_MSG.assignee,
      render: (r) =>
        r.assignee?.name ?? (
          <Typography variant="body2" color="textSecondary">
            {TICKET_MSG.unassigned}
          </Typography>
        ),
    },
    // A ticket a moment old never reads as "in 5 seconds" when the browser's clock lags the server's.
    {
      key: 'age',
      label: TICKET_MSG.age,
      render: (r) => formatRelative(r.created_at, Math.max(now, Date.parse(r.created_at))),
    },
    { key: 'due', label: TICKET_MSG.due, render: (r) => <SlaChip ticket={r} now={now} /> },
    ...(mayWork
      ? [
          {
            key: 'actions',
            label: t('Actions'),
            render: (r: TicketDto) =>
              canReassignTicket(r.status) ? (
                <Button
                  size="small"
                  onClick={(e) => {
                    e.stopPropagation();
                    setReassigning(r);
                  }}
                  aria-label={`${TICKET_MSG.reassign} ${TICKET_MSG.ticket(r.id)}`}
                >
                  {TICKET_MSG.reassign}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center' }}
      >
        <SelectField
          label={TICKET_MSG.status}
          value={status}
          options={[
            { value: '' as const, label: TICKET_MSG.anyStatus },
            ...TICKET_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
          ]}
          onChange={filter((v) => setStatus(v as TicketStatus | ''))}
          sx={FIELD}
        />
        <SelectField
          label={TICKET_MSG.type}
          value={typeId}
          options={[
            { value: '', label: TICKET_MSG.anyType },
            ...(types.data ?? []).map((x) => ({ value: String(x.id), label: t(x.title) })),
          ]}
          onChange={filter(setTypeId)}
          sx={FIELD}
        />
        <Stack sx={{ width: { xs: '100%', md: 220 } }}>
          <UserPicker label={TICKET_MSG.assignee} value={assignee} onChange={filter(setAssignee)} size="small" />
        </Stack>
        <SelectField
          label={TICKET_MSG.age}
          value={age}
          options={[
            { value: '', label: TICKET_MSG.anyAge },
            ...TICKET_AGE_FILTERS.map((h) => ({ value: String(h), label: TICKET_MSG.olderThanHours(h) })),
          ]}
          onChange={filter(setAge)}
          sx={FIELD}
        />
        <FormControlLabel
          control={<Switch checked={overdue} onChange={(e) => filter(setOverdue)(e.target.checked)} />}
          label={TICKET_MSG.overdueOnly}
        />
        <ExportCsvButton endpoint={endpoints.ticketsCsv} filter={filters} />
      </Stack>
      <PagedTable
        columns={columns}
        query={query}
        paging={paging}
        rowKey={(r) => r.id}
        onOpen={(r) => navigate(pathTo('Ticket', { id: r.id }))}
        testId="tickets-table"
      />
      <ReassignDialog ticket={reassigning} onClose={() => setReassigning(null)} />
    </Stack>
  );
}
