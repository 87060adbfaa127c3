import { Grid, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import {
  BROADCAST_LABELS,
  dateToCityLocal,
  pathTo,
  RECURRENCES,
  type Recurrence,
  type ScheduledMessageCreateInput,
  scheduledMessageCreateSchema,
} from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { useIdempotencyKey } from '../../api/idempotency';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { DateTextField } from '../../components/DateTextField';
import { translateText } from '../../i18n';
import { SaveCancelActions } from '../people/SaveCancelActions';
import { useBroadcastsInvalidate } from './api';
import { MessageField, PreviewLine, TargetPicker } from './components';

type Form = {
  body: string;
  target: string;
  phone_numbers: string[];
  send_at: string;
  recurrence: Recurrence;
  ends_at: string;
};
type Errors = Partial<Record<keyof Form, string>>;

/** The next full hour on the city's clock, as the date field holds it ('YYYY-MM-DDTHH:00'). */
const nextHour = () =>
  `${dateToCityLocal(new Date(Date.now() + 3600_000))
    .slice(0, 13)
    .replace(' ', 'T')}:00`;

/** /scheduled_messages/store (SETTINGS): a message to a target at a time of the city, once or recurring. */
export default function ScheduledMessageCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const invalidate = useBroadcastsInvalidate();
  const idempotency = useIdempotencyKey();
  const [form, setForm] = useState<Form>(() => ({
    body: '',
    target: 'online',
    phone_numbers: [],
    send_at: nextHour(),
    recurrence: 'none',
    ends_at: '',
  }));
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  const save = useApiMutation({
    mutationFn: (body: ScheduledMessageCreateInput) =>
      api(endpoints.scheduleMessage, { body, idempotencyKey: idempotency.key() }),
    onSettled: (_data, error) => idempotency.settle(error ?? undefined),
    onSuccess: (res) => {
      if (res.message) toast.success(res.message);
      void invalidate.scheduled();
      navigate(pathTo('scheduled_messages'));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422)
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]])));
    },
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const input: ScheduledMessageCreateInput = {
      ...form,
      phone_numbers: form.target === 'numbers' ? form.phone_numbers : undefined,
      ends_at: form.recurrence === 'none' ? null : form.ends_at || null,
    };
    const parsed = scheduledMessageCreateSchema.safeParse(input);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(input);
  };

  return (
    <Stack spacing={2} component="form" onSubmit={submit} noValidate>
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 880 }}>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {t('Message and captains')}
          </Typography>
          <TargetPicker
            value={form.target}
            onChange={(v) => set('target', v)}
            error={errors.target}
            numbers={form.phone_numbers}
            onNumbers={(v) => set('phone_numbers', v)}
            numbersError={errors.phone_numbers}
          />
          <MessageField value={form.body} onChange={(v) => set('body', v)} error={errors.body} />
          <PreviewLine target={form.target} numbers={form.phone_numbers.length} />
          <Typography variant="h6" component="h2">
            {t('When')}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <DateTextField
                kind="datetime"
                name="send_at"
                label={t('Send at')}
                required
                value={form.send_at}
                onChange={(v) => set('send_at', v)}
                error={!!errors.send_at}
                helperText={errors.send_at ? translateText(errors.send_at) : undefined}
                testId="scheduled-send-at"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                select
                fullWidth
                name="recurrence"
                label={t('Repeats')}
                value={form.recurrence}
                onChange={(e) => set('recurrence', e.target.value as Recurrence)}
              >
                {RECURRENCES.map((r) => (
                  <MenuItem key={r} value={r}>
                    {BROADCAST_LABELS.recurrences[r]}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            {form.recurrence !== 'none' && (
              <Grid size={{ xs: 12, sm: 4 }}>
                <DateTextField
                  kind="datetime"
                  name="ends_at"
                  label={t('Until (optional)')}
                  value={form.ends_at}
                  onChange={(v) => set('ends_at', v)}
                  error={!!errors.ends_at}
                  helperText={errors.ends_at ? translateText(errors.ends_at) : undefined}
                />
              </Grid>
            )}
          </Grid>
          <Typography variant="body2" color="textSecondary">
            {t('Times are the city’s clock.')}
          </Typography>
        </Stack>
        <SaveCancelActions saving={save.isPending} />
      </Paper>
    </Stack>
  );
}
