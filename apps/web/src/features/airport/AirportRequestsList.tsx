import {
  Alert,
  Box,
  Chip,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { type BookingStatus, cardStatusLabel, isAirportSupervisor } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { useTranslation } from 'react-i18next';
import { PagingPager, usePaging } from '../../components/TablePager';
import { formatEuros, formatOrderTime } from '../../i18n/format';
import { useCurrentUser } from '../auth/currentUser';
import { statusColour } from '../bookings/format';
import { useAirportRequests } from './api';

/** The desk's requests with their statuses: the agent's own, the supervisor's whole agency (polled). */
export function AirportRequestsList() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const supervisor = isAirportSupervisor(user);
  const paging = usePaging(15);
  const { page, perPage } = paging;
  const requests = useAirportRequests(page, perPage);
  const rows = requests.data?.data ?? [];
  const title = supervisor ? t("The agency's requests") : t('My requests');
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0, width: '100%' }} data-testid="airport-requests">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {requests.isFetching && <LinearProgress aria-label={t('Loading')} sx={{ mb: 1 }} />}
      {requests.isError && <Alert severity="error">{t('The requests could not be loaded.')}</Alert>}
      {requests.isSuccess && rows.length === 0 && <Typography color="textSecondary">{t('No requests yet')}</Typography>}
      {rows.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>{t('Traveller')}</TableCell>
                <TableCell>{t('Trip')}</TableCell>
                <TableCell>{t('Time')}</TableCell>
                <TableCell>{t('Status')}</TableCell>
                <TableCell>{t('Estimated price')}</TableCell>
                {supervisor && <TableCell>{t('Filed by')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id} data-testid={`airport-request-${r.id}`}>
                  <TableCell>{r.id}</TableCell>
                  <TableCell>
                    {`${r.first_name ?? ''} ${r.last_name ?? ''}`.trim()}
                    <Typography variant="caption" component="div" color="textSecondary">
                      {[r.country, r.pnr].filter(Boolean).join(' · ')}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {r.pick_up_location_name} → {r.pull_down_location_name ?? ''}
                    <Typography variant="caption" component="div" color="textSecondary">
                      {dataLabel(r.service_name)}
                    </Typography>
                  </TableCell>
                  <TableCell>{formatOrderTime(r.datetime)}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                      <Chip
                        size="small"
                        variant="outlined"
                        icon={
                          <Box
                            component="span"
                            aria-hidden
                            sx={{
                              width: 10,
                              height: 10,
                              borderRadius: '50%',
                              bgcolor: statusColour(r.status as BookingStatus),
                            }}
                          />
                        }
                        label={cardStatusLabel(r.status as BookingStatus)}
                        data-testid="airport-request-status"
                      />
                      <Chip
                        size="small"
                        variant="outlined"
                        color={r.received ? 'success' : 'default'}
                        label={r.received ? t('Received') : t('Not received yet')}
                      />
                    </Stack>
                  </TableCell>
                  <TableCell>
                    <span dir="ltr">{formatEuros(r.estimated_price)}</span>
                  </TableCell>
                  {supervisor && <TableCell>{r.creator_name ?? ''}</TableCell>}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <PagingPager total={requests.data?.total ?? 0} paging={paging} />
    </Paper>
  );
}
