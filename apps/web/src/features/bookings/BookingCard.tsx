import AirplanemodeActiveIcon from '@mui/icons-material/AirplanemodeActive';
import LocalTaxiIcon from '@mui/icons-material/LocalTaxi';
import PersonIcon from '@mui/icons-material/Person';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import PlaceIcon from '@mui/icons-material/Place';
import StickyNote2Icon from '@mui/icons-material/StickyNote2';
import { Box, Button, Chip, Divider, Link, Paper, Stack, Typography } from '@mui/material';
import {
  BOOKING_GROUP_UI,
  BOOKING_MSG,
  BOOKING_UI,
  type BookingDto,
  bookingPolicy,
  cardStatusLabel,
  codeLabel,
  mayOpen,
  PARTNER_UI,
  pathTo,
  ridersOrBags,
  routeByName,
  suggestionLine,
  UNASSIGNED_LABELS,
  UNASSIGNED_REASONS,
  type UnassignedReason,
} from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatOrderTime } from '../../i18n/format';
import { useCurrentUser, usePolicy } from '../auth/currentUser';
import { PhoneLink } from '../voice/PhoneLink';
import { useBooking } from './api';
import { BesoinChip } from './BesoinChip';
import { Along } from './BookingRow';
import { BookingActions } from './CardActionsMenu';
import { CardNotes } from './CardNotes';
import { Countdown, Line, Loyalty, OrderCountdown } from './CardParts';
import { ConstraintChips } from './ConstraintChips';
import { useTouch } from './commands';
import { useOpenDialog } from './dialogContext';
import { bookingPartnerLabel, statusColour } from './format';
import { NotMovingWarning } from './NotMovingWarning';
import { groupOrdersPath } from './phone/grouper';

/** The airport desk's "OK, we received" on a card it has not touched yet. */
function TouchButton({ booking, disabled }: { booking: BookingDto; disabled: boolean }) {
  const touch = useTouch();
  return (
    <Button
      size="small"
      variant="outlined"
      sx={{ py: 0, fontSize: 11 }}
      disabled={disabled || touch.isPending}
      onClick={() => touch.mutate(booking)}
    >
      {BOOKING_MSG.okWeReceived}
    </Button>
  );
}

interface CardProps {
  booking: BookingDto;
  selected: boolean;
  /** It left the list (cancelled elsewhere, another tab's now) while the board was held: dimmed, no actions. */
  gone: boolean;
}

/** The look every card shares: the status colour on the start edge, the selection, a gone card dimmed. */
function cardFrame({ booking, selected, gone }: CardProps) {
  return {
    'data-testid': `booking-card-${booking.id}`,
    'data-status': booking.status,
    'data-gone': gone || undefined,
    'aria-current': selected ? ('true' as const) : undefined,
    'aria-disabled': gone || undefined,
    'data-selected': selected || undefined,
    sx: {
      borderLeft: 5,
      borderLeftColor: statusColour(booking.status),
      outline: selected ? 2 : 0,
      outlineColor: 'primary.main',
      outlineOffset: -2,
      bgcolor: selected ? 'action.selected' : undefined,
      opacity: gone ? 0.55 : 1,
      transition: 'opacity 150ms',
    },
  };
}

/** The chip of a card that left the list (a text, not only the dimming). */
function GoneChip() {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t('No longer in this list')}
      data-testid="gone-label"
      sx={{ height: 20, fontSize: 11 }}
    />
  );
}

/** "Group of N": the booking is one car of a group; it opens the group's orders for who may open the phone booking. */
function GroupChip({ booking, height }: { booking: BookingDto; height: number }) {
  const user = useCurrentUser();
  if (!booking.group_order || booking.group_size === null) return null;
  const label = BOOKING_GROUP_UI.groupOf(booking.group_size);
  const sx = { height, fontSize: 11, flexShrink: 0 };
  return mayOpen(routeByName('PhoneBooking'), user) ? (
    <Chip
      size="small"
      variant="outlined"
      color="primary"
      clickable
      component={RouterLink}
      to={groupOrdersPath(booking.group_order)}
      label={label}
      data-testid="group-chip"
      sx={sx}
    />
  ) : (
    <Chip size="small" variant="outlined" label={label} data-testid="group-chip" sx={sx} />
  );
}

