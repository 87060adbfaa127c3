import { Box, Chip, Link } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { BOOKING_UI, type BookingDto, cardStatusLabel, pathTo } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { QueryValue } from '../../api/client';
import { apiData, endpoints } from '../../api/endpoints';
import { type PagedColumn, PagedTable, usePaging } from '../../components/PagedTable';
import { PhoneText } from '../../components/PhoneText';
import { formatOrderTime } from '../../i18n/format';
import { bookingKeys } from './api';
import { routeText, statusColour } from './format';

/** The columns, built at render: their labels follow the current language. */
function columns(direction: 'ltr' | 'rtl'): PagedColumn<BookingDto>[] {
  return [
    {
      key: 'id',
      label: BOOKING_UI.columns.id,
      render: (b) => (
        <Link component={RouterLink} to={pathTo('Details', { id: b.id })}>
          {BOOKING_UI.orderId(b.id)}
        </Link>
      ),
    },
    {
      key: 'datetime',
      label: BOOKING_UI.columns.datetime,
      render: (b) => formatOrderTime(b.datetime),
      sx: { whiteSpace: 'nowrap' },
    },
    {
      key: 'status',
      label: BOOKING_UI.columns.status,
      render: (b) => (
        <Chip
          size="small"
          label={cardStatusLabel(b.status)}
          sx={{ bgcolor: statusColour(b.status), color: (t) => t.palette.getContrastText(statusColour(b.status)) }}
        />
      ),
    },
    {
      key: 'passenger',
      label: BOOKING_UI.columns.passenger,
      render: (b) => (
        <>
          {b.passenger.full_name}
          <br />
          <Box component="span" sx={{ color: 'text.secondary', fontSize: 12 }}>
            <PhoneText value={b.passenger.phone_number} />
          </Box>
        </>
      ),
    },
    {
      key: 'route',
      label: BOOKING_UI.columns.route,
      render: (b) => routeText(b.pick_up_location_name, b.pull_down_location_name, direction),
      sx: { maxWidth: 360 },
    },
    { key: 'captain', label: BOOKING_UI.columns.captain, render: (b) => b.ride?.captain.full_name ?? '—' },
    { key: 'service', label: BOOKING_UI.columns.service, render: (b) => dataLabel(b.service.name) },
  ];
}

/** A server-paged table of bookings (GET booking with the given filters). */
export function BookingsTable({ filters, toolbar }: { filters: Record<string, QueryValue>; toolbar?: ReactNode }) {
  useTranslation();
  const direction = useTheme().direction;
  const paging = usePaging();
  const params = { ...filters, page: paging.page + 1, perPage: paging.perPage };
  const query = useQuery({
    queryKey: bookingKeys.list(params),
    queryFn: ({ signal }) => apiData(endpoints.bookings, { query: params, signal }),
    placeholderData: (prev) => prev,
  });
  return (
    <PagedTable
      columns={columns(direction)}
      query={query}
      paging={paging}
      rowKey={(b) => b.id}
      toolbar={toolbar}
      testId="bookings-table"
    />
  );
}
