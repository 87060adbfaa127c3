import { Box, Link, Tooltip } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { type BookingDto, cardStatusLabel, pathTo } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PhoneText } from '../../components/PhoneText';
import { formatOrderTime } from '../../i18n/format';
import { useBooking } from './api';
import { BookingActions } from './CardActionsMenu';
import { OrderCountdown } from './CardParts';
import { routeArrow, statusColour } from './format';

/** Height of one dense row (px): the virtualiser's estimate and the row's own height. */
export const ROW_HEIGHT = 36;

/**
 * The dense view's columns: colour, id, status, time, passenger, phone, captain and plate, pickup → dropoff,
 * service, countdown, actions. The header and every row share this template.
 */
export const ROW_COLUMNS =
  '10px 64px 140px 132px minmax(90px, 1fr) 120px minmax(90px, 1fr) minmax(150px, 2fr) 92px 80px 36px';
/** Below this width the rows scroll sideways instead of squeezing the text. */
export const ROW_MIN_WIDTH = 1000;

const cell = { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** The column titles of the dense view. */
export function BookingRowHeader() {
  const { t } = useTranslation();
  const titles = [
    '',
    t('Order'),
    t('Status'),
    t('Time'),
    t('Passenger'),
    t('Phone number'),
    t('Captain'),
    t('Route'),
    t('Service'),
    t('Countdown'),
    '',
  ];
  return (
    <Box
      role="row"
      sx={{
        display: 'grid',
        gridTemplateColumns: ROW_COLUMNS,
        columnGap: 1,
        alignItems: 'center',
        px: 1,
        height: 32,
        minWidth: ROW_MIN_WIDTH,
        borderBottom: 1,
        borderColor: 'divider',
        fontSize: 12,
        fontWeight: 600,
        color: 'text.secondary',
      }}
    >
      {titles.map((title, index) => (
        // The columns are a fixed list: the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: static list
        <Box role="columnheader" key={index} sx={cell}>
          {title}
        </Box>
      ))}
    </Box>
  );
}

/** An arrow pointing along the reading direction (→ in English and French, ← in Arabic). */
export function Along() {
  const direction = useTheme().direction;
  return (
    <Box component="span" aria-hidden sx={{ color: 'text.secondary', px: 0.5 }}>
      {routeArrow(direction)}
    </Box>
  );
}

function RowBody({ booking, selected, gone }: { booking: BookingDto; selected: boolean; gone: boolean }) {
  const { t } = useTranslation();
  const captain = booking.ride?.captain;
  const plate = booking.ride?.car?.number;
  const captainText = [captain?.full_name, plate].filter(Boolean).join(' · ');
  const route = booking.pull_down_location_name;
  return (
    <Box
      role="row"
      aria-selected={selected}
      data-testid={`booking-row-${booking.id}`}
      data-status={booking.status}
      data-selected={selected || undefined}
      data-gone={gone || undefined}
      aria-disabled={gone || undefined}
      title={gone ? t('No longer in this list') : undefined}
      sx={{
        opacity: gone ? 0.55 : 1,
        display: 'grid',
        gridTemplateColumns: ROW_COLUMNS,
        columnGap: 1,
        alignItems: 'center',
        px: 1,
        height: ROW_HEIGHT,
        minWidth: ROW_MIN_WIDTH,
        fontSize: 13,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: selected ? 'action.selected' : 'background.paper',
        outline: selected ? 2 : 0,
        outlineColor: 'primary.main',
        outlineOffset: -2,
        '&:hover': { bgcolor: selected ? 'action.selected' : 'action.hover' },
      }}
    >
      <Box
        role="gridcell"
        aria-hidden
        sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: statusColour(booking.status) }}
      />
      <Box role="gridcell" sx={cell}>
        <Link
          component={RouterLink}
          to={pathTo('Details', { id: booking.id })}
          sx={{ fontWeight: 700 }}
          color={booking.high_priority ? 'error' : 'primary'}
          title={booking.high_priority ? t('High priority') : undefined}
        >
          {t('#{{id}}', { id: booking.id })}
        </Link>
      </Box>
      <Box role="gridcell" sx={cell} data-testid="status-label">
        {cardStatusLabel(booking.status)}
      </Box>
      <Box role="gridcell" sx={{ ...cell, fontWeight: 600 }} data-testid="order-time">
        {formatOrderTime(booking.datetime)}
      </Box>
      <Box role="gridcell" sx={cell} title={booking.passenger.full_name} data-testid="passenger-name">
        {booking.passenger.full_name}
      </Box>
      <Box role="gridcell" sx={{ ...cell, color: 'text.secondary' }}>
        <PhoneText value={booking.passenger.phone_number} />
      </Box>
      <Box role="gridcell" sx={cell} title={captainText || undefined} data-testid="captain-name">
        {captainText || '—'}
      </Box>
      <Tooltip
        title={
          <>
            {booking.pick_up_location_name}
            {route ? <Along /> : null}
            {route}
          </>
        }
        placement="bottom-start"
      >
        <Box role="gridcell" sx={cell}>
          {booking.pick_up_location_name}
          {route ? (
            <>
              <Along />
              {route}
            </>
          ) : null}
        </Box>
      </Tooltip>
      <Box role="gridcell" sx={cell} data-testid="service-name">
        {dataLabel(booking.service.name)}
      </Box>
      <Box role="gridcell" sx={cell}>
        <OrderCountdown datetime={booking.datetime} />
      </Box>
      <Box role="gridcell" sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <BookingActions booking={booking} compact disabled={gone} />
      </Box>
    </Box>
  );
}

/** One dense row of the Requests board, subscribed to its own cache entry (like the card). */
export const BookingRow = memo(function BookingRow({
  id,
  selected,
  gone = false,
}: {
  id: number;
  selected: boolean;
  gone?: boolean;
}) {
  const { data } = useBooking(id);
  if (!data)
    return <Box sx={{ height: ROW_HEIGHT, minWidth: ROW_MIN_WIDTH, borderBottom: 1, borderColor: 'divider' }} />;
  return <RowBody booking={data} selected={selected} gone={gone} />;
});
