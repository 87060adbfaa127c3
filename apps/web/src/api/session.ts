import type { SessionUser } from '@taxi/shared';
import { useSyncExternalStore } from 'react';

/** The stored session (answer of admin_login): the token lives here and nowhere else. */
const SESSION_KEY = 'taxi.session';
/** Unread conversation messages as last polled (shell.md §4: persisted locally; cleared on logout). */
export const UNREAD_MESSAGES_KEY = 'taxi.unreadMessages';

type Listener = () => void;
const listeners = new Set<Listener>();

function read(): SessionUser | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    return raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    return null;
  }
}

let current: SessionUser | null = read();

function emit(): void {
  for (const listener of listeners) listener();
}

// Another tab logging in or out changes this tab's session too.
window.addEventListener('storage', (event) => {
  if (event.key === SESSION_KEY) {
    current = read();
    emit();
  }
});

export function getSession(): SessionUser | null {
  return current;
}

export function getToken(): string | null {
  return current?.accessToken ?? null;
}

export function setSession(session: SessionUser): void {
  current = session;
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  emit();
}

/** Removes the token, the stored user and the stored unread count. */
export function clearStoredSession(): void {
  current = null;
  localStorage.removeItem(SESSION_KEY);
  localStorage.removeItem(UNREAD_MESSAGES_KEY);
  emit();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionUser | null {
  return useSyncExternalStore(subscribe, getSession);
}
