import {
  Box,
  Chip,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { cardStatusLabel, type PartnerSummaryDto } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { PagingPager, usePaging } from '../../components/TablePager';
import { formatOrderTime } from '../../i18n/format';
import { statusColour } from '../bookings/format';
import { usePartnerBookings } from './api';

/** The partner's own bookings with their statuses (polled). */
export function PartnerBookingsList({ partner }: { partner: PartnerSummaryDto | undefined }) {
  const { t } = useTranslation();
  const paging = usePaging(15);
  const { page, perPage } = paging;
  const list = usePartnerBookings(page, perPage);
  const rows = list.data?.data ?? [];
  const title = t('Our bookings');
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0 }} data-testid="partner-bookings">
      <Typography variant="h6" component="h2">
        {partner ? `${title} · ${partner.name}` : title}
      </Typography>
      {partner && (
        <Typography color="textSecondary" sx={{ mb: 1 }} data-testid="partner-limit">
          {partner.max_active_bookings > 0
            ? t('{{count}} of {{max}} active bookings', {
                count: partner.active_bookings,
                max: partner.max_active_bookings,
              })
            : t('{{count}} active bookings', { count: partner.active_bookings })}
        </Typography>
      )}
      {list.isFetching && <LinearProgress aria-label={t('Loading')} sx={{ mb: 1 }} />}
      {list.isSuccess && rows.length === 0 && <Typography color="textSecondary">{t('No bookings yet')}</Typography>}
      {rows.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>{t('Guest')}</TableCell>
                <TableCell>{t('Room')}</TableCell>
                <TableCell>{t('Trip')}</TableCell>
                <TableCell>{t('Time')}</TableCell>
                <TableCell>{t('Status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((b) => (
                <TableRow key={b.id} data-testid={`partner-booking-${b.id}`}>
                  <TableCell>{b.id}</TableCell>
                  <TableCell>{b.guest?.full_name ?? ''}</TableCell>
                  <TableCell>{b.room_number ?? ''}</TableCell>
                  <TableCell>
                    {b.pick_up_location_name} → {b.pull_down_location_name ?? ''}
                  </TableCell>
                  <TableCell>{formatOrderTime(b.datetime)}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      icon={
                        <Box
                          component="span"
                          aria-hidden
                          sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: statusColour(b.status) }}
                        />
                      }
                      label={cardStatusLabel(b.status)}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <PagingPager total={list.data?.total ?? 0} paging={paging} />
    </Paper>
  );
}
