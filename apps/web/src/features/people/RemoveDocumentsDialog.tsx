import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  Radio,
  RadioGroup,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { DOCUMENT_REMOVAL_REASONS, PEOPLE_MSG } from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { toast } from '../../api/toast';
import { usePeopleInvalidate } from './api';

/** Rejects a passenger's documents with one of the six reasons, shown and sent in Arabic (people.md §5). */
export function RemoveDocumentsDialog(props: { passengerId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<string>('');
  const [error, setError] = useState<string | null>(null);
  const invalidate = usePeopleInvalidate();
  const remove = useMutation({
    mutationFn: (message: string) => {
      const noApproval = DOCUMENT_REMOVAL_REASONS.find((r) => r.message === message)?.noApproval ?? false;
      return api(endpoints.removeDocuments, {
        params: { id: props.passengerId },
        body: { message },
        query: noApproval ? { no_approval: 'true' } : undefined,
      });
    },
    onSuccess: (res) => {
      toast.success(res.message ?? PEOPLE_MSG.documentsRemoved);
      void invalidate.passengers();
      setReason('');
      props.onClose();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const submit = () => {
    if (!reason) {
      setError(PEOPLE_MSG.fieldRequired);
      return;
    }
    remove.mutate(reason);
  };
  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="sm" fullWidth data-testid="remove-documents-dialog">
      <DialogTitle>{PEOPLE_MSG.removeDocuments}</DialogTitle>
      <DialogContent dividers>
        <RadioGroup
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
          dir="rtl"
          lang="ar"
        >
          {DOCUMENT_REMOVAL_REASONS.map((r) => (
            <FormControlLabel
              key={r.key}
              value={r.message}
              control={<Radio />}
              label={r.message}
              title={t(r.english)}
            />
          ))}
        </RadioGroup>
        {error && <FormHelperText error>{error}</FormHelperText>}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('Cancel')}</Button>
        <Button variant="contained" color="error" onClick={submit} disabled={remove.isPending}>
          {PEOPLE_MSG.removeDocuments}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
