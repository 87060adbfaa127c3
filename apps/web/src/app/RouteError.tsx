import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * What a page that failed to load or crashed shows instead of React Router's developer screen: what
 * happened, in the user's language, and a reload (a new deploy is the usual cause of a missing chunk).
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : '';
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', pt: 8, px: 2 }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 560, mx: 'auto' }}>
        <ErrorOutlineIcon color="error" sx={{ fontSize: 48 }} />
        <Typography variant="h5" component="h1">
          {t('This page could not be shown')}
        </Typography>
        <Typography color="textSecondary">
          {t('Reload the page. If it happens again, tell support what you were doing.')}
        </Typography>
        {detail && (
          <Typography variant="caption" color="textSecondary" sx={{ fontFamily: 'monospace' }}>
            {detail}
          </Typography>
        )}
        <Button variant="contained" onClick={() => window.location.reload()} data-testid="route-error-reload">
          {t('Reload')}
        </Button>
      </Stack>
    </Box>
  );
}