function CardBody({ booking, selected, gone }: CardProps) {
  const { t } = useTranslation();
  const openDialog = useOpenDialog();
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
  const frame = cardFrame({ booking, selected, gone });

  return (
    <Paper
      variant="outlined"
      {...frame}
      sx={{ ...frame.sx, p: 1.25, display: 'flex', flexDirection: 'column', gap: 0.75 }}
    >
      <Stack direction="row" style={{ alignItems: 'center' }} spacing={1} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
        <Link component={RouterLink} to={pathTo('Details', { id: booking.id })} sx={{ fontWeight: 700, fontSize: 15 }}>
          {BOOKING_UI.orderId(booking.id)}
        </Link>
        <Chip
          size="small"
          label={cardStatusLabel(booking.status)}
          data-testid="status-label"
          sx={{ bgcolor: colour, color: (t) => t.palette.getContrastText(colour), fontWeight: 600, height: 22 }}
        />
        {gone && <GoneChip />}
        {booking.high_priority && (
          <Chip size="small" color="error" variant="outlined" label={BOOKING_UI.highPriority} />
        )}
        <Chip
          size="small"
          variant="outlined"
          label={booking.now ? BOOKING_UI.now : BOOKING_UI.scheduled}
          sx={{ height: 22 }}
        />
        <BesoinChip booking={booking} height={22} />
        {booking.unassigned && booking.status === 'PENDING' && (
          <Chip
            size="small"
            color="warning"
            label={UNASSIGNED_LABELS.title}
            title={unassignedReason(booking.unassigned.reason)}
            aria-label={`${UNASSIGNED_LABELS.title}: ${unassignedReason(booking.unassigned.reason)}`}
            data-testid="unassigned"
            sx={{ height: 22 }}
          />
        )}
        <NotMovingWarning booking={booking} />
        <GroupChip booking={booking} height={22} />
        <ConstraintChips constraints={[...booking.static_constraints, ...booking.dynamic_constraints]} />
        <Box sx={{ flex: 1 }} />
        <Typography sx={{ fontSize: 13, fontWeight: 600 }} data-testid="order-time">
          {formatOrderTime(booking.datetime)}
        </Typography>
        <OrderCountdown datetime={booking.datetime} />
        <BookingActions booking={booking} disabled={gone} />
      </Stack>

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} divider={<Divider orientation="vertical" flexItem />}>
        <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} style={{ alignItems: 'center' }} sx={{ flexWrap: 'wrap' }}>
            <PersonIcon sx={{ fontSize: 16, color: 'text.secondary' }} />
            <Typography sx={{ fontSize: 14, fontWeight: 600 }} data-testid="passenger-name">
              {booking.passenger.full_name}
            </Typography>
            <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>
              <PhoneLink value={booking.passenger.phone_number} />
            </Typography>
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
          {booking.review_reason && (
            <Chip
              size="small"
              color="warning"
              data-testid="review-flag"
              label={t('For review: {{places}}', { places: booking.review_reason })}
              sx={{ height: 20, alignSelf: 'flex-start' }}
            />
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
              {dataLabel(booking.service.name)}
            </Typography>
            <Typography component="span" sx={{ fontSize: 12, color: 'text.secondary' }}>
              {' '}
              · {BOOKING_UI.seats} {booking.seats} · {codeLabel('origin', booking.origin)}
              {booking.voucher ? ` · ${BOOKING_UI.voucher} ${booking.voucher.code}` : ''}
            </Typography>
          </Line>
          {booking.partner && (
            <Line label={PARTNER_UI.partner}>
              <Typography component="span" sx={{ fontSize: 13 }} noWrap data-testid="booking-partner">
                {bookingPartnerLabel(booking)}
              </Typography>
            </Line>
          )}
          {pendingChange && (
            <Line label="">
              <Typography component="span" sx={{ fontSize: 12, color: 'info.main' }}>
                {BOOKING_UI.serviceChangeTo(dataLabel(pendingChange.new_service))}{' '}
              </Typography>
              {mayChange && (
                <Link
                  component="button"
                  disabled={gone}
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
                  {car.color ? ` (${dataLabel(car.color.name)})` : ''}
                </Typography>
              )}
            </Line>
          )}
          <Line label={BOOKING_UI.suggestedCaptain}>
            <Typography component="span" sx={{ fontSize: 13 }}>
              {offerLabel(booking.active_captain_suggestion)}{' '}
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
              {!booking.airport.received && mayChange && <TouchButton booking={booking} disabled={gone} />}
            </Stack>
          )}
        </Stack>
      </Stack>
      <CardNotes booking={booking} />
    </Paper>
  );
}

