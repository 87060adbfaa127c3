import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Alert,
  Box,
  Button,
  Chip,
  type ChipProps,
  IconButton,
  LinearProgress,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  BOOKING_UI,
  type BookingAction,
  type BookingDto,
  EXCEPTION_KINDS,
  EXCEPTIONS_UI,
  type ExceptionKind,
  exceptionLabel,
  exceptionMayHold,
  pathTo,
  shortName,
} from '@taxi/shared';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { formatAge } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { BOOKING_ACTION_TABLE, runBookingAction } from '../bookings/actionTable';
import { useBooking } from '../bookings/api';
import { BookingDialogs } from '../bookings/BookingDialogs';
import { useExtend, useRedispatch, useRemind } from '../bookings/commands';
import { useOpenDialog } from '../bookings/dialogContext';
import { useNow } from '../bookings/useNow';
import { isActionVisible } from '../bookings/visibility';
import { type ExceptionRow, type FetchedExceptions, useExceptions } from './api';

/** The card's actions each kind offers in place, the likeliest first (shown as the card shows them: rules first). */
const KIND_ACTIONS: Record<ExceptionKind, readonly BookingAction[]> = {
  late_booking: ['dispatch', 'pendingReminder', 'cancel'],
  unassigned: ['dispatch', 'cancel'],
  unanswered_offer: ['dispatch', 'cancel'],
  expiring_besoin: ['extend', 'dispatch', 'cancel'],
  late_captain: ['dispatchedReminder', 'redispatch', 'cancel'],
  not_moving: ['redispatch', 'dispatchedReminder', 'cancel'],
};

/** A column as wide as its content, on one line. */
const SHRINK = { width: '1%', whiteSpace: 'nowrap' } as const;

const KIND_COLOURS: Record<ExceptionKind, ChipProps['color']> = {
  late_booking: 'error',
  late_captain: 'error',
  unassigned: 'error',
  not_moving: 'warning',
  expiring_besoin: 'warning',
  unanswered_offer: 'info',
};

/** One row's actions: the card's, by the same rules (the user's policy and the booking's status). */
function RowActions({ kind, booking, describedBy }: { kind: ExceptionKind; booking: BookingDto; describedBy: string }) {
  useTranslation();
  const allows = usePolicy();
  const openDialog = useOpenDialog();
  const navigate = useNavigate();
  const remind = useRemind();
  const extend = useExtend();
  const redispatch = useRedispatch();
  const context = { booking, openDialog, navigate, remind, extend: extend.mutate, redispatch: redispatch.mutate };
  const actions = KIND_ACTIONS[kind].filter((action) => isActionVisible(action, booking, allows));
  const busy = extend.isPending || redispatch.isPending;
  return (
    <Stack direction="row" sx={{ gap: 0.75, alignItems: 'center' }}>
      <Tooltip title={BOOKING_UI.openDetails}>
        <IconButton
          size="small"
          component={RouterLink}
          to={pathTo('Details', { id: booking.id })}
          aria-label={BOOKING_UI.openDetails}
          aria-describedby={describedBy}
          data-testid="exception-open"
        >
          <OpenInNewIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {actions.map((action, index) => (
        <Button
          key={action}
          size="small"
          variant={index === 0 ? 'contained' : 'outlined'}
          color={action === 'cancel' ? 'error' : 'primary'}
          disabled={busy}
          onClick={() => runBookingAction(action, context)}
          aria-describedby={describedBy}
          data-testid={`exception-action-${action}`}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {BOOKING_ACTION_TABLE[action].label}
        </Button>
      ))}
    </Stack>
  );
}

/** Who the row is about, beside the booking: the ride's captain, the captain offered, or a group offer's size. */
function aboutCaptain(row: ExceptionRow, booking: BookingDto): string | null {
  if (row.captain_name) return EXCEPTIONS_UI.captain(row.captain_name);
  const group = booking.active_captain_suggestion?.captains;
  if (row.kind === 'unanswered_offer' && group) return EXCEPTIONS_UI.offeredTo(group);
  return null;
}

