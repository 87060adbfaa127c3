import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  BOOKING_MSG,
  BOOKING_UI,
  cityLocalToDate,
  dateToCityLocal,
  isWithinChangeWindow,
  SERVICE_IDS,
  showsServiceShortcuts,
} from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { DateTextField } from '../../components/DateTextField';
import { DATE_TEXT_FORMAT, latinDigits } from '../../components/dateText';
import { formatPattern } from '../../i18n/format';
import { useServices } from './api';
import { mergeBooking } from './cache';
import type { DialogProps } from './dialogContext';

const TIME_TEXT = /^([01]\d|2[0-3]):[0-5]\d$/;

export function ChangeTimeDialog({ booking, close }: DialogProps) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [initialDate, initialTime] = dateToCityLocal(booking.datetime).split(' ');
  const [date, setDate] = useState(initialDate);
  const [time, setTime] = useState(initialTime);
  const [detach, setDetach] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const save = useApiMutation({
    mutationFn: (local: string) =>
      api(endpoints.changeTime, {
        params: { id: booking.id },
        body: { datetime: local, ...(booking.voucher ? { detach_voucher: detach } : {}) },
      }),
    onSuccess: (res, local) => {
      if (res.data?.booking) mergeBooking(qc, res.data.booking);
      toast.success(BOOKING_MSG.timeChanged(res.data?.datetime ?? local));
      close();
    },
    // A refused time is told under the field and in the toast; anything else is the generic failure.
    errorText: (error) =>
      error instanceof ApiError && error.status === 422
        ? (error.errors.datetime?.[0] ?? error.message)
        : BOOKING_MSG.timeUpdateError,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) setFieldError(error.errors.datetime?.[0] ?? error.message);
      else console.error(error);
    },
  });
  const submit = () => {
    // A half-typed date or time is a format problem, not a time outside the window.
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !TIME_TEXT.test(time)) {
      setFieldError(t('Use the format {{format}}', { format: formatPattern(DATE_TEXT_FORMAT.datetime) }));
      return;
    }
    const local = `${date} ${time}`;
    const next = cityLocalToDate(local);
    if (!next || !isWithinChangeWindow(booking.datetime, next.toISOString())) {
      setFieldError(BOOKING_MSG.maxTwoHours);
      toast.error(BOOKING_MSG.maxTwoHours);
      return;
    }
    save.mutate(local);
  };
  return (
    <Dialog open onClose={close} fullWidth maxWidth="xs">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogTitle>{BOOKING_UI.changeTimeTitle(booking.id)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <DateTextField
              kind="date"
              label={BOOKING_UI.date}
              value={date}
              onChange={setDate}
              autoFocus
              testId="date-input"
            />
            {/* Typed HH:mm: the browser's time input would show AM/PM in an English-US browser. */}
            <TextField
              label={BOOKING_UI.time}
              value={time}
              placeholder={formatPattern('HH:mm')}
              onChange={(e) => setTime(latinDigits(e.target.value).trim())}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': 'time-input', dir: 'ltr', inputMode: 'numeric', maxLength: 5 },
              }}
              error={!!fieldError}
              helperText={fieldError ?? ' '}
            />
            {booking.voucher && (
              <FormControlLabel
                control={<Checkbox checked={detach} onChange={(e) => setDetach(e.target.checked)} />}
                label={BOOKING_UI.detachVoucher}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{BOOKING_UI.close}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="save-time">
            {BOOKING_UI.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function ServiceDialog({ booking, close, mode }: DialogProps & { mode: 'change' | 'suggest' }) {
  useTranslation(); // re-render on a language change (the shared texts are read at render)
  const qc = useQueryClient();
  const services = useServices();
  const [serviceId, setServiceId] = useState<number | ''>('');
  const [confirming, setConfirming] = useState(false);
  const options = useMemo(() => {
    const list = [...(services.data ?? [])];
    if (!list.some((s) => s.id === booking.service.id))
      list.unshift({ id: booking.service.id, name: dataLabel(booking.service.name) });
    return list;
  }, [services.data, booking.service]);
  const nameOf = (id: number) => options.find((s) => s.id === id)?.name ?? `#${id}`;
  const shortcuts = showsServiceShortcuts(booking.passenger.can_use_vip, booking.service_id);

  const ask = (id: number | '') => {
    if (id === '') return;
    if (mode === 'suggest' && booking.last_service_change_suggestion?.new_service_id === id) {
      toast.error(BOOKING_MSG.suggestionAlreadySent);
      return;
    }
    setServiceId(id);
    setConfirming(true);
  };

  const send = useApiMutation({
    mutationFn: (id: number) =>
      mode === 'change'
        ? api(endpoints.changeService, { params: { id: booking.id }, body: { service_id: id } })
        : api(endpoints.suggestServiceChange, { params: { id: booking.id }, body: { service_id: id } }),
    onSuccess: (res, id) => {
      if (res.data) mergeBooking(qc, res.data);
      toast.success(
        res.message ?? (mode === 'change' ? BOOKING_MSG.serviceChanged(nameOf(id)) : BOOKING_MSG.suggestionSent),
      );
      close();
    },
    onError: () => setConfirming(false),
  });

  return (
    <Dialog open onClose={close} fullWidth maxWidth="xs">
      <DialogTitle>
        {mode === 'change' ? BOOKING_UI.changeServiceTitle(booking.id) : BOOKING_UI.suggestServiceTitle(booking.id)}
      </DialogTitle>
      <DialogContent>
        {confirming ? (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {BOOKING_MSG.confirmServiceUpdate} ({nameOf(Number(serviceId))})
          </Alert>
        ) : (
          <Stack spacing={2} sx={{ mt: 1 }}>
            {shortcuts && (
              <Stack direction="row" spacing={1} data-testid="service-shortcuts">
                {[SERVICE_IDS.pooling, SERVICE_IDS.fullCar, SERVICE_IDS.vip]
                  .filter((id) => id !== booking.service_id)
                  .map((id) => (
                    <Button key={id} variant="outlined" size="small" onClick={() => ask(id)}>
                      {nameOf(id)}
                    </Button>
                  ))}
              </Stack>
            )}
            <TextField
              select
              label={BOOKING_UI.newService}
              value={serviceId}
              onChange={(e) => setServiceId(Number(e.target.value))}
              autoFocus
            >
              {options.map((s) => (
                <MenuItem key={s.id} value={s.id} disabled={mode === 'change' && s.id === booking.service_id}>
                  {s.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={confirming ? () => setConfirming(false) : close}>{BOOKING_UI.cancelButton}</Button>
        {confirming ? (
          <Button
            variant="contained"
            disabled={send.isPending}
            onClick={() => send.mutate(Number(serviceId))}
            data-testid="confirm-service"
          >
            {BOOKING_UI.confirm}
          </Button>
        ) : (
          <Button variant="contained" disabled={serviceId === ''} onClick={() => ask(serviceId)}>
            {BOOKING_UI.save}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

export function AcceptServiceChangeDialog({ booking, close }: DialogProps) {
  useTranslation(); // re-render on a language change (the shared texts are read at render)
  const qc = useQueryClient();
  const accept = useApiMutation({
    mutationFn: () => api(endpoints.acceptServiceChange, { params: { id: booking.id } }),
    onSuccess: (res) => {
      if (res.data && typeof res.data === 'object' && 'id' in res.data) mergeBooking(qc, res.data);
      toast.success(res.message ?? BOOKING_MSG.saved);
      close();
    },
  });
  return (
    <Dialog open onClose={close} maxWidth="xs">
      <DialogTitle>{BOOKING_MSG.paxAccepted}</DialogTitle>
      <DialogContent>
        <Typography>{BOOKING_MSG.confirmServiceUpdate}</Typography>
        <Typography sx={{ mt: 1, fontWeight: 600 }}>
          {dataLabel(booking.last_service_change_suggestion?.new_service)}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{BOOKING_UI.cancelButton}</Button>
        <Button variant="contained" disabled={accept.isPending} onClick={() => accept.mutate()} autoFocus>
          {BOOKING_UI.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
