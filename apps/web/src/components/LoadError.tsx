import { Alert, AlertTitle, Button, type SxProps, type Theme, Typography } from '@mui/material';
import { MSG } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../api/client';

/**
 * A load that failed: what went wrong, the request id the server logged it under (to quote to support), and
 * Retry. Every list and page shows its failed loads with this, never a bare status text over an empty table.
 */
export function LoadError({
  error,
  retry,
  sx,
  title = MSG.loadFailed,
}: {
  error: unknown;
  retry?: () => unknown;
  sx?: SxProps<Theme>;
  title?: string;
}) {
  useTranslation();
  const requestId = error instanceof ApiError ? error.requestId : null;
  return (
    <Alert
      severity="error"
      sx={sx}
      data-testid="load-error"
      action={
        retry && (
          <Button color="inherit" size="small" onClick={() => void retry()} data-testid="load-error-retry">
            {MSG.retry}
          </Button>
        )
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {errorMessage(error)}
      {requestId && (
        <Typography variant="caption" component="div" sx={{ fontFamily: 'monospace' }} data-testid="load-error-id">
          {MSG.requestId(requestId)}
        </Typography>
      )}
    </Alert>
  );
}
