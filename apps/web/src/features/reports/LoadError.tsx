import { Alert, Button } from '@mui/material';
import { REPORTS_UI } from '@taxi/shared';
import { errorMessage } from '../../api/client';

/** The figures could not be read: the reason and a retry (the periodic refresh also tries again). */
export function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={retry}>
          {REPORTS_UI.retry}
        </Button>
      }
    >
      {REPORTS_UI.loadFailed} {errorMessage(error)}
    </Alert>
  );
}
