import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  type AccountEntryType,
  type AccountOwnerKind,
  ENTRY_TYPE_LABELS,
  LEDGER_LIMITS,
  MANUAL_ENTRY_TYPES,
} from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { peopleKeys } from './api';

/** A wallet adjustment by the payments desk: a manual entry (penalty, bonus, closing payment…) with a note. */
export function AccountEntryDialog(props: { kind: AccountOwnerKind; id: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const types = MANUAL_ENTRY_TYPES[props.kind];
  const [type, setType] = useState<AccountEntryType>(types[0]);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const client = useQueryClient();
  const close = () => {
    setAmount('');
    setNote('');
    setErrors({});
    props.onClose();
  };
  const add = useApiMutation({
    mutationFn: () =>
      api(props.kind === 'captain' ? endpoints.addCaptainEntry : endpoints.addPassengerEntry, {
        params: { id: props.id },
        body: { type, amount: Number(amount), note },
      }),
    onSuccess: (res) => {
      if (res.message) toast.success(res.message);
      void client.invalidateQueries({ queryKey: peopleKeys.accounts });
      close();
    },
    onError: (e) => {
      if (e instanceof ApiError) setErrors(Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v[0]])));
    },
  });
  return (
    <Dialog open={props.open} onClose={close} maxWidth="xs" fullWidth data-testid="account-entry-dialog">
      <DialogTitle>{t('Add an entry')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={t('Type')}
            value={type}
            onChange={(e) => setType(e.target.value as AccountEntryType)}
            error={!!errors.type}
            helperText={errors.type}
          >
            {types.map((v) => (
              <MenuItem key={v} value={v}>
                {ENTRY_TYPE_LABELS[v]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('Amount (€)')}
            type="number"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            slotProps={{ htmlInput: { min: 0.01, step: 0.01, max: LEDGER_LIMITS.maxEuros, dir: 'ltr' } }}
            error={!!errors.amount}
            helperText={errors.amount}
            required
          />
          <TextField
            label={t('Note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            slotProps={{ htmlInput: { maxLength: LEDGER_LIMITS.maxNote } }}
            error={!!errors.note}
            helperText={errors.note}
            multiline
            minRows={2}
            required
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('Cancel')}</Button>
        <Button variant="contained" onClick={() => add.mutate()} disabled={add.isPending}>
          {t('Add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
