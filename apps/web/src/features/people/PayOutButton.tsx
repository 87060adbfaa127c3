import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { LEDGER_MSG } from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { formatEuros } from '../../i18n/format';
import { peopleKeys } from './api';

/** Pays a captain's positive balance out at their cash register (a closing payment), after a confirmation. */
export function PayOutButton({ captainId, balance }: { captainId: number; balance: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const payOut = useApiMutation({
    mutationFn: () => api(endpoints.payOutCaptain, { params: { id: captainId } }),
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
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('Cancel')}</Button>
          <Button variant="contained" onClick={() => payOut.mutate()} disabled={payOut.isPending} autoFocus>
            {LEDGER_MSG.payOut}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
