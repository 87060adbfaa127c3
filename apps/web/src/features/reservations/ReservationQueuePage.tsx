import { Button } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BookingDto } from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiData, endpoints } from '../../api/endpoints';
import { type PagedColumn, PagedTable, usePaging } from '../../components/PagedTable';
import { formatOrderTime } from '../../i18n/format';
import { DispatchDialog } from '../bookings/CancelDispatchDialogs';

type T = (source: string, vars?: Record<string, string | number>) => string;

export const reservationKeys = {
  queue: (page: number, perPage: number) => ['reservation_queue', page, perPage] as const,
};

const columns = (t: T, assign: (b: BookingDto) => void): PagedColumn<BookingDto>[] => [
  { key: 'time', label: t('Time'), render: (b) => formatOrderTime(b.datetime) },
  { key: 'id', label: t('Order'), render: (b) => `#${b.id}` },
  { key: 'passenger', label: t('Passenger'), render: (b) => b.passenger.full_name },
  { key: 'pickup', label: t('Pickup'), render: (b) => b.pick_up_location_name },
  { key: 'dropoff', label: t('Dropoff'), render: (b) => b.pull_down_location_name ?? '—' },
  {
    key: 'assign',
    label: t('Actions'),
    render: (b) => (
      <Button size="small" variant="outlined" onClick={() => assign(b)} data-testid={`assign-${b.id}`}>
        {t('Assign a captain')}
      </Button>
    ),
  },
];

/**
 * /reservation_queue (RESERVATION_QUEUE): the scheduled bookings waiting for a captain, soonest first.
 * A captain is assigned through the usual dispatch dialog (PUT dispatch/{booking}/{captain}); a captain
 * beyond their seasonal allowance is refused by the server, whose message the toast shows.
 */
export default function ReservationQueuePage() {
  const { t } = useTranslation();
  const paging = usePaging(25);
  const [open, setOpen] = useState<BookingDto | null>(null);
  const query = useQuery({
    queryKey: reservationKeys.queue(paging.page, paging.perPage),
    queryFn: ({ signal }) =>
      apiData(endpoints.reservationQueue, { query: { page: paging.page + 1, perPage: paging.perPage }, signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <PagedTable
        columns={columns(t, setOpen)}
        query={query}
        paging={paging}
        rowKey={(b) => b.id}
        testId="reservation-queue"
      />
      {open && (
        <DispatchDialog
          booking={open}
          close={() => {
            setOpen(null);
            void query.refetch();
          }}
        />
      )}
    </>
  );
}
