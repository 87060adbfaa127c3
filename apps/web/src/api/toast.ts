import { LATE_TOAST_DURATION_MS } from '@taxi/shared';
import { enqueueSnackbar } from 'notistack';

/** Colour-coded toasts (shell.md §2.5, §9). Usable outside React; the provider sets the defaults
 * (3000 ms, green, bottom-left). */
export const toast = {
  success: (message: string) => enqueueSnackbar(message, { variant: 'success' }),
  error: (message: string) => enqueueSnackbar(message, { variant: 'error' }),
  info: (message: string) => enqueueSnackbar(message, { variant: 'info' }),
  warning: (message: string) => enqueueSnackbar(message, { variant: 'warning' }),
  /** Late-captain and late-booking toasts last longer. */
  late: (message: string) => enqueueSnackbar(message, { variant: 'warning', autoHideDuration: LATE_TOAST_DURATION_MS }),
};
