import {
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { dateToCityLocal, SHIFT_MSG as M, type ShiftBody, type ShiftDto } from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { DateTextField } from '../../components/DateTextField';
import { AreaClusterPicker, CaptainPicker, type PickerOption } from '../../components/pickers';
import { useSectors } from '../bookings/api';
import { useAreaClusterSectors } from './api';

/** 'YYYY-MM-DD HH:mm' (the API, city time) ⇄ 'YYYY-MM-DDTHH:mm' (the date field). */
const toField = (iso: string) => dateToCityLocal(iso).replace(' ', 'T');
const toBody = (field: string) => field.replace('T', ' ');

interface Form {
  captain: PickerOption | null;
  sectorIds: number[];
  startsAt: string;
  endsAt: string;
}

/** Field errors by name ('sector_ids.1' counts for the zone). */
const fieldErrors = (errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.split('.')[0], v[0]]));

/** New or edit shift: the captain, the zone (one or several sectors) and the window, on the city's clock. */
export function ShiftDialog({
  shift,
  onClose,
  onSaved,
}: {
  shift: ShiftDto | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const sectors = useSectors().data ?? [];
  const clusterSectors = useAreaClusterSectors().data;
  const [form, setForm] = useState<Form>(() => ({
    captain: shift ? { id: shift.captain.id, label: shift.captain.full_name } : null,
    sectorIds: shift?.sectors.map((s) => s.id) ?? [],
    startsAt: shift ? toField(shift.starts_at) : '',
    endsAt: shift ? toField(shift.ends_at) : '',
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const save = useApiMutation({
    mutationFn: (body: ShiftBody) =>
      shift ? api(endpoints.updateShift, { params: { id: shift.id }, body }) : api(endpoints.createShift, { body }),
    onSuccess: (res) => {
      if (res.message) toast.success(res.message);
      onSaved();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) setErrors(fieldErrors(error.errors));
    },
  });
  const err = (name: string) => ({ error: !!errors[name], helperText: errors[name] });
  const submit = () =>
    save.mutate({
      captain_id: form.captain?.id ?? 0,
      sector_ids: form.sectorIds,
      starts_at: toBody(form.startsAt),
      ends_at: toBody(form.endsAt),
    });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{shift ? M.editShift : M.newShift}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <CaptainPicker
            label={M.captain}
            value={form.captain}
            onChange={(v) => set('captain', v)}
            error={errors.captain_id}
            testId="shift-captain"
            autoFocus
          />
          <Autocomplete
            multiple
            options={sectors.map((s) => s.id)}
            getOptionLabel={(id) => sectors.find((s) => s.id === id)?.name ?? `#${id}`}
            value={form.sectorIds}
            onChange={(_, v) => set('sectorIds', v)}
            renderInput={(p) => <TextField {...p} label={M.zone} {...err('sector_ids')} />}
          />
          <AreaClusterPicker
            label={M.addCluster}
            helperText={M.addClusterHelp}
            value={null}
            onChange={(cluster) => {
              const add = cluster ? (clusterSectors?.get(cluster.id) ?? []) : [];
              if (add.length) set('sectorIds', [...new Set([...form.sectorIds, ...add])]);
            }}
            testId="shift-cluster"
          />
          <DateTextField
            kind="datetime"
            label={M.startsAt}
            value={form.startsAt}
            onChange={(v) => set('startsAt', v)}
            {...err('starts_at')}
            testId="shift-starts"
          />
          <DateTextField
            kind="datetime"
            label={M.endsAt}
            value={form.endsAt}
            onChange={(v) => set('endsAt', v)}
            {...err('ends_at')}
            testId="shift-ends"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('Cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {t('Save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
