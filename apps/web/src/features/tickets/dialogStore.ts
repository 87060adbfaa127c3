import { useSyncExternalStore } from 'react';

/** Whether the new-ticket dialog is open: the socket opens it, the toolbar button too, the operator closes it. */
let open = false;
const listeners = new Set<() => void>();

export const ticketDialog = {
  set(next: boolean) {
    if (open === next) return;
    open = next;
    for (const l of listeners) l();
  },
};

export function useTicketDialogOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
  );
}
