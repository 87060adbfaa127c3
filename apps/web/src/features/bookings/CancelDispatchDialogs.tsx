import { Alert, Box, Button, CircularProgress, MenuItem, MenuList, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { BOOKING_MSG, BOOKING_UI } from '@taxi/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { formatKm, formatOrderTime } from '../../i18n/format';
import { bookingKeys, useCancellationReasons, useCandidates } from './api';
import { BookingDialog } from './BookingDialog';
import { mergeBooking } from './cache';
import type { DialogProps } from './dialogContext';

export function CancelDialog({ booking, close }: DialogProps) {
  useTranslation(); // re-render on a language change (the shared texts are read at render)
  const qc = useQueryClient();
  const reasons = useCancellationReasons(true);
  const [reason, setReason] = useState<number | ''>('');
  const cancel = useApiMutation({
    mutationFn: (reasonId: number) =>
      api(endpoints.cancelBooking, { params: { id: booking.id }, query: { user_cancellation_reason_id: reasonId } }),
    onSuccess: (res) => {
      if (res.data) mergeBooking(qc, res.data);
      toast.success(res.message ?? BOOKING_MSG.cancelled(booking.id));
      close();
    },
  });
  const submit = () => {
    if (reason === '') toast.error(BOOKING_MSG.chooseReason);
    else cancel.mutate(reason);
  };
  return (
    <BookingDialog
      title={BOOKING_UI.cancelTitle(booking.id)}
      onClose={close}
      actions={
        <Button
          variant="contained"
          color="error"
          disabled={cancel.isPending}
          onClick={submit}
          data-testid="confirm-cancel"
        >
          {BOOKING_UI.confirm}
        </Button>
      }
    >
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
    </BookingDialog>
  );
}

export function DispatchDialog({ booking, close }: DialogProps) {
  useTranslation(); // re-render on a language change (the shared texts are read at render)
  const qc = useQueryClient();
  const candidates = useCandidates(booking.id);
  const [filter, setFilter] = useState('');
  const assign = useApiMutation({
    mutationFn: (captainId: number) => api(endpoints.dispatch, { params: { bookingId: booking.id, captainId } }),
    onSuccess: (res) => {
      if (res.data) mergeBooking(qc, res.data);
      toast.success(res.message ?? BOOKING_MSG.dispatched(booking.id));
      close();
    },
    onError: (error) => {
      // Someone else changed the booking meanwhile: show its current state.
      if (error instanceof ApiError && error.status === 409)
        void qc.invalidateQueries({ queryKey: bookingKeys.detail(booking.id) });
    },
  });
  const rows = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (candidates.data ?? []).filter(
      (c) => !needle || `${c.captain.full_name} ${c.car?.number ?? ''}`.toLowerCase().includes(needle),
    );
  }, [candidates.data, filter]);

  return (
    <BookingDialog title={BOOKING_UI.dispatchTitle(booking.id)} onClose={close} maxWidth="sm">
      <Typography sx={{ fontSize: 13, color: 'text.secondary', mb: 1 }}>
        {booking.pick_up_location_name} · {formatOrderTime(booking.datetime)}
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
            (document.querySelector('[data-testid="candidate-list"] [role="menuitem"]') as HTMLElement | null)?.focus();
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
            disabled={assign.isPending}
            onClick={() => assign.mutate(c.captain.id)}
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
              <Typography sx={{ fontSize: 13, width: 80, textAlign: 'end' }}>{formatKm(c.distance_m)}</Typography>
              <Typography sx={{ fontSize: 13, width: 70, textAlign: 'end', fontWeight: 600 }}>
                {BOOKING_UI.minutes(c.eta_s)}
              </Typography>
            </Stack>
          </MenuItem>
        ))}
      </MenuList>
    </BookingDialog>
  );
}
