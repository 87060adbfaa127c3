import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  MenuList,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  BOOKING_MSG,
  BOOKING_UI,
  type BookingDto,
  cityLocalToDate,
  isWithinChangeWindow,
  SERVICE_IDS,
  showsServiceShortcuts,
} from '@taxi/shared';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { ApiError, errorMessage, http } from '../../api/client';
import { toast } from '../../api/toast';
import { type DialogKind, OpenDialogContext } from './actions';
import { storeBooking, useAirportDetails, useBooking, useCancellationReasons, useCandidates, useServices } from './api';
import { cityDateTime, orderTime } from './format';

interface Open {
  kind: DialogKind;
  id: number;
}

/** Provides `openDialog(kind, id)` to the cards below it and renders the one open dialog. */
export function BookingDialogs({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open | null>(null);
  const openDialog = useCallback((kind: DialogKind, id: number) => setOpen({ kind, id }), []);
  const close = useCallback(() => setOpen(null), []);
  return (
    <OpenDialogContext.Provider value={openDialog}>
      {children}
      {open && <DialogSwitch key={`${open.kind}-${open.id}`} open={open} close={close} />}
    </OpenDialogContext.Provider>
  );
}

function DialogSwitch({ open, close }: { open: Open; close: () => void }) {
  const { data: booking } = useBooking(open.id);
  if (!booking) return null;
  const props = { booking, close };
  switch (open.kind) {
    case 'cancel':
      return <CancelDialog {...props} />;
    case 'dispatch':
      return <DispatchDialog {...props} />;
    case 'changeTime':
      return <ChangeTimeDialog {...props} />;
    case 'changeService':
      return <ServiceDialog {...props} mode="change" />;
    case 'suggestService':
      return <ServiceDialog {...props} mode="suggest" />;
    case 'airport':
      return <AirportDialog {...props} />;
    case 'acceptServiceChange':
      return <AcceptServiceChangeDialog {...props} />;
  }
}

interface DialogProps {
  booking: BookingDto;
  close: () => void;
}

function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (fn: () => Promise<void>) => {
    setBusy(true);
    try {
      await fn();
    } finally {
      setBusy(false);
    }
  }, []);
  return [busy, run] as const;
}

