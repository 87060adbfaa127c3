import { Box, Button, Paper, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { VACATION_MSG as M, type VacationBody } from '@taxi/shared';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { DateTextField } from '../../components/DateTextField';
import { vacationKeys } from './api';

const EMPTY: VacationBody = { from: '', to: '', reason: '' };

/** One's own leave request: first and last day (city dates) and the reason. */
export function VacationRequestForm() {
  const client = useQueryClient();
  const [form, setForm] = useState<VacationBody>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof VacationBody, value: string) => setForm((f) => ({ ...f, [key]: value }));
  const send = useApiMutation({
    mutationFn: (body: VacationBody) => api(endpoints.requestVacation, { body }),
    onSuccess: (res) => {
      if (res.message) toast.success(res.message);
      setForm(EMPTY);
      setErrors({});
      void client.invalidateQueries({ queryKey: vacationKeys.all });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422)
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]])));
    },
  });
  const err = (name: string) => ({ error: !!errors[name], helperText: errors[name] });
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <Box sx={{ width: { md: 240 }, flexShrink: 0 }}>
          <DateTextField
            kind="date"
            label={M.from}
            value={form.from}
            onChange={(v) => set('from', v)}
            {...err('from')}
          />
        </Box>
        <Box sx={{ width: { md: 240 }, flexShrink: 0 }}>
          <DateTextField kind="date" label={M.to} value={form.to} onChange={(v) => set('to', v)} {...err('to')} />
        </Box>
        <TextField
          label={M.reason}
          value={form.reason}
          onChange={(e) => set('reason', e.target.value)}
          {...err('reason')}
          sx={{ flex: 1, minWidth: 200 }}
        />
        <Button
          variant="contained"
          onClick={() => send.mutate(form)}
          disabled={send.isPending}
          sx={{ mt: { md: 1 }, flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          {M.request}
        </Button>
      </Stack>
    </Paper>
  );
}
