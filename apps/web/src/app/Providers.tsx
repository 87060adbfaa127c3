import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { TOAST_DURATION_MS } from '@taxi/shared';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { queryClient } from '../api/queryClient';
import { theme } from './theme';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider
          maxSnack={4}
          autoHideDuration={TOAST_DURATION_MS}
          variant="success"
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
          preventDuplicate
        >
          {children}
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