function CancelDialog({ booking, close }: DialogProps) {
  const qc = useQueryClient();
  const reasons = useCancellationReasons(true);
  const [reason, setReason] = useState<number | ''>('');
  const [busy, run] = useBusy();
  const submit = () =>
    run(async () => {
      if (reason === '') {
        toast.error(BOOKING_MSG.chooseReason);
        return;
      }
      try {
        const res = await http.delete<BookingDto>(`bookings/${booking.id}`, {
          query: { user_cancellation_reason_id: reason },
        });
        if (res.data) storeBooking(qc, res.data);
        toast.success(res.message ?? BOOKING_MSG.cancelled(booking.id));
        close();
      } catch (error) {
        toast.error(errorMessage(error));
      }
    });
  return (
    <Dialog open onClose={close} fullWidth maxWidth="xs">
      <DialogTitle>{BOOKING_UI.cancelTitle(booking.id)}</DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          autoFocus
          label={BOOKING_UI.reason}
          value={reason}
          onChange={(e) => setReason(Number(e.target.value))}
          sx={{ mt: 1 }}
          slotProps={{ select: { MenuProps: { slotProps: { paper: { 'data-testid': 'reason-menu' } as object } } } }}
          data-testid="cancel-reason"
        >
          {(reasons.data ?? []).map((r) => (
            <MenuItem key={r.id} value={r.id}>
              {r.text}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{BOOKING_UI.close}</Button>
        <Button variant="contained" color="error" disabled={busy} onClick={submit} data-testid="confirm-cancel">
          {BOOKING_UI.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DispatchDialog({ booking, close }: DialogProps) {
  const qc = useQueryClient();
  const candidates = useCandidates(booking.id);
  const [filter, setFilter] = useState('');
  const [busy, run] = useBusy();
  const rows = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (candidates.data ?? []).filter(
      (c) => !needle || `${c.captain.full_name} ${c.car?.number ?? ''}`.toLowerCase().includes(needle),
    );
  }, [candidates.data, filter]);

  const dispatch = (captainId: number) =>
    run(async () => {
      try {
        const res = await http.put<BookingDto>(`dispatch/${booking.id}/${captainId}`);
        if (res.data) storeBooking(qc, res.data);
        toast.success(res.message ?? BOOKING_MSG.dispatched(booking.id));
        close();
      } catch (error) {
        toast.error(errorMessage(error));
        if (error instanceof ApiError && error.status === 409)
          void qc.invalidateQueries({ queryKey: ['bookings', 'detail', booking.id] });
      }
    });

  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{BOOKING_UI.dispatchTitle(booking.id)}</DialogTitle>
      <DialogContent>
        <Typography sx={{ fontSize: 13, color: 'text.secondary', mb: 1 }}>
          {booking.pick_up_location_name} · {orderTime(booking.datetime)}
        </Typography>
        <TextField
          fullWidth
          size="small"
          autoFocus
          label={BOOKING_UI.captainFilter}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              (
                document.querySelector('[data-testid="candidate-list"] [role="menuitem"]') as HTMLElement | null
              )?.focus();
            }
          }}
        />
        {candidates.isPending && <CircularProgress size={24} sx={{ m: 2 }} />}
        {candidates.isError && <Alert severity="error">{errorMessage(candidates.error)}</Alert>}
        {candidates.isSuccess && rows.length === 0 && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {BOOKING_UI.noCandidates}
          </Alert>
        )}
        <MenuList data-testid="candidate-list" sx={{ maxHeight: 360, overflow: 'auto' }}>
          {rows.map((c) => (
            <MenuItem
              key={c.captain.id}
              disabled={busy}
              onClick={() => dispatch(c.captain.id)}
              data-testid={`candidate-${c.captain.id}`}
            >
              <Stack direction="row" spacing={2} sx={{ width: '100%' }} style={{ alignItems: 'center' }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontSize: 14, fontWeight: 600 }}>{c.captain.full_name}</Typography>
                  <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>
                    {c.car
                      ? `${c.car.number}${c.car.brand_model ? ` · ${c.car.brand_model.brand.name} ${c.car.brand_model.name}` : ''}`
                      : '—'}
                    {' · '}
                    {c.online ? BOOKING_UI.online : BOOKING_UI.offline}
                  </Typography>
                </Box>
                <Typography sx={{ fontSize: 13, width: 80, textAlign: 'right' }}>
                  {BOOKING_UI.km(c.distance_m)}
                </Typography>
                <Typography sx={{ fontSize: 13, width: 70, textAlign: 'right', fontWeight: 600 }}>
                  {BOOKING_UI.minutes(c.eta_s)}
                </Typography>
              </Stack>
            </MenuItem>
          ))}
        </MenuList>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{BOOKING_UI.close}</Button>
      </DialogActions>
    </Dialog>
  );
}

