import { Grid, Paper, Stack, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type CreateCaptainInput, createCaptainSchema, PEOPLE_MSG, pathTo } from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { useIdempotencyKey } from '../../api/idempotency';
import { toast } from '../../api/toast';
import { usePeopleInvalidate } from './api';
import { PageHeader } from './components';
import { SaveCancelActions } from './SaveCancelActions';

type Form = Record<keyof CreateCaptainInput, string>;

/** /drivers/create: a new driver (inactive until activated with a cash register). */
export default function CreateDriverPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const invalidate = usePeopleInvalidate();
  const [form, setForm] = useState<Form>({
    first_name: '',
    last_name: '',
    username: '',
    phone_number: '',
    whatsapp_number: '',
    email: '',
  });
  const [errors, setErrors] = useState<Partial<Form>>({});
  const idempotency = useIdempotencyKey();
  const create = useMutation({
    mutationFn: (body: CreateCaptainInput) => api(endpoints.createCaptain, { body, idempotencyKey: idempotency.key() }),
    onSettled: (_data, error) => idempotency.settle(error),
    onSuccess: (res) => {
      toast.success(res.message ?? PEOPLE_MSG.captainCreated);
      void invalidate.captains();
      navigate(pathTo('Captain', { id: res.data.id }));
    },
    onError: (e) => {
      if (e instanceof ApiError) setErrors(Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v[0]])));
      toast.error(errorMessage(e));
    },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = createCaptainSchema.safeParse(form);
    if (!parsed.success) {
      const next: Partial<Form> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Form] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  };
  const field = (name: keyof Form, label: string, required = true) => (
    <TextField
      label={label}
      value={form[name]}
      onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name] && t(errors[name])}
      required={required}
      fullWidth
    />
  );
  return (
    <Stack spacing={2} component="form" onSubmit={submit} noValidate>
      <PageHeader title={t('New driver')} />
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 720 }}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>{field('first_name', t('First name'))}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('last_name', t('Last name'))}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('username', t('Username'))}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('email', t('E-mail'), false)}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('phone_number', t('Phone number (with country code)'))}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('whatsapp_number', PEOPLE_MSG.whatsappLabel, false)}</Grid>
        </Grid>
        <SaveCancelActions saving={create.isPending} />
      </Paper>
    </Stack>
  );
}
