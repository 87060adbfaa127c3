import { Button, Checkbox, FormControlLabel, Link, Stack } from '@mui/material';
import { isValidEmail, isValidPassword, MSG, PUBLIC_PATHS } from '@taxi/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useApiMutation } from '../../api/mutation';
import { queryClient } from '../../api/queryClient';
import { setSession, useSession } from '../../api/session';
import { toast } from '../../api/toast';
import { AuthCard } from '../../components/AuthCard';
import { AuthField } from '../../components/AuthField';
import { allowedNext, type Credentials, homePath, login, meQuery, sendCode } from './api';
import { takeLoginNotice } from './loginNotice';
import { type FieldRules, useCheckedForm } from './useCheckedForm';

interface CodeForm {
  code: string;
}

const credentialRules: FieldRules<Credentials> = {
  username: (value) => (!value ? MSG.required : isValidEmail(value) ? undefined : MSG.invalidEmail),
  password: (value) => (!value ? MSG.required : isValidPassword(value) ? undefined : MSG.invalidPassword),
};
const codeRules: FieldRules<CodeForm> = { code: (value) => (value ? undefined : MSG.required) };

/** Two-step login (shell.md §2.6, §4): credentials → code sent by e-mail → verify. */
export function LoginPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [sentMessage, setSentMessage] = useState<string>(MSG.codeSent);
  const step1 = useCheckedForm<Credentials>({ username: '', password: '', remember_me: false }, credentialRules);
  const step2 = useCheckedForm<CodeForm>({ code: '' }, codeRules);
  // What ended the last session, said here ('Token has expired'), once.
  useEffect(() => {
    const notice = takeLoginNotice();
    if (notice) toast.error(notice);
  }, []);
  // A ref, not the mutation's state: a second submit in the same tick must see the first one running.
  const running = useRef(false);
  const release = () => {
    running.current = false;
  };
  const askCode = useApiMutation({
    mutationFn: sendCode,
    errorFallback: MSG.checkYourInfo,
    onSuccess: (answer, values) => {
      setSentMessage(answer.message || MSG.codeSent);
      setCredentials(values);
    },
    onSettled: release,
  });
  // Signing in, the session, the user and the landing page are one step: the page stays until it moved on.
  const verify = useApiMutation({
    mutationFn: async ({ sent, code }: { sent: Credentials; code: string }) => {
      const answer = await login(sent, code);
      setSession(answer.data);
      toast.success(MSG.loggedIn);
      const user = await queryClient.fetchQuery(meQuery).catch(() => undefined);
      navigate(allowedNext(params.get('next'), user) ?? homePath(answer.data), { replace: true });
    },
    errorFallback: MSG.checkYourInfo,
    onSettled: release,
  });
  const busy = askCode.isPending || verify.isPending;

  if (session && !busy) return <Navigate to={homePath(session)} replace />;

  const claim = () => {
    if (running.current) return false;
    running.current = true;
    return true;
  };
  const onCredentials = step1.handleSubmit((values) => {
    if (claim()) askCode.mutate(values);
  });
  const onCode = step2.handleSubmit((values) => {
    if (credentials && claim()) verify.mutate({ sent: credentials, code: values.code.trim() });
  });

  if (credentials) {
    return (
      <AuthCard title={MSG.verificationTitle} subtitle={sentMessage}>
        {/* Keyed apart from step 1's form: otherwise React reuses the e-mail field as the code field (same place, same
            component), autoFocus never runs again and the focus is left on the page once the first step succeeds. */}
        <Stack key="code" component="form" spacing={2} onSubmit={onCode} noValidate>
          <AuthField
            label={MSG.codeLabel}
            name="code"
            autoFocus
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'login-code' } }}
            error={!!step2.errors.code}
            helperText={step2.errors.code && t(step2.errors.code)}
            value={step2.values.code}
            onChange={(event) => step2.setValue('code', event.target.value)}
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

  const { errors, values } = step1;
  return (
    <AuthCard title={MSG.loginButton}>
      <Stack key="credentials" component="form" spacing={2} onSubmit={onCredentials} noValidate>
        <AuthField
          label={MSG.emailLabel}
          name="username"
          type="email"
          autoComplete="username"
          autoFocus
          error={!!errors.username}
          helperText={errors.username && t(errors.username)}
          slotProps={{ htmlInput: { 'data-testid': 'login-email' } }}
          value={values.username}
          onChange={(event) => step1.setValue('username', event.target.value)}
        />
        <AuthField
          label={MSG.passwordLabel}
          name="password"
          type="password"
          autoComplete="current-password"
          error={!!errors.password}
          helperText={errors.password && t(errors.password)}
          slotProps={{ htmlInput: { 'data-testid': 'login-password' } }}
          value={values.password}
          onChange={(event) => step1.setValue('password', event.target.value)}
        />
        <FormControlLabel
          control={
            <Checkbox
              name="remember_me"
              checked={values.remember_me}
              onChange={(event) => step1.setValue('remember_me', event.target.checked)}
            />
          }
          label={MSG.rememberMe}
        />
        <Button type="submit" variant="contained" size="large" loading={busy}>
          {MSG.loginButton}
        </Button>
        <Link component={RouterLink} to={PUBLIC_PATHS.resetPasswordEmail} variant="body2" sx={{ alignSelf: 'center' }}>
          {MSG.resetPasswordLink}
        </Link>
      </Stack>
    </AuthCard>
  );
}