/** One request card, subscribed to its own cache entry: an event for another booking never renders it. */

/** The suggested-captain line: a single offer's captain, or how many captains a group offer went to. */
function offerLabel(offer: BookingDto['active_captain_suggestion']): string {
  if (!offer) return '—';
  return offer.captains ? UNASSIGNED_LABELS.groupOffer(offer.captains) : offer.captain_name || '—';
}

const unassignedReason = (reason: string) =>
  (UNASSIGNED_REASONS as readonly string[]).includes(reason) ? UNASSIGNED_LABELS[reason as UnassignedReason] : reason;

/** The compact card: two lines (status, #id, badges, time, countdown, actions; passenger, route, captain). */
function CompactCardBody({ booking, selected, gone }: CardProps) {
  const { t } = useTranslation();
  const frame = cardFrame({ booking, selected, gone });
  const colour = statusColour(booking.status);
  const captain = booking.ride?.captain;
  const plate = booking.ride?.car?.number;
  const notes = booking.notes_list.filter((n) => !n.solved).length;
  const dropoff = booking.pull_down_location_name;
  const offer = booking.active_captain_suggestion;
  return (
    <Paper
      variant="outlined"
      {...frame}
      data-density="compact"
      sx={{ ...frame.sx, px: 1, py: 0.5, display: 'flex', flexDirection: 'column', gap: 0.25 }}
    >
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0, height: 28 }}>
        <Link
          component={RouterLink}
          to={pathTo('Details', { id: booking.id })}
          sx={{ fontWeight: 700, fontSize: 14, flexShrink: 0 }}
        >
          {BOOKING_UI.orderId(booking.id)}
        </Link>
        <Chip
          size="small"
          label={cardStatusLabel(booking.status)}
          data-testid="status-label"
          sx={{
            bgcolor: colour,
            color: (theme) => theme.palette.getContrastText(colour),
            fontWeight: 600,
            height: 20,
            fontSize: 12,
            flexShrink: 0,
          }}
        />
        {gone && <GoneChip />}
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0, overflow: 'hidden' }}>
          {booking.high_priority && (
            <Chip
              size="small"
              color="error"
              variant="outlined"
              label={BOOKING_UI.highPriority}
              sx={{ height: 20, fontSize: 11 }}
            />
          )}
          {booking.unassigned && booking.status === 'PENDING' && (
            <Chip
              size="small"
              color="warning"
              label={UNASSIGNED_LABELS.title}
              title={unassignedReason(booking.unassigned.reason)}
              aria-label={`${UNASSIGNED_LABELS.title}: ${unassignedReason(booking.unassigned.reason)}`}
              data-testid="unassigned"
              sx={{ height: 20, fontSize: 11 }}
            />
          )}
          <BesoinChip booking={booking} height={20} />
          <NotMovingWarning booking={booking} />
          <GroupChip booking={booking} height={20} />
          {notes > 0 && (
            <Chip
              size="small"
              variant="outlined"
              color="warning"
              icon={<StickyNote2Icon />}
              label={t('Notes: {{count}}', { count: notes })}
              sx={{ height: 20, fontSize: 11 }}
            />
          )}
        </Stack>
        <Box sx={{ flex: 1 }} />
        <Typography sx={{ fontSize: 13, fontWeight: 600, flexShrink: 0 }} data-testid="order-time" noWrap>
          {formatOrderTime(booking.datetime)}
        </Typography>
        <OrderCountdown datetime={booking.datetime} />
        <BookingActions booking={booking} disabled={gone} />
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(140px, 1fr) minmax(0, 2.4fr) minmax(120px, 1fr)' },
          columnGap: 1.5,
          alignItems: 'center',
          minWidth: 0,
          fontSize: 13,
          height: { md: 22 },
        }}
      >
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <PersonIcon sx={{ fontSize: 16, color: 'text.secondary' }} />
          <Typography
            component="span"
            noWrap
            sx={{ fontSize: 13, fontWeight: 600 }}
            data-testid="passenger-name"
            title={booking.passenger.full_name}
          >
            {booking.passenger.full_name}
          </Typography>
        </Stack>
        <Stack
          direction="row"
          spacing={0.5}
          sx={{ alignItems: 'center', minWidth: 0 }}
          title={[booking.pick_up_location_name, dropoff].filter(Boolean).join(' → ')}
        >
          <PlaceIcon titleAccess={BOOKING_UI.pickup} sx={{ fontSize: 14, color: 'success.main', flexShrink: 0 }} />
          <Typography component="span" noWrap sx={{ fontSize: 13, minWidth: 0, flexShrink: 1 }}>
            {booking.pick_up_location_name}
          </Typography>
          {dropoff && (
            <>
              <Along />
              <PlaceIcon titleAccess={BOOKING_UI.dropoff} sx={{ fontSize: 14, color: 'error.main', flexShrink: 0 }} />
              <Typography component="span" noWrap sx={{ fontSize: 13, minWidth: 0, flexShrink: 1 }}>
                {dropoff}
              </Typography>
            </>
          )}
        </Stack>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          {captain || !offer ? (
            <>
              <LocalTaxiIcon
                titleAccess={BOOKING_UI.captain}
                sx={{ fontSize: 15, color: 'text.secondary', flexShrink: 0 }}
              />
              <Typography
                component="span"
                noWrap
                sx={{ fontSize: 13 }}
                data-testid={captain ? 'captain-name' : undefined}
              >
                {captain ? [captain.full_name, plate].filter(Boolean).join(' · ') : '—'}
              </Typography>
            </>
          ) : (
            <>
              <PersonSearchIcon
                titleAccess={BOOKING_UI.suggestedCaptain}
                sx={{ fontSize: 15, color: 'text.secondary', flexShrink: 0 }}
              />
              <Typography component="span" noWrap sx={{ fontSize: 12, color: 'text.secondary' }}>
                {offerLabel(offer)} <Countdown until={offer.until} testId="suggestion-countdown" />
              </Typography>
            </>
          )}
        </Stack>
      </Box>
    </Paper>
  );
}

/** Height of a compact card (px), its gap below included: the virtualiser's first estimate. */
export const COMPACT_CARD_HEIGHT = 66;

export const BookingCard = memo(function BookingCard({
  id,
  selected = false,
  gone = false,
  compact = false,
}: {
  id: number;
  selected?: boolean;
  gone?: boolean;
  compact?: boolean;
}) {
  const { data } = useBooking(id);
  if (!data) return <Paper variant="outlined" sx={{ height: compact ? COMPACT_CARD_HEIGHT - 6 : 120 }} />;
  return compact ? (
    <CompactCardBody booking={data} selected={selected} gone={gone} />
  ) : (
    <CardBody booking={data} selected={selected} gone={gone} />
  );
});
