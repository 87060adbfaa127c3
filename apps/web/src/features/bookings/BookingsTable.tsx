import { Chip, Link } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { BOOKING_UI, type BookingDto, cardStatusLabel, pathTo } from '@taxi/shared';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { QueryValue } from '../../api/client';
import { apiData, endpoints } from '../../api/endpoints';
import { type PagedColumn, PagedTable, usePaging } from '../../components/PagedTable';
import { bookingKeys } from './api';
import { orderTime, statusColour } from './format';

const COLUMNS: PagedColumn<BookingDto>[] = [
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
    render: (b) => orderTime(b.datetime),
    sx: { whiteSpace: 'nowrap' },
  },
  {
    key: 'status',
    label: BOOKING_UI.columns.status,
    render: (b) => (
      <Chip size="small" label={cardStatusLabel(b.status)} sx={{ bgcolor: statusColour(b.status), color: '#fff' }} />
    ),
  },
  {
    key: 'passenger',
    label: BOOKING_UI.columns.passenger,
    render: (b) => (
      <>
        {b.passenger.full_name}
        <br />
        <span style={{ color: '#777', fontSize: 12 }}>{b.passenger.phone_number}</span>
      </>
    ),
  },
  {
    key: 'route',
    label: BOOKING_UI.columns.route,
    render: (b) => `${b.pick_up_location_name}${b.pull_down_location_name ? ` → ${b.pull_down_location_name}` : ''}`,
    sx: { maxWidth: 360 },
  },
  { key: 'captain', label: BOOKING_UI.columns.captain, render: (b) => b.ride?.captain.full_name ?? '—' },
  { key: 'service', label: BOOKING_UI.columns.service, render: (b) => b.service.name },
];

/** A server-paged table of bookings (GET booking with the given filters). */
export function BookingsTable({ filters, toolbar }: { filters: Record<string, QueryValue>; toolbar?: ReactNode }) {
  const paging = usePaging();
  const params = { ...filters, page: paging.page + 1, perPage: paging.perPage };
  const query = useQuery({
    queryKey: bookingKeys.list(params),
    queryFn: ({ signal }) => apiData(endpoints.bookings, { query: params, signal }),
    placeholderData: (prev) => prev,
  });
  return (
    <PagedTable
      columns={COLUMNS}
      query={query}
      paging={paging}
      rowKey={(b) => b.id}
      toolbar={toolbar}
      testId="bookings-table"
    />
  );
}
