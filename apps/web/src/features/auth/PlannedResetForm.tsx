import { Alert, Button, Link, Stack } from '@mui/material';
import { MSG, PUBLIC_PATHS } from '@taxi/shared';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { AuthCard } from '../../components/AuthCard';

/** A password-reset step whose server call does not exist yet: its fields and button shown disabled, with the planned notice. */
export function PlannedResetForm(props: { title: string; subtitle: string; submit: string; children: ReactNode }) {
  return (
    <AuthCard title={props.title} subtitle={props.subtitle}>
      <Stack spacing={2}>
        <Alert severity="info">
          <strong>{MSG.planned}</strong>. {MSG.resetPlannedHelp}
        </Alert>
        {props.children}
        <Button variant="contained" disabled>
          {props.submit}
        </Button>
        <Link component={RouterLink} to={PUBLIC_PATHS.login} variant="body2" sx={{ alignSelf: 'center' }}>
          {MSG.backToLogin}
        </Link>
      </Stack>
    </AuthCard>
  );
}
