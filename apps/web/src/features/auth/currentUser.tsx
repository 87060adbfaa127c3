import { type AuthUser, can, isAirportRole, isGovernmentRole, type Permission } from '@taxi/shared';
import { createContext, type ReactNode, useCallback, useContext } from 'react';

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

/** `const can = useCan(); can('SETTINGS')` — the one permission check for guards, menus and buttons. */
export function useCan(): (permission: Permission | null) => boolean {
  const user = useContext(CurrentUserContext);
  const permissions = user?.permissions;
  return useCallback((permission: Permission | null) => can(permissions, permission), [permissions]);
}

export function useRoleFlags(): { isAirport: boolean; isGovernment: boolean } {
  const user = useContext(CurrentUserContext);
  return { isAirport: isAirportRole(user?.roles), isGovernment: isGovernmentRole(user?.roles) };
}
