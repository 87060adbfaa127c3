import { BOARD_DENSITIES, type BoardDensity } from '@taxi/shared';
import { DEFAULT_LANGUAGE, isLanguage, type Language, THEME_CHOICES, type ThemeChoice } from '@taxi/shared/i18n';
import { useSyncExternalStore } from 'react';
import { applyLanguage } from '../i18n';

export { THEME_CHOICES, type ThemeChoice };

export type AiPanelState = 'open' | 'hidden';

export interface Preferences {
  language: Language;
  theme: ThemeChoice;
  /** The Requests board's cards: full, or compact (two lines each). */
  board_density: BoardDensity;
  /** The AI popups' panel: opened by the operator only; once hidden it stays hidden, reload or not. */
  ai_panel: AiPanelState;
}

/**
 * Language, theme, the board's card density and the AI popups' panel. Kept on the server per user (`PUT preferences`, sent back by check_auth) so they
 * follow the user to any workstation, and in this browser as its last choice (`taxi.prefs`) for the
 * pages before sign-in. The first visit follows the browser's language and the system's colour scheme.
 */
const LAST_KEY = 'taxi.prefs';

function browserLanguage(): Language {
  const base = (navigator.language || '').toLowerCase().split('-')[0];
  return isLanguage(base) ? base : DEFAULT_LANGUAGE;
}

function parse(raw: string | null): Partial<Preferences> {
  if (!raw) return {};
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof Preferences, unknown>>;
    return {
      ...(isLanguage(value.language) ? { language: value.language } : {}),
      ...(THEME_CHOICES.includes(value.theme as ThemeChoice) ? { theme: value.theme as ThemeChoice } : {}),
      ...(BOARD_DENSITIES.includes(value.board_density as BoardDensity)
        ? { board_density: value.board_density as BoardDensity }
        : {}),
      ...(value.ai_panel === 'open' || value.ai_panel === 'hidden' ? { ai_panel: value.ai_panel } : {}),
    };
  } catch {
    return {};
  }
}

function read(key: string): Partial<Preferences> {
  try {
    return parse(localStorage.getItem(key));
  } catch {
    return {};
  }
}

function write(key: string, value: Preferences): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full storage: the choice holds for this page only.
  }
}

let current: Preferences = {
  language: browserLanguage(),
  theme: 'system',
  board_density: 'comfortable',
  ai_panel: 'hidden',
  ...read(LAST_KEY),
};

let currentUser: number | null = null;
const listeners = new Set<() => void>();

function publish(next: Preferences): void {
  current = next;
  for (const listener of listeners) listener();
}

export function getPreferences(): Preferences {
  return current;
}

export function usePreferences(): Preferences {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

type Saver = (patch: Partial<Preferences>) => Promise<unknown>;
let saveForUser: Saver | null = null;

async function apply(patch: Partial<Preferences>): Promise<void> {
  const next = { ...current, ...patch };
  write(LAST_KEY, next);
  if (next.language !== current.language) await applyLanguage(next.language);
  publish(next);
}

/** Changes the language, the theme or the AI panel now, in this browser and (signed in) on the user's account. */
export async function setPreference(patch: Partial<Preferences>): Promise<void> {
  await apply(patch);
  // The choice holds here even if the server cannot take it now; it is sent again with the next change.
  await saveForUser?.(patch).catch(() => undefined);
}

/**
 * On sign-in: the user's saved choices replace the browser's last ones; a user who never chose keeps
 * what this browser shows and it is saved as theirs.
 */
export async function adoptUserPreferences(userId: number, saved: Partial<Preferences>, save: Saver): Promise<void> {
  saveForUser = save;
  if (currentUser === userId) return;
  currentUser = userId;
  const known = parse(JSON.stringify(saved));
  // The panel is the user's own: another user's choice on this browser is not theirs.
  const ai_panel = known.ai_panel ?? 'hidden';
  if (!known.language && !known.theme && !known.board_density) {
    await apply({ ai_panel });
    await save({ language: current.language, theme: current.theme }).catch(() => undefined);
    return;
  }
  await apply({ ...known, ai_panel });
}

/** Before the first render: load the remembered language's catalogue so no English flashes. */
export function startPreferences(): Promise<void> {
  return applyLanguage(current.language);
}
