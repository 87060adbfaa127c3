import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@taxi/shared/i18n';
import { useSyncExternalStore } from 'react';
import { applyLanguage } from '../i18n';

export type ThemeChoice = 'system' | 'light' | 'dark';
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

export interface Preferences {
  language: Language;
  theme: ThemeChoice;
}

/**
 * Language and theme, remembered per user on this browser (`taxi.prefs.user.<id>`) and as the browser's
 * last choice (`taxi.prefs`) for the pages before sign-in. The first visit follows the browser's
 * language and the system's colour scheme.
 */
const LAST_KEY = 'taxi.prefs';
const userKey = (userId: number) => `taxi.prefs.user.${userId}`;

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

let current: Preferences = { language: browserLanguage(), theme: 'system', ...read(LAST_KEY) };
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

/** Changes the language or theme now and remembers it for this user and this browser. */
export async function setPreference(patch: Partial<Preferences>): Promise<void> {
  const next = { ...current, ...patch };
  write(LAST_KEY, next);
  if (currentUser !== null) write(userKey(currentUser), next);
  if (next.language !== current.language) await applyLanguage(next.language);
  publish(next);
}

/** On sign-in: this user's remembered choices, if any, replace the browser's last ones. */
export async function adoptUserPreferences(userId: number): Promise<void> {
  if (currentUser === userId) return;
  currentUser = userId;
  const saved = read(userKey(userId));
  if (!saved.language && !saved.theme) {
    write(userKey(userId), current);
    return;
  }
  await setPreference(saved);
}

/** Before the first render: load the remembered language's catalogue so no English flashes. */
export function startPreferences(): Promise<void> {
  return applyLanguage(current.language);
}
