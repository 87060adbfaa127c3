import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type AccountDto, LEDGER_MSG } from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { BankPicker, type PickerOption } from '../../components/pickers';
import { peopleKeys } from './api';

/**
 * The bank account a captain's payouts by transfer go to (its IBAN masked), and a dialog to record it: a bank
 * of /banks and an IBAN the server checks by its check digits.
 */
export function BankAccountButton({ captainId, payout }: { captainId: number; payout: AccountDto['payout'] }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const account = payout?.bank_account ?? null;
  const [open, setOpen] = useState(false);
  const [bank, setBank] = useState<PickerOption | null>(null);
  const [iban, setIban] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useApiMutation({
    mutationFn: () =>
      api(endpoints.setCaptainBankAccount, { params: { id: captainId }, body: { bank_id: bank?.id ?? 0, iban } }),
    onSuccess: (res) => {
      toast.success(res.message ?? LEDGER_MSG.bankAccountSaved);
      void client.invalidateQueries({ queryKey: peopleKeys.accounts });
      setOpen(false);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422)
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]])));
    },
  });
  const edit = () => {
    setBank(account ? { id: account.bank_id, label: account.bank_name } : null);
    setIban('');
    setErrors({});
    setOpen(true);
  };
  return (
    <>
      <Typography variant="body2" data-testid="bank-account">
        {LEDGER_MSG.bankAccount}: {account ? `${account.bank_name} ${account.iban}` : LEDGER_MSG.noBankAccount}
      </Typography>
      <Button size="small" onClick={edit} data-testid="edit-bank-account">
        {t('Edit')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="xs" fullWidth>
        <DialogTitle>{LEDGER_MSG.editBankAccount}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <BankPicker
              label={LEDGER_MSG.bank}
              value={bank}
              onChange={setBank}
              error={errors.bank_id}
              testId="bank-account-bank"
            />
            <TextField
              label={LEDGER_MSG.iban}
              value={iban}
              onChange={(e) => setIban(e.target.value)}
              error={!!errors.iban}
              helperText={errors.iban}
              slotProps={{ htmlInput: { dir: 'ltr', autoComplete: 'off', 'data-testid': 'bank-account-iban' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('Cancel')}</Button>
          <Button variant="contained" onClick={() => save.mutate()} disabled={save.isPending}>
            {t('Save')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
