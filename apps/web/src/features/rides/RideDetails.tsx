import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Grid,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  type BookingDto,
  type BookingStatusDto,
  bookingPolicy,
  CANCELLED_STATUSES,
  COUNTED_PAYMENT_STATUS,
  cardStatusLabel,
  codeLabel,
  complaintPolicy,
  FINISHED_STATUSES,
  farePolicy,
  historyLabel,
  PARTNER_UI,
  RATING_UI,
  RIDE_UI,
  visibleHistory,
} from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { RowsTable, type TableColumn } from '../../components/RowsTable';
import { formatDateTime, formatEuros } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { BookingDialogs } from '../bookings/BookingDialogs';
import { bookingPartnerLabel } from '../bookings/format';
import { BookingFare } from '../fares/BookingFare';
import { RideRatings } from '../ratings/RideRatings';
import { PhoneLink } from '../voice/PhoneLink';
import { useRideBooking, useStatuses } from './api';
import { CategoryPicker, ComplaintsTable } from './ComplaintsSection';
import { Field } from './Field';
import { RideActions } from './RideActions';
import { RideMap } from './RideMap';
import { useRideStatusUpdates } from './realtime';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const countedTotal = (payments: BookingDto['payments']) =>
  (payments ?? []).filter((p) => p.status === COUNTED_PAYMENT_STATUS).reduce((sum, p) => sum + Number(p.amount), 0);

