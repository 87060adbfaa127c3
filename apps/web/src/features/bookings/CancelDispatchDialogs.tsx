import { Button, MenuItem, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { BOOKING_MSG, BOOKING_UI } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { formatOrderTime } from '../../i18n/format';
import { bookingKeys, useCancellationReasons } from './api';
import { BookingDialog } from './BookingDialog';
import { mergeBooking } from './cache';
import type { DialogProps } from './dialogContext';
import { CandidatePicker } from './dispatch/CandidatePicker';

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
            {dataLabel(r.text)}
          </MenuItem>
        ))}
      </TextField>
    </BookingDialog>
  );
}

export function DispatchDialog({ booking, close }: DialogProps) {
  useTranslation(); // re-render on a language change (the shared texts are read at render)
  const qc = useQueryClient();
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

  return (
    <BookingDialog title={BOOKING_UI.dispatchTitle(booking.id)} onClose={close} maxWidth="sm">
      <Typography sx={{ fontSize: 13, color: 'text.secondary', mb: 1.5 }}>
        {booking.pick_up_location_name} · {formatOrderTime(booking.datetime)}
      </Typography>
      <CandidatePicker
        bookingId={booking.id}
        disabled={assign.isPending}
        onDispatch={(captainId) => {
          if (!assign.isPending) assign.mutate(captainId);
        }}
      />
    </BookingDialog>
  );
}
