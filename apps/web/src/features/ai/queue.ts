import type { AiPopupPayload } from '@taxi/shared';
import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * The AI popups waiting for this operator: what the overlay (AiPopups: socket events, expiry, the open panel) keeps
 * and the toolbar's tray (AiPopupTray) shows. One store, two readers.
 */
export interface AiQueueState {
  queue: readonly AiPopupPayload[];
  /** The popup the panel shows (its id), when the operator moved to one. */
  selected: number | null;
  /** The snooze (its snoozed_at) this console started itself because a time suggestion reached zero. */
  autoSnoozedAt: string | null;
}

let state: AiQueueState = { queue: [], selected: null, autoSnoozedAt: null };
const listeners = new Set<() => void>();

export const aiQueue = {
  get: () => state,
  update(patch: Partial<AiQueueState> | ((s: AiQueueState) => Partial<AiQueueState>)) {
    const next = { ...state, ...(typeof patch === 'function' ? patch(state) : patch) };
    if (next.queue === state.queue && next.selected === state.selected && next.autoSnoozedAt === state.autoSnoozedAt)
      return;
    state = next;
    for (const l of listeners) l();
  },
};

export function useAiQueue(): AiQueueState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );
}

export const secondsLeft = (p: AiPopupPayload, now: number) => Math.ceil((Date.parse(p.countdown_until) - now) / 1000);

/** The time each second while `active`. */
export function useTick(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * Whether a modal dialog is open (MUI renders each into the body): the AI panel yields to it, so it never lies over
 * the dialog the operator works in. Menus and popovers do not count.
 */
export function useModalDialogOpen(): boolean {
  const [open, setOpen] = useState(() => modalDialogOpen());
  useEffect(() => {
    const check = () => setOpen(modalDialogOpen());
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true });
    check();
    return () => observer.disconnect();
  }, []);
  return open;
}

function modalDialogOpen(): boolean {
  return document.querySelector('body > .MuiDialog-root:not(.MuiModal-hidden)') !== null;
}