function Summary({ booking }: { booking: BookingDto }) {
  const car = booking.ride?.car;
  const carText = car
    ? [
        car.number,
        car.brand_model ? `${car.brand_model.brand.name} ${car.brand_model.name}` : null,
        dataLabel(car.color?.name),
      ]
        .filter(Boolean)
        .join(' · ')
    : '';
  const price = (booking.payments ?? []).filter((p) => p.type === 'booking' && p.status === COUNTED_PAYMENT_STATUS);
  return (
    <Section title={RIDE_UI.summary} testId="ride-summary">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography variant="h6">#{booking.id}</Typography>
        <Chip size="small" color="primary" label={cardStatusLabel(booking.status)} data-testid="ride-status" />
        <Chip size="small" variant="outlined" label={dataLabel(booking.service?.name)} />
      </Stack>
      <RideActions booking={booking} />
      <Grid container spacing={1.5}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field label={RIDE_UI.passenger}>
            {booking.passenger?.full_name}{' '}
            {booking.passenger?.phone_number ? (
              <>
                {'· '}
                <PhoneLink value={booking.passenger.phone_number} />
              </>
            ) : (
              ''
            )}
          </Field>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field label={RIDE_UI.captain}>{booking.ride?.captain.full_name ?? RIDE_UI.notAssigned}</Field>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field label={RIDE_UI.car}>{carText}</Field>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field label={RIDE_UI.origin}>{codeLabel('origin', booking.origin)}</Field>
        </Grid>
        {booking.partner && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <Field label={PARTNER_UI.partner}>
              <span data-testid="ride-partner">{bookingPartnerLabel(booking)}</span>
            </Field>
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field label={RIDE_UI.orderTime}>{formatDateTime(booking.datetime)}</Field>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field label={RIDE_UI.createdAt}>{formatDateTime(booking.created_at)}</Field>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field label={RIDE_UI.pickup}>{booking.pick_up_location_name}</Field>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field label={RIDE_UI.dropoff}>{booking.pull_down_location_name}</Field>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field label={RIDE_UI.price}>{price.length ? formatEuros(countedTotal(price)) : ''}</Field>
        </Grid>
      </Grid>
    </Section>
  );
}

/** Why a ride has no geofence row: no captain, cancelled before, or finished without a report near the pickup. */
function noGeofenceReason(booking: BookingDto): string {
  if (!booking.ride?.captain_id) return RIDE_UI.geofenceNoCaptain;
  if (CANCELLED_STATUSES.includes(booking.status)) return RIDE_UI.geofenceCancelled;
  if (FINISHED_STATUSES.includes(booking.status)) return RIDE_UI.geofenceNeverEntered;
  return RIDE_UI.noGeofence;
}

function Geofence({ booking }: { booking: BookingDto }) {
  const logs = booking.geofence_logs;
  return (
    <Section title={RIDE_UI.geofence} testId="ride-geofence">
      {!logs?.length ? (
        <Typography variant="body2" color="textSecondary" data-testid="geofence-empty">
          {noGeofenceReason(booking)}
        </Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{RIDE_UI.geofenceEntered}</TableCell>
              <TableCell>{RIDE_UI.geofenceLeft}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {logs.map((log, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: log rows have no id and never reorder
              <TableRow key={i}>
                <TableCell>{formatDateTime(log.enter_time) || RIDE_UI.none}</TableCell>
                <TableCell>{formatDateTime(log.leave_time) || RIDE_UI.none}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

function History({ statuses }: { statuses: BookingStatusDto[] }) {
  const { i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language
  const columns = useMemo<readonly TableColumn<BookingStatusDto>[]>(
    () => [
      {
        key: 'status',
        label: RIDE_UI.historyStatus,
        render: (s) => (
          <span data-testid="history-status" data-status={s.status}>
            {historyLabel(s.status)}
          </span>
        ),
      },
      { key: 'time', label: RIDE_UI.historyTime, render: (s) => formatDateTime(s.created_at) },
    ],
    [i18n.language],
  );
  return (
    <Section title={RIDE_UI.history} testId="ride-history">
      <RowsTable columns={columns} rows={visibleHistory(statuses)} rowKey={(s) => s.status} empty={RIDE_UI.noHistory} />
    </Section>
  );
}

type Payment = NonNullable<BookingDto['payments']>[number];

function Payments({ payments }: { payments: BookingDto['payments'] }) {
  const { i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language
  const columns = useMemo<readonly TableColumn<Payment>[]>(
    () => [
      { key: 'type', label: RIDE_UI.paymentType, render: (p) => p.type },
      { key: 'status', label: RIDE_UI.paymentStatus, render: (p) => p.status },
      { key: 'time', label: RIDE_UI.paymentTime, render: (p) => formatDateTime(p.created_at) },
      { key: 'amount', label: RIDE_UI.paymentAmount, render: (p) => formatEuros(Number(p.amount)), align: 'right' },
    ],
    [i18n.language],
  );
  const rows = payments ?? [];
  return (
    <Section title={RIDE_UI.payments} testId="ride-payments">
      <RowsTable
        columns={columns}
        rows={rows}
        rowKey={(p) => p.id}
        empty={RIDE_UI.noPayments}
        rowProps={(p) => ({ sx: { opacity: p.status === COUNTED_PAYMENT_STATUS ? 1 : 0.6 } })}
        footer={
          <TableRow>
            <TableCell colSpan={3} sx={{ fontWeight: 600 }}>
              {RIDE_UI.paymentTotal}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="payments-total">
              {formatEuros(countedTotal(rows))}
            </TableCell>
          </TableRow>
        }
      />
    </Section>
  );
}

/** Everything of the ride details page; the page and the ride dialog both show it. */
export function RideDetails({ bookingId, mapHeight = 420 }: { bookingId: number; mapHeight?: number }) {
  const booking = useRideBooking(bookingId);
  const statuses = useStatuses(bookingId, booking.data?.statuses);
  useRideStatusUpdates(bookingId);
  const allows = usePolicy();
  useTranslation();

  if (booking.isPending)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress />
      </Box>
    );
  if (booking.isError || !booking.data)
    return (
      <Alert severity="error">
        {booking.error instanceof ApiError && booking.error.status === 404 ? RIDE_UI.notFound : RIDE_UI.loadFailed}
      </Alert>
    );
  const b = booking.data;
  const history = statuses.data ?? b.statuses ?? [];
  return (
    // The card's dialogs (dispatch, cancel, change time…), opened by the page's actions.
    <BookingDialogs>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Stack spacing={2}>
            <Summary booking={b} />
            <Geofence booking={b} />
            <History statuses={history} />
            <Payments payments={b.payments} />
            {allows(bookingPolicy.ratings) && (
              <Section title={RATING_UI.ratings} testId="ride-ratings">
                <RideRatings bookingId={b.id} status={b.status} />
              </Section>
            )}
            {allows(farePolicy.bookingFare) && (
              <Section title={RIDE_UI.fare} testId="ride-fare">
                <BookingFare bookingId={b.id} />
              </Section>
            )}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Stack spacing={2}>
            <Section title={RIDE_UI.map}>
              <RideMap booking={b} statuses={history} height={mapHeight} />
            </Section>
            <Section title={RIDE_UI.complaintCategory}>
              <Stack spacing={2}>
                <CategoryPicker bookingId={b.id} canSave={allows(complaintPolicy.categorize)} />
                <ComplaintsTable bookingId={b.id} canAdd={allows(complaintPolicy.file)} />
              </Stack>
            </Section>
          </Stack>
        </Grid>
      </Grid>
    </BookingDialogs>
  );
}
