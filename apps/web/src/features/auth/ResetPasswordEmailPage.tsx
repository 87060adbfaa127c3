import { Alert, Button, Link, Stack } from '@mui/material';
import { MSG, PUBLIC_PATHS } from '@taxi/shared';
import { Link as RouterLink } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { AuthField } from '../../components/AuthField';

/** Asks for the e-mail a reset link goes to. The reset call does not exist yet, so the form is shown
 * disabled with the planned notice instead of pretending to send. */
export function ResetPasswordEmailPage() {
  return (
    <AuthCard title={MSG.resetPasswordEmailTitle} subtitle={MSG.resetPasswordEmailHelp}>
      <Stack spacing={2}>
        <Alert severity="info">
          <strong>{MSG.planned}</strong>. {MSG.resetPlannedHelp}
        </Alert>
        <AuthField label={MSG.emailLabel} type="email" disabled />
        <Button variant="contained" disabled>
          {MSG.sendLink}
        </Button>
        <Link component={RouterLink} to={PUBLIC_PATHS.login} variant="body2" sx={{ alignSelf: 'center' }}>
          {MSG.backToLogin}
        </Link>
      </Stack>
    </AuthCard>
  );
}
