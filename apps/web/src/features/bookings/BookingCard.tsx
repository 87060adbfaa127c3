import AirplanemodeActiveIcon from '@mui/icons-material/AirplanemodeActive';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PersonIcon from '@mui/icons-material/Person';
import PlaceIcon from '@mui/icons-material/Place';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import {
  Box,
  Button,
  Chip,
  Divider,
  IconButton,
  Link,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  BOOKING_MSG,
  BOOKING_UI,
  type BookingAction,
  type BookingDto,
  BUSY_BOOKING_STATUSES,
  bookingPolicy,
  COUNTDOWN_RED_SECONDS,
  cardStatusLabel,
  LOYALTY_CLASSES,
  mmss,
  ridersOrBags,
  secondsLeft,
  suggestionLine,
} from '@taxi/shared';
import { memo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { usePolicy } from '../auth/currentUser';
import { openRideDialog } from '../rides/overlays';
import { useDirectActions, useOpenDialog } from './actions';
import { useBooking } from './api';
import { orderTime, statusColour } from './format';
import { useNow } from './useNow';
import { isActionVisible } from './visibility';

const LOYALTY_COLOURS: Record<string, string> = { P0: '#8d6e63', P1: '#9e9e9e', P2: '#f9a825', P3: '#5c6bc0' };

function Countdown({ until, testId }: { until: string | null | undefined; testId?: string }) {
  const now = useNow();
  const left = secondsLeft(until, now);
  return (
    <Typography
      component="span"
      data-testid={testId}
      sx={{
        fontFamily: 'monospace',
        fontWeight: 700,
        fontSize: 13,
        color: left < COUNTDOWN_RED_SECONDS ? 'error.main' : 'success.main',
      }}
    >
      {mmss(left)}
    </Typography>
  );
}

/** Countdown to the order time, hours included when far away. */
function OrderCountdown({ datetime }: { datetime: string }) {
  const now = useNow();
  const left = secondsLeft(datetime, now);
  const hours = Math.floor(left / 3600);
  const text = hours > 0 ? `${hours}h ${mmss(left % 3600)}` : mmss(left);
  return (
    <Typography
      component="span"
      data-testid="order-countdown"
      sx={{
        fontFamily: 'monospace',
        fontWeight: 700,
        fontSize: 13,
        color: left < COUNTDOWN_RED_SECONDS ? 'error.main' : 'text.secondary',
      }}
    >
      {text}
    </Typography>
  );
}

function Loyalty({ booking }: { booking: BookingDto }) {
  const cls = booking.passenger.active_loyalty_classes.find((c) =>
    (LOYALTY_CLASSES as readonly string[]).includes(c.name),
  );
  if (!cls)
    return (
      <Typography component="span" sx={{ fontSize: 11, color: 'text.disabled', fontWeight: 600 }}>
        {BOOKING_MSG.noClass}
      </Typography>
    );
  return (
    <Tooltip title={cls.name}>
      <Stack
        direction="row"
        style={{ alignItems: 'center' }}
        component="span"
        sx={{ color: LOYALTY_COLOURS[cls.name] }}
        data-testid="loyalty"
      >
        <WorkspacePremiumIcon sx={{ fontSize: 16 }} />
        <Typography component="span" sx={{ fontSize: 11, fontWeight: 700 }}>
          {cls.name}
        </Typography>
      </Stack>
    </Tooltip>
  );
}

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ fontSize: 13, minWidth: 0 }}>
      <Typography component="span" sx={{ fontSize: 12, color: 'text.secondary', minWidth: 64, flexShrink: 0 }}>
        {label}
      </Typography>
      <Box sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>{children}</Box>
    </Stack>
  );
}

const MENU_ACTIONS: readonly BookingAction[] = [
  'dispatch',
  'cancel',
  'pendingReminder',
  'dispatchedReminder',
  'extend',
  'changeTime',
  'changeService',
  'suggestService',
  'logs',
  'bookingChat',
];