function ChangeTimeDialog({ booking, close }: DialogProps) {
  const qc = useQueryClient();
  const [initialDate, initialTime] = cityDateTime(booking.datetime).split(' ');
  const [date, setDate] = useState(initialDate);
  const [time, setTime] = useState(initialTime);
  const [detach, setDetach] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, run] = useBusy();
  const submit = () =>
    run(async () => {
      const local = `${date} ${time}`;
      const next = cityLocalToDate(local);
      if (!next || !isWithinChangeWindow(booking.datetime, next.toISOString())) {
        setFieldError(BOOKING_MSG.maxTwoHours);
        toast.error(BOOKING_MSG.maxTwoHours);
        return;
      }
      try {
        const res = await http.put<{ datetime: string; booking: BookingDto }>(`bookings/${booking.id}`, {
          datetime: local,
          ...(booking.voucher ? { detach_voucher: detach } : {}),
        });
        if (res.data?.booking) storeBooking(qc, res.data.booking);
        toast.success(BOOKING_MSG.timeChanged(res.data?.datetime ?? local));
        close();
      } catch (error) {
        if (error instanceof ApiError && error.status === 422) {
          const first = error.errors.datetime?.[0] ?? error.message;
          setFieldError(first);
          toast.error(first);
        } else {
          console.error(error);
          toast.error(BOOKING_MSG.timeUpdateError);
        }
      }
    });
  return (
    <Dialog open onClose={close} fullWidth maxWidth="xs">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle>{BOOKING_UI.changeTimeTitle(booking.id)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              type="date"
              label={BOOKING_UI.date}
              value={date}
              onChange={(e) => setDate(e.target.value)}
              autoFocus
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'date-input' } }}
            />
            <TextField
              type="time"
              label={BOOKING_UI.time}
              value={time}
              onChange={(e) => setTime(e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'time-input' } }}
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
          <Button type="submit" variant="contained" disabled={busy} data-testid="save-time">
            {BOOKING_UI.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function ServiceDialog({ booking, close, mode }: DialogProps & { mode: 'change' | 'suggest' }) {
  const qc = useQueryClient();
  const services = useServices();
  const [serviceId, setServiceId] = useState<number | ''>('');
  const [confirming, setConfirming] = useState(false);
  const [busy, run] = useBusy();
  const options = useMemo(() => {
    const list = [...(services.data ?? [])];
    if (!list.some((s) => s.id === booking.service.id))
      list.unshift({ id: booking.service.id, name: booking.service.name });
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

  const send = () =>
    run(async () => {
      try {
        const res =
          mode === 'change'
            ? await http.put<BookingDto>(`bookings/${booking.id}`, { service_id: serviceId })
            : await http.post<BookingDto>(`booking/${booking.id}/suggest_service_change`, { service_id: serviceId });
        if (res.data) storeBooking(qc, res.data);
        toast.success(
          res.message ??
            (mode === 'change' ? BOOKING_MSG.serviceChanged(nameOf(Number(serviceId))) : BOOKING_MSG.suggestionSent),
        );
        close();
      } catch (error) {
        toast.error(errorMessage(error));
        setConfirming(false);
      }
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
          <Button variant="contained" disabled={busy} onClick={send} data-testid="confirm-service">
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

function AcceptServiceChangeDialog({ booking, close }: DialogProps) {
  const qc = useQueryClient();
  const [busy, run] = useBusy();
  const accept = () =>
    run(async () => {
      try {
        const res = await http.put<BookingDto>(`booking/${booking.id}/service_change/accept`);
        if (res.data && typeof res.data === 'object' && 'id' in res.data) storeBooking(qc, res.data);
        toast.success(res.message ?? BOOKING_MSG.saved);
        close();
      } catch (error) {
        toast.error(errorMessage(error));
      }
    });
  return (
    <Dialog open onClose={close} maxWidth="xs">
      <DialogTitle>{BOOKING_MSG.paxAccepted}</DialogTitle>
      <DialogContent>
        <Typography>{BOOKING_MSG.confirmServiceUpdate}</Typography>
        <Typography sx={{ mt: 1, fontWeight: 600 }}>{booking.last_service_change_suggestion?.new_service}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{BOOKING_UI.cancelButton}</Button>
        <Button variant="contained" disabled={busy} onClick={accept} autoFocus>
          {BOOKING_UI.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function AirportDialog({ booking, close }: DialogProps) {
  const details = useAirportDetails(booking.id);
  const d = details.data;
  const rows: [string, ReactNode][] = d
    ? [
        [BOOKING_UI.airportLabels.agent, d.agent],
        [BOOKING_UI.airportLabels.agency, d.air_agency_name],
        [BOOKING_UI.passenger, `${d.first_name ?? ''} ${d.last_name ?? ''}`],
        [BOOKING_UI.phone, d.phone_number],
        [BOOKING_UI.airportLabels.whatsapp, d.whatsapp_number],
        [BOOKING_UI.riders, d.riders],
        [BOOKING_UI.bags, d.bags],
        [BOOKING_UI.airportLabels.pnr, d.pnr],
        [BOOKING_UI.airportLabels.airport, d.country],
        [BOOKING_UI.airportLabels.price, d.estimated_price],
        [BOOKING_UI.airportLabels.created, orderTime(d.booking_created_at)],
        [BOOKING_UI.airportLabels.updated, orderTime(d.last_update)],
      ]
    : [];
  return (
    <Dialog open onClose={close} fullWidth maxWidth="xs">
      <DialogTitle>{BOOKING_UI.airportTitle(booking.id)}</DialogTitle>
      <DialogContent>
        {details.isPending && <CircularProgress size={24} />}
        {details.isError && <Typography color="text.secondary">{BOOKING_MSG.noExtraDetails}</Typography>}
        {rows.map(([label, value]) => (
          <Stack key={label} direction="row" spacing={2} sx={{ py: 0.25 }}>
            <Typography sx={{ width: 110, color: 'text.secondary', fontSize: 13 }}>{label}</Typography>
            <Typography sx={{ fontSize: 13 }}>{value ?? '—'}</Typography>
          </Stack>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{BOOKING_UI.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
