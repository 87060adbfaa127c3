import type { enqueueSnackbar, OptionsObject } from 'notistack';

type Sink = typeof enqueueSnackbar;
let sink: Sink | null = null;
const waiting: [string, OptionsObject][] = [];

function show(message: string, options: OptionsObject): void {
  if (sink) sink(message, options);
  else waiting.push([message, options]);
}

/** The toaster (loaded after the first page is drawn) takes over; toasts asked for before it are shown now. */
export function setToastSink(next: Sink): void {
  sink = next;
  for (const [message, options] of waiting.splice(0)) next(message, options);
}

/** Colour-coded toasts (shell.md §2.5, §9). Usable outside React; the toaster sets the defaults
 * (3000 ms, green, bottom-left). Late-captain and late-booking notices are not toasts: they go to the
 * exceptions board's stack (features/exceptions/LateNoticeStack). */
export const toast = {
  success: (message: string) => show(message, { variant: 'success' }),
  error: (message: string) => show(message, { variant: 'error' }),
  info: (message: string) => show(message, { variant: 'info' }),
  warning: (message: string) => show(message, { variant: 'warning' }),
  /** A notice with a button (a link to where the news waits); it lasts `duration` ms. */
  notice: (message: string, action: OptionsObject['action'], duration?: number) =>
    show(message, { variant: 'info', action, ...(duration ? { autoHideDuration: duration } : {}) }),
};
