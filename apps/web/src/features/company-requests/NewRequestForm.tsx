import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { COMPANY_REQUEST_MSG, type CompanyRequestCreate, companyRequestCreateSchema } from '@taxi/shared';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { companyRequestKeys } from './api';

type Input = z.input<typeof companyRequestCreateSchema>;
const FIELDS: readonly { name: keyof CompanyRequestCreate; label: string; multiline?: boolean }[] = [
  { name: 'company_name', label: 'Company name' },
  { name: 'address', label: 'Address' },
  { name: 'contact_first_name', label: 'First name' },
  { name: 'contact_last_name', label: 'Last name' },
  { name: 'contact_email', label: 'Email' },
  { name: 'contact_phone', label: 'Phone number' },
  { name: 'message', label: 'Message', multiline: true },
];

/** A company asks to open an account (taken by phone or e-mail and filed here). */
export function NewRequestForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const form = useForm<Input, unknown, CompanyRequestCreate>({ resolver: zodResolver(companyRequestCreateSchema) });
  const err = form.formState.errors;
  const save = useApiMutation({
    mutationFn: (body: CompanyRequestCreate) => api(endpoints.createCompanyRequest, { body }),
    onSuccess: (res) => {
      toast.success(res.message ?? COMPANY_REQUEST_MSG.created);
      void qc.invalidateQueries({ queryKey: companyRequestKeys.all });
      form.reset();
      onDone();
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 422)) return;
      for (const [field, messages] of Object.entries(error.errors))
        form.setError(field as FieldPath<Input>, { message: messages[0] });
    },
  });
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      sx={{ p: 2, mb: 2 }}
      data-testid="company-request-form"
    >
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('New company request')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
        {FIELDS.map((f) => (
          <TextField
            key={f.name}
            size="small"
            label={t(f.label)}
            multiline={f.multiline}
            minRows={f.multiline ? 2 : undefined}
            {...form.register(f.name)}
            error={!!err[f.name]}
            helperText={err[f.name]?.message ? t(err[f.name]?.message ?? '') : undefined}
            sx={{ flex: f.multiline ? '1 1 100%' : '1 1 240px' }}
          />
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1.5 }}>
        <Button onClick={onDone}>{t('Cancel')}</Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('Save')}
        </Button>
      </Stack>
    </Paper>
  );
}
