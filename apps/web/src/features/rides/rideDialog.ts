import { useSyncExternalStore } from 'react';

/** Which booking the global ride dialog shows (shell.md §2.5); callable from anywhere, even outside React. */
let openId: number | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

export function openRideDialog(bookingId: number): void {
  openId = bookingId;
  notify();
}
export function closeRideDialog(): void {
  openId = null;
  notify();
}
export function useRideDialogId(): number | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => openId,
  );
}
/** For components: `const open = useRideDialog(); open(booking.id)`. */
export function useRideDialog(): (bookingId: number) => void {
  return openRideDialog;
}
