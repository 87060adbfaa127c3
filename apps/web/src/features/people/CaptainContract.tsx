import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Skeleton, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { CONTRACT_MSG } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { ContractTemplateLevelPicker, type PickerOption } from '../../components/pickers';
import { formatNumber } from '../../i18n/format';
import { peopleKeys, useCaptainContract } from './api';

/** The captain's contract level and its commission; staff who may change captains pick another. */
export function CaptainContract({ id, editable }: { id: number; editable: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const c = useCaptainContract(id).data;
  if (!c) return <Skeleton width={220} />;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2" data-testid="captain-contract">
        {c.level
          ? CONTRACT_MSG.level(
              dataLabel(c.level.name),
              `${formatNumber(c.level.commission_percent, Number.isInteger(c.level.commission_percent) ? 0 : 1)} %`,
              dataLabel(c.level.contract_template.name),
            )
          : CONTRACT_MSG.none}
      </Typography>
      {editable && (
        <Button size="small" onClick={() => setOpen(true)}>
          {t('Change')}
        </Button>
      )}
      {open && (
        <ContractDialog
          id={id}
          current={c.level ? { id: c.level.id, label: dataLabel(c.level.name) } : null}
          onClose={() => setOpen(false)}
        />
      )}
    </Stack>
  );
}

function ContractDialog(props: { id: number; current: PickerOption | null; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [level, setLevel] = useState<PickerOption | null>(props.current);
  const [error, setError] = useState<string | undefined>();
  const save = useApiMutation({
    mutationFn: () =>
      api(endpoints.setCaptainContract, { params: { id: props.id }, body: { contract_level_id: level?.id ?? null } }),
    onSuccess: (res) => {
      client.setQueryData(peopleKeys.captainContract(props.id), res.data);
      toast.success(CONTRACT_MSG.saved);
      props.onClose();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.errors.contract_level_id) setError(e.errors.contract_level_id[0]);
    },
  });
  return (
    <Dialog open onClose={props.onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{CONTRACT_MSG.change}</DialogTitle>
      <DialogContent dividers>
        <ContractTemplateLevelPicker
          value={level}
          onChange={(v) => {
            setLevel(v);
            setError(undefined);
          }}
          error={error}
          autoFocus
          testId="contract-level-picker"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('Cancel')}</Button>
        <Button variant="contained" onClick={() => save.mutate()} disabled={save.isPending}>
          {t('Save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
