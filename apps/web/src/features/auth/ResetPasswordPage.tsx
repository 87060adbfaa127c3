import { Alert, Button, Link, Stack } from '@mui/material';
import { isValidPassword, MSG, PUBLIC_PATHS } from '@taxi/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { AuthCard } from '../../components/AuthCard';
import { AuthField } from '../../components/AuthField';
import { type FieldRules, useCheckedForm } from './useCheckedForm';

interface PasswordForm {
  password: string;
  confirmation: string;
}

/** The link to ask for a new reset e-mail. */
function AskNewLink() {
  return (
    <Link component={RouterLink} to={PUBLIC_PATHS.resetPasswordEmail} variant="body2">
      {MSG.askNewLink}
    </Link>
  );
}

/**
 * Where the e-mailed reset link lands (shell.md: /reset-password?token=…): a new password under the
 * password rule, typed twice. Success ends every session of the user and leads to /login.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [linkRefused, setLinkRefused] = useState(false);
  const form = useCheckedForm<PasswordForm>({ password: '', confirmation: '' }, {
    password: (value) => (!value ? MSG.required : isValidPassword(value) ? undefined : MSG.invalidPassword),
  } satisfies FieldRules<PasswordForm>);
  const confirmationError = (values: PasswordForm) =>
    !values.confirmation ? MSG.required : values.confirmation === values.password ? undefined : MSG.passwordsDiffer;
  const [confirmation, setConfirmation] = useState<string | undefined>();
  const save = useApiMutation({
    mutationFn: (password: string) => api(endpoints.resetPassword, { body: { token, password } }),
    errorFallback: MSG.checkYourInfo,
    onSuccess: () => {
      toast.success(MSG.passwordChanged);
      navigate(PUBLIC_PATHS.login, { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.errors.token) setLinkRefused(true);
    },
  });

  if (!token) {
    return (
      <AuthCard title={MSG.resetPasswordTitle}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
            {MSG.resetLinkMissing}
          </Alert>
          <AskNewLink />
        </Stack>
      </AuthCard>
    );
  }

  const submitChecked = form.handleSubmit((values) => {
    if (!confirmationError(values) && !save.isPending) save.mutate(values.password);
  });
  // The confirmation is checked against the password on every submit, next to the form's own rules.
  const onSubmit = (event: FormEvent) => {
    setConfirmation(confirmationError(form.values));
    submitChecked(event);
  };
  const { errors, values } = form;
  return (
    <AuthCard title={MSG.resetPasswordTitle} subtitle={MSG.resetPasswordHelp}>
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
        {linkRefused && (
          <Alert severity="error" action={<AskNewLink />}>
            {MSG.resetLinkInvalid}
          </Alert>
        )}
        <AuthField
          label={MSG.newPasswordLabel}
          name="password"
          type="password"
          autoComplete="new-password"
          autoFocus
          error={!!errors.password}
          helperText={errors.password && t(errors.password)}
          value={values.password}
          onChange={(event) => form.setValue('password', event.target.value)}
        />
        <AuthField
          label={MSG.confirmPasswordLabel}
          name="confirmation"
          type="password"
          autoComplete="new-password"
          error={!!confirmation}
          helperText={confirmation && t(confirmation)}
          value={values.confirmation}
          onChange={(event) => {
            form.setValue('confirmation', event.target.value);
            if (confirmation) setConfirmation(confirmationError({ ...values, confirmation: event.target.value }));
          }}
        />
        <Button type="submit" variant="contained" size="large" loading={save.isPending}>
          {MSG.savePassword}
        </Button>
        <Link component={RouterLink} to={PUBLIC_PATHS.login} variant="body2" sx={{ alignSelf: 'center' }}>
          {MSG.backToLogin}
        </Link>
      </Stack>
    </AuthCard>
  );
}
