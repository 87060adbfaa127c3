import { Alert, Button, Link, Stack } from '@mui/material';
import { isValidEmail, MSG, PUBLIC_PATHS } from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { AuthCard } from '../../components/AuthCard';
import { AuthField } from '../../components/AuthField';
import { type FieldRules, useCheckedForm } from './useCheckedForm';

interface EmailForm {
  email: string;
}

const rules: FieldRules<EmailForm> = {
  email: (value) => (!value.trim() ? MSG.required : isValidEmail(value.trim()) ? undefined : MSG.invalidEmail),
};

/**
 * Asks for a password-reset link by e-mail (shell.md: /reset-password-email). The server answers the same
 * whether the address has an account or not, so the page always says the e-mail was sent.
 */
export function ResetPasswordEmailPage() {
  const { t } = useTranslation();
  const form = useCheckedForm<EmailForm>({ email: '' }, rules);
  const [sent, setSent] = useState(false);
  const send = useApiMutation({
    mutationFn: (email: string) => api(endpoints.forgotPassword, { body: { email } }),
    errorFallback: MSG.checkYourInfo,
    onSuccess: () => {
      toast.success(MSG.resetEmailSent);
      setSent(true);
    },
  });
  const onSubmit = form.handleSubmit((values) => {
    if (!send.isPending) send.mutate(values.email.trim());
  });

  return (
    <AuthCard title={MSG.resetPasswordEmailTitle} subtitle={MSG.resetPasswordEmailHelp}>
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
        {sent && <Alert severity="success">{MSG.resetEmailSent}</Alert>}
        <AuthField
          label={MSG.emailLabel}
          name="email"
          type="email"
          autoComplete="username"
          autoFocus
          error={!!form.errors.email}
          helperText={form.errors.email && t(form.errors.email)}
          value={form.values.email}
          onChange={(event) => form.setValue('email', event.target.value)}
        />
        <Button type="submit" variant="contained" size="large" loading={send.isPending}>
          {MSG.sendLink}
        </Button>
        <Link component={RouterLink} to={PUBLIC_PATHS.login} variant="body2" sx={{ alignSelf: 'center' }}>
          {MSG.backToLogin}
        </Link>
      </Stack>
    </AuthCard>
  );
}
