import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type AccountDto, LEDGER_MSG, type PayoutMethod } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { formatEuros } from '../../i18n/format';
import { peopleKeys } from './api';

/**
 * Pays a captain's positive balance out (a closing payment), after a confirmation: in cash at their cash
 * register, or by transfer to their bank account; a way they have not got is offered disabled.
 */
export function PayOutButton({
  captainId,
  balance,
  payout,
}: {
  captainId: number;
  balance: number;
  payout: AccountDto['payout'];
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const register = payout?.cash_register ?? null;
  const bank = payout?.bank_account ?? null;
  const [method, setMethod] = useState<PayoutMethod>(register || !bank ? 'cash' : 'transfer');
  const payOut = useApiMutation({
    mutationFn: () => api(endpoints.payOutCaptain, { params: { id: captainId }, body: { method } }),
    onSuccess: (res) => {
      toast.success(res.message ?? LEDGER_MSG.paidOut);
      void client.invalidateQueries({ queryKey: peopleKeys.accounts });
      setOpen(false);
    },
  });
  return (
    <>
      <Button variant="contained" disabled={balance <= 0} onClick={() => setOpen(true)} data-testid="pay-out">
        {LEDGER_MSG.payOut}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="xs" fullWidth>
        <DialogTitle>{LEDGER_MSG.payOut}</DialogTitle>
        <DialogContent>
          <DialogContentText>{LEDGER_MSG.payOutConfirm(formatEuros(balance / 100))}</DialogContentText>
          <RadioGroup
            aria-label={LEDGER_MSG.payoutMethod}
            value={method}
            onChange={(e) => setMethod(e.target.value as PayoutMethod)}
          >
            <FormControlLabel
              value="cash"
              control={<Radio />}
              disabled={!register}
              label={register ? LEDGER_MSG.cashAt(dataLabel(register)) : LEDGER_MSG.noCashRegister}
            />
            <FormControlLabel
              value="transfer"
              control={<Radio />}
              disabled={!bank}
              label={bank ? LEDGER_MSG.transferTo(bank.bank_name, bank.iban) : LEDGER_MSG.noBankAccount}
              data-testid="pay-out-transfer"
            />
          </RadioGroup>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('Cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => payOut.mutate()}
            disabled={payOut.isPending || (method === 'cash' ? !register : !bank)}
            autoFocus
          >
            {LEDGER_MSG.payOut}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
