import { Button, Checkbox, FormControlLabel, Link, Stack } from '@mui/material';
import { isValidEmail, isValidPassword, MSG } from '@taxi/shared';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { setSession, useSession } from '../../api/session';
import { toast } from '../../api/toast';
import { AuthCard } from '../../components/AuthCard';
import { AuthField } from '../../components/AuthField';
import { allowedNext, type Credentials, homePath, login, meQuery, sendCode } from './api';

interface CodeForm {
  code: string;
}

/** Two-step login (shell.md §2.6, §4): credentials → code sent by e-mail → verify. */
export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentMessage, setSentMessage] = useState<string>(MSG.codeSent);
  // A ref, not state: a second submit in the same tick must see the first one running.
  const running = useRef(false);
  const step1 = useForm<Credentials>({ defaultValues: { username: '', password: '', remember_me: false } });
  const step2 = useForm<CodeForm>({ defaultValues: { code: '' } });

  if (session && !busy) return <Navigate to={homePath(session)} replace />;

  async function run(task: () => Promise<void>): Promise<void> {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await task();
    } catch (error) {
      toast.error(errorMessage(error, MSG.checkYourInfo));
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  const onCredentials = step1.handleSubmit((values) =>
    run(async () => {
      const answer = await sendCode(values);
      setSentMessage(answer.message || MSG.codeSent);
      setCredentials(values);
    }),
  );

  const onCode = step2.handleSubmit((values) =>
    run(async () => {
      if (!credentials) return;
      const answer = await login(credentials, values.code.trim());
      setSession(answer.data);
      toast.success(MSG.loggedIn);
      const user = await queryClient.fetchQuery(meQuery).catch(() => undefined);
      navigate(allowedNext(params.get('next'), user) ?? homePath(answer.data), { replace: true });
    }),
  );

  if (credentials) {
    return (
      <AuthCard title={MSG.verificationTitle} subtitle={sentMessage}>
        <Stack component="form" spacing={2} onSubmit={onCode} noValidate>
          <AuthField
            label={MSG.codeLabel}
            autoFocus
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'login-code' } }}
            error={!!step2.formState.errors.code}
            helperText={step2.formState.errors.code?.message}
            {...step2.register('code', { required: MSG.required })}
          />
          <Button type="submit" variant="contained" size="large" loading={busy}>
            {MSG.verifyButton}
          </Button>
          <Link component="button" type="button" variant="body2" onClick={() => setCredentials(null)}>
            {MSG.backToLogin}
          </Link>
        </Stack>
      </AuthCard>
    );
  }

  const { errors } = step1.formState;
  return (
    <AuthCard title={MSG.loginButton}>
      <Stack component="form" spacing={2} onSubmit={onCredentials} noValidate>
        <AuthField
          label={MSG.emailLabel}
          type="email"
          autoComplete="username"
          autoFocus
          error={!!errors.username}
          helperText={errors.username?.message}
          slotProps={{ htmlInput: { 'data-testid': 'login-email' } }}
          {...step1.register('username', {
            required: MSG.required,
            validate: (value) => isValidEmail(value) || MSG.invalidEmail,
          })}
        />
        <AuthField
          label={MSG.passwordLabel}
          type="password"
          autoComplete="current-password"
          error={!!errors.password}
          helperText={errors.password?.message}
          slotProps={{ htmlInput: { 'data-testid': 'login-password' } }}
          {...step1.register('password', {
            required: MSG.required,
            validate: (value) => isValidPassword(value) || MSG.invalidPassword,
          })}
        />
        <FormControlLabel control={<Checkbox {...step1.register('remember_me')} />} label={MSG.rememberMe} />
        <Button type="submit" variant="contained" size="large" loading={busy}>
          {MSG.loginButton}
        </Button>
        <Link component={RouterLink} to="/reset-password-email" variant="body2" sx={{ alignSelf: 'center' }}>
          {MSG.resetPasswordLink}
        </Link>
      </Stack>
    </AuthCard>
  );
}
