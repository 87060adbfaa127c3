import { GlobalStyles, useTheme } from '@mui/material';
import { TOAST_DURATION_MS } from '@taxi/shared';
import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { setToastSink } from '../api/toast';

const VARIANTS = ['success', 'error', 'warning', 'info'] as const;

/** The toasts' host: a chunk of its own, loaded once the first page is drawn (not part of /login's first JS). */
export default function Toaster() {
  const theme = useTheme();
  useEffect(() => setToastSink(enqueueSnackbar), []);
  return (
    <>
      {/* notistack's own colours fail contrast (white on #ff9800): the theme's, which hold 4.5:1 in both modes. */}
      <GlobalStyles
        styles={Object.fromEntries(
          VARIANTS.map((variant) => [
            // Two classes: above notistack's own one-class rule, whatever order the styles are inserted in.
            `.notistack-MuiContent.notistack-MuiContent-${variant}`,
            { backgroundColor: theme.palette[variant].main, color: theme.palette[variant].contrastText },
          ]),
        )}
      />
      <SnackbarProvider
        maxSnack={4}
        autoHideDuration={TOAST_DURATION_MS}
        variant="success"
        // The start side, away from the floating phone button at the end side.
        anchorOrigin={{ vertical: 'bottom', horizontal: theme.direction === 'rtl' ? 'right' : 'left' }}
        preventDuplicate
      />
    </>
  );
}
