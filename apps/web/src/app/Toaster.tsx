import { TOAST_DURATION_MS } from '@taxi/shared';
import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { setToastSink } from '../api/toast';

/** The toasts' host: a chunk of its own, loaded once the first page is drawn (not part of /login's first JS). */
export default function Toaster() {
  useEffect(() => setToastSink(enqueueSnackbar), []);
  return (
    <SnackbarProvider
      maxSnack={4}
      autoHideDuration={TOAST_DURATION_MS}
      variant="success"
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      preventDuplicate
    />
  );
}
