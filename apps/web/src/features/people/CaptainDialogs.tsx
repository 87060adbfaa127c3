import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { MSG, PEOPLE_MSG } from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { toast } from '../../api/toast';
import { toastBulkResult } from '../../components/DataTable/bulkToasts';
import { serverMessageOr } from '../../components/DataTable/errors';
import { CashRegisterPicker, DatePicker, type PickerOption } from '../../components/pickers';
import { usePeopleInvalidate } from './api';

/**
 * The cash register chooser of a driver's activation (people.md §5: PEOPLE_MSG.chooseCashRegister without one),
 * for one driver or a selection: `onActivate` runs with the register chosen; a server error on it lands here.
 */
function CashRegisterDialog(props: {
  title: string;
  open: boolean;
  pending: boolean;
  error: string | undefined;
  setError: (error: string | undefined) => void;
  onClose: () => void;
  onActivate: (register: PickerOption) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [register, setRegister] = useState<PickerOption | null>(null);
  const submit = () => {
    if (!register) {
      props.setError(PEOPLE_MSG.chooseCashRegister);
      toast.error(PEOPLE_MSG.chooseCashRegister);
      return;
    }
    props.onActivate(register);
  };
  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="xs" fullWidth data-testid={props.testId}>
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent dividers>
        <CashRegisterPicker
          value={register}
          onChange={(v) => {
            setRegister(v);
            props.setError(undefined);
          }}
          label={t('Cash register')}
          error={props.error && t(props.error)}
          required
          autoFocus
          testId="cash-register-picker"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('Cancel')}</Button>
        <Button variant="contained" onClick={submit} loading={props.pending}>
          {t('Activate')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Captain activation needs a cash register (people.md §2, §5). */
export function ActivateCaptainDialog(props: { captainId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | undefined>();
  const invalidate = usePeopleInvalidate();
  const activate = useMutation({
    mutationFn: (cashRegisterId: number) =>
      api(endpoints.activateCaptain, { params: { id: props.captainId }, body: { cash_register_id: cashRegisterId } }),
    onSuccess: (res) => {
      toast.success(res.message ?? PEOPLE_MSG.activationCompleted);
      void invalidate.captains();
      props.onClose();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.errors.cash_register_id) setError(e.errors.cash_register_id[0]);
      toast.error(errorMessage(e));
    },
  });
  return (
    <CashRegisterDialog
      title={t('Activate driver')}
      open={props.open}
      pending={activate.isPending}
      error={error}
      setError={setError}
      onClose={props.onClose}
      onActivate={(register) => activate.mutate(register.id)}
      testId="activate-captain-dialog"
    />
  );
}

/**
 * The selected drivers' activation with one cash register (POST captain/bulk): each is activated as by the single
 * dialog — an active driver's register changes, as "Change cash register" does. Tells the rows done.
 */
export function ActivateCaptainsDialog(props: {
  ids: readonly number[];
  open: boolean;
  onClose: () => void;
  onDone: (done: ReadonlySet<number>) => void;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | undefined>();
  const invalidate = usePeopleInvalidate();
  const activate = useMutation({
    mutationFn: (cashRegisterId: number) =>
      api(endpoints.activateCaptains, {
        body: { action: 'activate', ids: [...props.ids], cash_register_id: cashRegisterId },
      }),
    onSuccess: ({ data }) => {
      props.onDone(toastBulkResult(data, PEOPLE_MSG.activationCompleted, MSG.saveFailed));
      props.onClose();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.errors.cash_register_id) setError(e.errors.cash_register_id[0]);
      toast.error(serverMessageOr(e, MSG.saveFailed));
    },
    onSettled: () => void invalidate.captains(),
  });
  return (
    <CashRegisterDialog
      title={t('Activate {{count}} drivers', { count: props.ids.length })}
      open={props.open}
      pending={activate.isPending}
      error={error}
      setError={setError}
      onClose={props.onClose}
      onActivate={(register) => activate.mutate(register.id)}
      testId="activate-captains-dialog"
    />
  );
}

/** Punishment: block a driver until a date with a reason. */
export function BlockCaptainDialog(props: { captainId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [until, setUntil] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const invalidate = usePeopleInvalidate();
  const block = useMutation({
    mutationFn: () => api(endpoints.blockCaptain, { params: { id: props.captainId }, body: { until, reason } }),
    onSuccess: (res) => {
      toast.success(res.message ?? PEOPLE_MSG.captainBlocked);
      void invalidate.captains();
      props.onClose();
    },
    onError: (e) => {
      if (e instanceof ApiError) {
        setErrors(Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v[0]])));
      }
      toast.error(errorMessage(e));
    },
  });
  const submit = () => {
    const next: Record<string, string> = {};
    if (!until) next.until = PEOPLE_MSG.fieldRequired;
    if (!reason.trim()) next.reason = PEOPLE_MSG.fieldRequired;
    setErrors(next);
    if (Object.keys(next).length === 0) block.mutate();
  };
  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('Block driver')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DatePicker
            label={t('Blocked until')}
            value={until}
            onChange={setUntil}
            error={errors.until && t(errors.until)}
            required
          />
          <TextField
            label={t('Reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={Boolean(errors.reason)}
            helperText={errors.reason && t(errors.reason)}
            multiline
            minRows={2}
            required
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('Cancel')}</Button>
        <Button variant="contained" color="error" onClick={submit} disabled={block.isPending}>
          {t('Block')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
