import { getPreferences, setPreference } from '../../app/preferences';
import { aiQueue } from './queue';

/** Where the focus was when the operator opened the panel: it goes back there when they hide it. */
let returnFocus: HTMLElement | null = null;
/** The panel takes the focus when the operator opens it (so Escape hides it at once), not when it merely shows. */
let focusOnShow = false;

/** Opens or hides the AI popups' panel: the tray's click and the shortcut, nothing else. */
export function toggleAiPanel(): void {
  if (getPreferences().ai_panel === 'open') {
    hideAiPanel();
    return;
  }
  // Nothing to show: the panel stays hidden.
  if (aiQueue.get().queue.length === 0) return;
  returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  focusOnShow = true;
  void setPreference({ ai_panel: 'open' });
}

export function hideAiPanel(): void {
  const inPanel = document.activeElement?.closest('[data-ai-panel]') != null;
  void setPreference({ ai_panel: 'hidden' });
  if (inPanel && returnFocus?.isConnected) returnFocus.focus();
  returnFocus = null;
}

/** Whether the panel, showing now, should take the focus (once per opening). */
export function takeFocusOnShow(): boolean {
  const take = focusOnShow;
  focusOnShow = false;
  return take;
}
