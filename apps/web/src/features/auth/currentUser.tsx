import { type AuthUser, can, type Permission } from '@taxi/shared';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { type Allows, allowsFor } from './allows';

export type { Allows } from './allows';

const CurrentUserContext = createContext<AuthUser | null>(null);

export function CurrentUserProvider({ user, children }: { user: AuthUser; children: ReactNode }) {
  return <CurrentUserContext.Provider value={user}>{children}</CurrentUserContext.Provider>;
}

/** The signed-in user as loaded by check_auth. Only inside protected pages. */
export function useCurrentUser(): AuthUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser is only available inside protected pages');
  return user;
}

/** `const can = useCan(); can('SETTINGS')` — the permission check of route guards and the drawer. */
export function useCan(): (permission: Permission | null) => boolean {
  const user = useContext(CurrentUserContext);
  const permissions = user?.permissions;
  return useCallback((permission: Permission | null) => can(permissions, permission), [permissions]);
}

/**
 * `const allows = usePolicy(); allows(shellPolicy.messages); allows(bookingPolicy.act, 'cancel')` — shows
 * or hides an action by the shared rule the server enforces for it (issue 9, "one policy per domain").
 * Components never test a role by name: a role fact lives in the rule. Stable while the user is.
 */
export function usePolicy(): Allows {
  const user = useContext(CurrentUserContext);
  return useMemo(() => allowsFor(user), [user]);
}