function ActionsMenu({ booking }: { booking: BookingDto }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const allows = usePolicy();
  const openDialog = useOpenDialog();
  const direct = useDirectActions();
  const navigate = useNavigate();
  const visible = anchor ? MENU_ACTIONS.filter((a) => isActionVisible(a, booking, allows)) : [];

  const run = (action: BookingAction) => {
    setAnchor(null);
    switch (action) {
      case 'cancel':
      case 'dispatch':
      case 'changeTime':
      case 'changeService':
      case 'suggestService':
        openDialog(action, booking.id);
        return;
      case 'pendingReminder':
      case 'dispatchedReminder':
        void direct.remind(action, booking);
        return;
      case 'extend':
        void direct.extend(booking);
        return;
      case 'logs':
        navigate(`/log/${booking.id}`);
        return;
      case 'bookingChat':
        navigate(`/booking-chat/${booking.id}`);
        return;
    }
  };

  return (
    <>
      <IconButton
        size="small"
        aria-label={BOOKING_UI.actions}
        data-testid={`actions-${booking.id}`}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => navigate(`/rides/${booking.id}`)}>{BOOKING_UI.openDetails}</MenuItem>
        {booking.ride_id && BUSY_BOOKING_STATUSES.includes(booking.status) && (
          <MenuItem
            data-testid="action-openRidePage"
            onClick={() => {
              setAnchor(null);
              openRideDialog(booking.id);
            }}
          >
            {BOOKING_UI.openRidePage}
          </MenuItem>
        )}
        {visible.map((action) => (
          <MenuItem key={action} onClick={() => run(action)} data-testid={`action-${action}`}>
            <ListItemText>{BOOKING_UI[action]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function Notes({ booking }: { booking: BookingDto }) {
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const { solveNote } = useDirectActions();
  const mayChange = usePolicy()(bookingPolicy.change);
  const notes = booking.notes_list.filter((n) => !n.solved && !hidden.has(n.id));
  if (notes.length === 0) return null;
  return (
    <Stack
      spacing={0.5}
      sx={{ bgcolor: 'warning.50', borderRadius: 1, p: 0.75, border: 1, borderColor: 'warning.light' }}
    >
      {notes.map((note) => (
        <Stack
          key={note.id}
          direction="row"
          spacing={1}
          style={{ alignItems: 'flex-start' }}
          data-testid={`note-${note.id}`}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontSize: 13, whiteSpace: 'pre-wrap' }}>{note.note}</Typography>
            <Typography sx={{ fontSize: 11, color: 'text.secondary' }}>
              {note.author_name ?? ''} · {orderTime(note.created_at)}
            </Typography>
          </Box>
          {mayChange && (
            <Button
              size="small"
              onClick={async () => {
                if (await solveNote(note.id)) setHidden((prev) => new Set(prev).add(note.id));
              }}
            >
              {BOOKING_UI.solve}
            </Button>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

function CardBody({ booking }: { booking: BookingDto }) {
  const openDialog = useOpenDialog();
  const { touch } = useDirectActions();
  const allows = usePolicy();
  // bookings.md §6: who may change no booking (the Goverment role) gets the open-details action only.
  const mayChange = allows(bookingPolicy.change);
  const colour = statusColour(booking.status);
  const suggestion = suggestionLine(booking.suggestions.map((s) => s.status));
  const pendingChange =
    booking.last_service_change_suggestion && !booking.last_service_change_suggestion.accepted_at
      ? booking.last_service_change_suggestion
      : null;
  const notApproved = booking.service.is_pooling && !booking.passenger.approved_at;
  const hasDocs = !!(booking.passenger.id_card_front || booking.passenger.id_card_back);
  const captain = booking.ride?.captain;
  const car = booking.ride?.car;

  return (
    <Paper
      variant="outlined"
      data-testid={`booking-card-${booking.id}`}
      data-status={booking.status}
      sx={{ borderLeft: 5, borderLeftColor: colour, p: 1.25, display: 'flex', flexDirection: 'column', gap: 0.75 }}
    >
      <Stack direction="row" style={{ alignItems: 'center' }} spacing={1} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
        <Link component={RouterLink} to={`/rides/${booking.id}`} sx={{ fontWeight: 700, fontSize: 15 }}>
          {BOOKING_UI.orderId(booking.id)}
        </Link>
        <Chip
          size="small"
          label={cardStatusLabel(booking.status)}
          data-testid="status-label"
          sx={{ bgcolor: colour, color: '#fff', fontWeight: 600, height: 22 }}
        />
        {booking.high_priority && (
          <Chip size="small" color="error" variant="outlined" label={BOOKING_UI.highPriority} />
        )}
        <Chip
          size="small"
          variant="outlined"
          label={booking.now ? BOOKING_UI.now : BOOKING_UI.scheduled}
          sx={{ height: 22 }}
        />
        {booking.besoin && (
          <Chip size="small" color="info" variant="outlined" label={BOOKING_UI.besoin} sx={{ height: 22 }} />
        )}
        <Box sx={{ flex: 1 }} />
        <Typography sx={{ fontSize: 13, fontWeight: 600 }} data-testid="order-time">
          {orderTime(booking.datetime)}
        </Typography>
        <OrderCountdown datetime={booking.datetime} />
        {mayChange ? (
          <ActionsMenu booking={booking} />
        ) : (
          <Button size="small" component={RouterLink} to={`/rides/${booking.id}`} data-testid={`details-${booking.id}`}>
            {BOOKING_UI.openDetails}
          </Button>
        )}
      </Stack>

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} divider={<Divider orientation="vertical" flexItem />}>
        <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} style={{ alignItems: 'center' }} sx={{ flexWrap: 'wrap' }}>
            <PersonIcon sx={{ fontSize: 16, color: 'text.secondary' }} />
            <Typography sx={{ fontSize: 14, fontWeight: 600 }} data-testid="passenger-name">
              {booking.passenger.full_name}
            </Typography>
            <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{booking.passenger.phone_number}</Typography>
            <Loyalty booking={booking} />
          </Stack>
          {notApproved && (
            <Stack direction="row" spacing={1}>
              <Chip size="small" color="warning" label={BOOKING_MSG.notApproved} sx={{ height: 20 }} />
              <Chip
                size="small"
                variant="outlined"
                label={hasDocs ? BOOKING_MSG.withDocs : BOOKING_MSG.withoutDocs}
                sx={{ height: 20 }}
              />
            </Stack>
          )}
          <Line label={BOOKING_UI.pickup}>
            <Stack direction="row" spacing={0.5} style={{ alignItems: 'center' }}>
              <PlaceIcon sx={{ fontSize: 14, color: 'success.main' }} />
              <Typography
                component="span"
                sx={{ fontSize: 13 }}
                noWrap
                title={booking.pick_up_location_details ?? undefined}
              >
                {booking.pick_up_location_name}
                {booking.pickup_sector ? ` · ${booking.pickup_sector.name}` : ''}
              </Typography>
            </Stack>
          </Line>
          {booking.stops.length > 0 && (
            <Line label={BOOKING_UI.stops}>
              <Typography component="span" sx={{ fontSize: 13 }} noWrap>
                {booking.stops.map((s) => s.location_name).join(' → ')}
              </Typography>
            </Line>
          )}
          {booking.pull_down_location_name && (
            <Line label={BOOKING_UI.dropoff}>
              <Stack direction="row" spacing={0.5} style={{ alignItems: 'center' }}>
                <PlaceIcon sx={{ fontSize: 14, color: 'error.main' }} />
                <Typography
                  component="span"
                  sx={{ fontSize: 13 }}
                  noWrap
                  title={booking.pull_down_location_details ?? undefined}
                >
                  {booking.pull_down_location_name}
                  {booking.dropoff_sector ? ` · ${booking.dropoff_sector.name}` : ''}
                </Typography>
              </Stack>
            </Line>
          )}
        </Stack>

        <Stack spacing={0.5} sx={{ width: { md: 330 }, flexShrink: 0, fontSize: 13 }}>
          <Line label={BOOKING_UI.service}>
            <Typography component="span" sx={{ fontSize: 13, fontWeight: 600 }} data-testid="service-name">
              {booking.service.name}
            </Typography>
            <Typography component="span" sx={{ fontSize: 12, color: 'text.secondary' }}>
              {' '}
              · {BOOKING_UI.seats} {booking.seats} · {booking.origin}
              {booking.voucher ? ` · ${BOOKING_UI.voucher} ${booking.voucher.code}` : ''}
            </Typography>
          </Line>
          {pendingChange && (
            <Line label="">
              <Typography component="span" sx={{ fontSize: 12, color: 'info.main' }}>
                {BOOKING_UI.serviceChangeTo(pendingChange.new_service)}{' '}
              </Typography>
              {mayChange && (
                <Link
                  component="button"
                  sx={{ fontSize: 12 }}
                  onClick={() => openDialog('acceptServiceChange', booking.id)}
                >
                  {BOOKING_MSG.paxAccepted}
                </Link>
              )}
            </Line>
          )}
          {captain && (
            <Line label={BOOKING_UI.captain}>
              <Typography component="span" sx={{ fontSize: 13 }} data-testid="captain-name">
                {captain.full_name}
              </Typography>
              {car && (
                <Typography component="span" sx={{ fontSize: 12, color: 'text.secondary' }}>
                  {' '}
                  · {car.number}
                  {car.brand_model ? ` ${car.brand_model.brand.name} ${car.brand_model.name}` : ''}
                  {car.color ? ` (${car.color.name})` : ''}
                </Typography>
              )}
            </Line>
          )}
          <Line label={BOOKING_UI.suggestedCaptain}>
            <Typography component="span" sx={{ fontSize: 13 }}>
              {booking.active_captain_suggestion?.captain_name ?? '—'}{' '}
            </Typography>
            <Countdown until={booking.active_captain_suggestion?.until} testId="suggestion-countdown" />
          </Line>
          {suggestion && (
            <Typography sx={{ fontSize: 12, color: 'text.secondary', fontStyle: 'italic' }}>{suggestion}</Typography>
          )}
          {booking.airport && (
            <Stack direction="row" spacing={1} style={{ alignItems: 'center' }}>
              <AirplanemodeActiveIcon sx={{ fontSize: 16, color: 'primary.main' }} />
              <Typography sx={{ fontSize: 12 }}>
                {BOOKING_UI.riders} {ridersOrBags(booking.airport.riders)} · {BOOKING_UI.bags}{' '}
                {ridersOrBags(booking.airport.bags)}
              </Typography>
              {allows(bookingPolicy.airportDetails) && (
                <Link component="button" sx={{ fontSize: 12 }} onClick={() => openDialog('airport', booking.id)}>
                  {BOOKING_UI.airportDetails}
                </Link>
              )}
              {booking.created_at === booking.updated_at && mayChange && (
                <Button
                  size="small"
                  variant="outlined"
                  sx={{ py: 0, fontSize: 11 }}
                  onClick={() => void touch(booking)}
                >
                  {BOOKING_MSG.okWeReceived}
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </Stack>
      <Notes booking={booking} />
    </Paper>
  );
}

/** One request card, subscribed to its own cache entry: an event for another booking never renders it. */
export const BookingCard = memo(function BookingCard({ id }: { id: number }) {
  const { data } = useBooking(id);
  if (!data) return <Paper variant="outlined" sx={{ height: 120 }} />;
  return <CardBody booking={data} />;
});
