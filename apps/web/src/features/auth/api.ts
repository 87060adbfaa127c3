import { queryOptions } from '@tanstack/react-query';
import {
  type Actor,
  AIRPORT_HOME_PATH,
  type AuthUser,
  HOME_PATH,
  LOGIN_PROVIDER,
  mayOpen,
  PARTNER_HOME_PATH,
  type SessionUser,
  shellPolicy,
} from '@taxi/shared';
import { http, request } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { queryKeys } from '../../api/queryKeys';
import { clearStoredSession } from '../../api/session';
import { matchProtectedRoute } from '../../app/routeMatch';

export interface Credentials {
  username: string;
  password: string;
  remember_me: boolean;
}

const payload = (credentials: Credentials, code: string | null) => ({
  ...credentials,
  code,
  provider: LOGIN_PROVIDER,
});

export const sendCode = (credentials: Credentials) =>
  request<unknown>('POST', 'admin_send_code', { body: payload(credentials, null), auth: false });

export const login = (credentials: Credentials, code: string) =>
  request<SessionUser>('POST', 'admin_login', { body: payload(credentials, code), auth: false });

/** check_auth: validates the token and loads the user with permissions. */
export const meQuery = queryOptions({
  queryKey: queryKeys.auth.me,
  queryFn: ({ signal }) => http.get<AuthUser>('check_auth', undefined, signal),
  staleTime: 5 * 60_000,
  retry: false,
});

/**
 * After login an airport agency user lands on airport/create, partner staff on their bookings, other users on
 * /requests (shellPolicy.airportDesk, shellPolicy.partnerDesk).
 * The stored session (roles, no permissions yet) is enough: the rule reads the roles.
 */
export function homePath(user: Pick<Actor, 'roles'> & Partial<Actor>): string {
  const actor: Actor = { id: user.id ?? 0, roles: user.roles, permissions: user.permissions ?? [] };
  if (shellPolicy.airportDesk.allows(actor)) return AIRPORT_HOME_PATH;
  return shellPolicy.partnerDesk.allows(actor) ? PARTNER_HOME_PATH : HOME_PATH;
}

/** A `next` parameter is followed only when it is a protected page the user may open. */
export function allowedNext(next: string | null, user: AuthUser | undefined): string | null {
  if (!next?.startsWith('/') || next.startsWith('//')) return null;
  const pathname = next.split(/[?#]/)[0];
  const route = matchProtectedRoute(pathname);
  if (!route || !user || !mayOpen(route, user)) return null;
  return next;
}

/** The logout flow: token removed, stored user and notifications cleared, socket and phone disconnected. */
export function endSession(): void {
  clearStoredSession();
  // Socket.IO is code of the signed-in shell, not of /login: a socket exists only once that chunk has loaded,
  // and then this import resolves at once.
  void import('../../api/socket').then((socket) => socket.disconnectSocket());
  // The phone likewise: unregistered and disconnected (a call in progress is hung up).
  void import('../voice/ua').then((voice) => voice.stopVoice());
  void import('../push/registration').then((push) => push.dropPushSubscription());
  queryClient.clear();
}

/** Before the logout call, while the token works: the server forgets this browser's push subscription. */
const unregisterPush = () => import('../push/registration').then((push) => push.unregisterPush());

export async function logout(): Promise<void> {
  try {
    await unregisterPush();
    await http.put('logout');
  } finally {
    endSession();
  }
}

/** Ends every session of the user (every browser and device), then this one's locally. */
export async function logoutEverywhere(): Promise<void> {
  try {
    await unregisterPush();
    await http.put('logout_all');
  } finally {
    endSession();
  }
}
