import { Alert, Button, Link, Stack } from '@mui/material';
import { MSG, PUBLIC_PATHS } from '@taxi/shared';
import { Link as RouterLink } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { AuthField } from '../../components/AuthField';

/** Where the e-mailed reset link lands to choose a new password. Planned: no server call exists yet. */
export function ResetPasswordPage() {
  return (
    <AuthCard title={MSG.resetPasswordTitle} subtitle={MSG.resetPasswordHelp}>
      <Stack spacing={2}>
        <Alert severity="info">
          <strong>{MSG.planned}</strong>. {MSG.resetPlannedHelp}
        </Alert>
        <AuthField label={MSG.newPasswordLabel} type="password" disabled />
        <AuthField label={MSG.confirmPasswordLabel} type="password" disabled />
        <Button variant="contained" disabled>
          {MSG.savePassword}
        </Button>
        <Link component={RouterLink} to={PUBLIC_PATHS.login} variant="body2" sx={{ alignSelf: 'center' }}>
          {MSG.backToLogin}
        </Link>
      </Stack>
    </AuthCard>
  );
}