function ExceptionLine({ row, now, highlighted }: { row: ExceptionRow; now: number; highlighted: boolean }) {
  useTranslation();
  // The booking as the cache has it now (the socket's merges): a settled row leaves before the next fetch.
  const booking = useBooking(row.booking_id).data ?? row.booking;
  const bookingId = useId();
  if (!exceptionMayHold(row.kind, booking)) return null;
  const captain = aboutCaptain(row, booking);
  return (
    <TableRow
      hover
      selected={highlighted}
      data-testid={`exception-${row.id}`}
      data-kind={row.kind}
      data-booking={row.booking_id}
    >
      <TableCell sx={SHRINK}>
        <Chip size="small" color={KIND_COLOURS[row.kind]} label={exceptionLabel(row.kind)} />
      </TableCell>
      {/* Takes the room the others leave, its lines cut short rather than the actions wrapped. */}
      <TableCell id={bookingId} sx={{ width: '100%', maxWidth: 0 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'baseline', minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={pathTo('Details', { id: booking.id })}
            sx={{ fontWeight: 600, flexShrink: 0 }}
            data-testid="exception-booking"
          >
            {BOOKING_UI.orderId(booking.id)}
          </Link>
          {/* Names and places keep their own direction (a Latin name's full stop stays at its end in Arabic). */}
          <Typography component="bdi" sx={{ fontSize: 13 }} noWrap>
            {shortName(booking.passenger.first_name, booking.passenger.last_name)}
          </Typography>
        </Stack>
        <Typography sx={{ fontSize: 12, color: 'text.secondary' }} noWrap>
          <bdi>{booking.pick_up_location_name}</bdi>
          {captain && (
            <>
              {' · '}
              <bdi>{captain}</bdi>
            </>
          )}
        </Typography>
      </TableCell>
      <TableCell sx={{ ...SHRINK, fontVariantNumeric: 'tabular-nums' }} data-testid="exception-age">
        {formatAge(now - Date.parse(row.since))}
      </TableCell>
      <TableCell sx={SHRINK}>
        <RowActions kind={row.kind} booking={booking} describedBy={bookingId} />
      </TableCell>
    </TableRow>
  );
}

function KindFilter({
  items,
  kind,
  onKind,
}: {
  items: readonly ExceptionRow[];
  kind: ExceptionKind | null;
  onKind: (kind: ExceptionKind | null) => void;
}) {
  useTranslation();
  const counts = useMemo(() => {
    const out = new Map<ExceptionKind, number>();
    for (const item of items) out.set(item.kind, (out.get(item.kind) ?? 0) + 1);
    return out;
  }, [items]);
  return (
    <Stack
      direction="row"
      role="group"
      aria-label={EXCEPTIONS_UI.kindFilter}
      sx={{ gap: 0.75, flexWrap: 'wrap' }}
      data-testid="exception-kinds"
    >
      <Chip
        clickable
        size="small"
        color={kind === null ? 'primary' : 'default'}
        variant={kind === null ? 'filled' : 'outlined'}
        label={EXCEPTIONS_UI.allKinds(items.length)}
        aria-pressed={kind === null}
        onClick={() => onKind(null)}
      />
      {EXCEPTION_KINDS.filter((k) => counts.has(k)).map((k) => (
        <Chip
          key={k}
          clickable
          size="small"
          color={kind === k ? 'primary' : 'default'}
          variant={kind === k ? 'filled' : 'outlined'}
          label={EXCEPTIONS_UI.kindCount(exceptionLabel(k), counts.get(k) ?? 0)}
          aria-pressed={kind === k}
          onClick={() => onKind(kind === k ? null : k)}
          data-testid={`exception-kind-${k}`}
        />
      ))}
    </Stack>
  );
}

function ExceptionsTable({ list, highlight }: { list: FetchedExceptions; highlight: number | null }) {
  useTranslation();
  const now = useNow() + list.clockOffsetMs;
  const [kind, setKind] = useState<ExceptionKind | null>(null);
  const rows = kind ? list.items.filter((item) => item.kind === kind) : list.items;
  // A notice's link names its booking: its rows are marked, and brought into view once.
  useEffect(() => {
    if (highlight !== null)
      document.querySelector(`[data-booking="${highlight}"]`)?.scrollIntoView({ block: 'center' });
  }, [highlight]);
  return (
    <Stack spacing={1.5}>
      <KindFilter items={list.items} kind={kind} onKind={setKind} />
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table
          size="small"
          aria-label={EXCEPTIONS_UI.heading}
          data-testid="exceptions-table"
          sx={{ '& th, & td': { px: 1 }, '& th:first-of-type, & td:first-of-type': { pl: 2 } }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{EXCEPTIONS_UI.columns.kind}</TableCell>
              <TableCell>{EXCEPTIONS_UI.columns.booking}</TableCell>
              <TableCell>{EXCEPTIONS_UI.columns.age}</TableCell>
              <TableCell>{EXCEPTIONS_UI.columns.actions}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <ExceptionLine key={row.id} row={row} now={now} highlighted={row.booking_id === highlight} />
            ))}
          </TableBody>
        </Table>
      </Paper>
      {list.total > list.items.length && (
        <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>
          {EXCEPTIONS_UI.truncated(list.items.length, list.total)}
        </Typography>
      )}
    </Stack>
  );
}

function Board() {
  useTranslation();
  const exceptions = useExceptions();
  const [params] = useSearchParams();
  const highlight = Number(params.get('booking')) || null;
  let body: ReactNode;
  if (exceptions.isPending)
    body = (
      <Paper variant="outlined" sx={{ p: 3 }} data-testid="exceptions-loading">
        <LinearProgress aria-label={EXCEPTIONS_UI.loading} />
        <Typography sx={{ mt: 1.5, fontSize: 13, color: 'text.secondary' }}>{EXCEPTIONS_UI.loading}</Typography>
      </Paper>
    );
  else if (exceptions.isError && !exceptions.data)
    body = (
      <Alert
        severity="error"
        data-testid="exceptions-error"
        action={
          <Button color="inherit" size="small" onClick={() => exceptions.refetch()} disabled={exceptions.isFetching}>
            {EXCEPTIONS_UI.retry}
          </Button>
        }
      >
        {EXCEPTIONS_UI.loadFailed} {errorMessage(exceptions.error)}
      </Alert>
    );
  else if (exceptions.data.items.length === 0)
    body = (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="exceptions-empty">
        <Typography color="textSecondary">{EXCEPTIONS_UI.empty}</Typography>
      </Paper>
    );
  else body = <ExceptionsTable list={exceptions.data} highlight={highlight} />;

  return (
    <Stack spacing={1.5}>
      <Box>
        <Typography variant="h6" component="h2">
          {EXCEPTIONS_UI.heading}
        </Typography>
        <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{EXCEPTIONS_UI.intro}</Typography>
      </Box>
      {exceptions.isError && exceptions.data && (
        <Alert severity="warning" data-testid="exceptions-stale">
          {EXCEPTIONS_UI.loadFailed} {errorMessage(exceptions.error)}
        </Alert>
      )}
      {body}
    </Stack>
  );
}

/** The exceptions board: one live list of what needs a dispatcher now, with the card's actions in place. */
export default function ExceptionsPage() {
  return (
    <BookingDialogs>
      <Board />
    </BookingDialogs>
  );
}
