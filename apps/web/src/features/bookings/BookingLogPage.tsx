import {
  Alert,
  Box,
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
import { BOOKING_UI, VOICE_UI, voicePolicy } from '@taxi/shared';
import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { formatDateTime } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { CallLog } from '../voice/CallLog';
import { useBookingLogs, useServices } from './api';
import { type LogNames, logChanges, logTitle } from './logDiff';

/** BookingLog: the booking's audit log, oldest first; each entry's changes as field, before, after. */
export default function BookingLogPage() {
  const { t } = useTranslation();
  const allows = usePolicy();
  const id = Number(useParams().id);
  const logs = useBookingLogs(id);
  const services = useServices();
  const rows = logs.data ?? [];
  const names = useMemo<LogNames>(() => {
    const byId = new Map((services.data ?? []).map((s) => [s.id, s.name]));
    return { service: (serviceId) => byId.get(serviceId) };
  }, [services.data]);

  return (
    <Stack spacing={2}>
      <Paper variant="outlined">
        <Typography variant="h6" component="h1" sx={{ p: 2, pb: 1 }}>
          {BOOKING_UI.logTitle(id)}
        </Typography>
        {logs.isFetching && <LinearProgress />}
        {logs.isError && <Alert severity="error">{errorMessage(logs.error)}</Alert>}
        <TableContainer>
          <Table size="small" data-testid="booking-log">
            <TableHead>
              <TableRow>
                <TableCell>{BOOKING_UI.logColumns.title}</TableCell>
                <TableCell sx={{ width: 150 }}>{BOOKING_UI.logColumns.datetime}</TableCell>
                <TableCell sx={{ width: 180 }}>{BOOKING_UI.logColumns.doer}</TableCell>
                <TableCell sx={{ width: 160 }}>{t('Field')}</TableCell>
                <TableCell>{t('Before')}</TableCell>
                <TableCell>{t('After')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                const changes = logChanges(row.before, row.after, names);
                const span = Math.max(1, changes.length);
                const head = (
                  <>
                    <TableCell rowSpan={span} sx={{ verticalAlign: 'top' }} title={row.title}>
                      {logTitle(row.title)}
                    </TableCell>
                    <TableCell rowSpan={span} sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                      {formatDateTime(row.datetime)}
                    </TableCell>
                    <TableCell rowSpan={span} sx={{ verticalAlign: 'top' }}>
                      {row.doer ?? '—'}
                    </TableCell>
                  </>
                );
                if (changes.length === 0)
                  return (
                    <TableRow key={row.id} data-testid="log-entry">
                      {head}
                      <TableCell colSpan={3} sx={{ color: 'text.secondary' }}>
                        —
                      </TableCell>
                    </TableRow>
                  );
                return (
                  <Fragment key={row.id}>
                    {changes.map((change, index) => (
                      <TableRow key={change.field || index} data-testid={index === 0 ? 'log-entry' : undefined}>
                        {index === 0 && head}
                        <TableCell sx={{ fontWeight: 600 }} data-testid="log-field">
                          {change.label}
                        </TableCell>
                        <TableCell sx={{ color: 'text.secondary', wordBreak: 'break-word' }} data-testid="log-before">
                          {change.before}
                        </TableCell>
                        <TableCell sx={{ wordBreak: 'break-word' }} data-testid="log-after">
                          <Box component="span" sx={{ fontWeight: change.before === '—' ? 400 : 600 }}>
                            {change.after}
                          </Box>
                        </TableCell>
                      </TableRow>
                    ))}
                  </Fragment>
                );
              })}
              {logs.isSuccess && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6} sx={{ textAlign: 'center', py: 4, color: 'text.secondary' }}>
                    {BOOKING_UI.noLogs}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      {/* The calls this booking was made during (the voice connection's log). */}
      {allows(voicePolicy.calls) && (
        <Paper variant="outlined" component="section" aria-label={VOICE_UI.calls}>
          <Typography variant="h6" component="h2" sx={{ p: 2, pb: 1 }}>
            {VOICE_UI.calls}
          </Typography>
          <CallLog filters={{ booking_id: id }} testId="booking-calls" />
        </Paper>
      )}
    </Stack>
  );
}
