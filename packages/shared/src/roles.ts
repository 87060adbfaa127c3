/** Role facts of shell.md §6. */
export const ADMIN_ROLE_ID = 1;
export const AIRPORT_ROLE_IDS = [11, 12] as const;
/** The airport supervisor (role 12) sees every request of its agency; the agent (role 11) its own. */
export const AIRPORT_SUPERVISOR_ROLE_ID = 12;
/** Spelled so in the spec and in the data. */
export const GOVERNMENT_ROLE_NAME = 'Goverment';

export interface RoleRef {
  id: number;
  name: string;
}

/** The user's first role is the one that counts. */
export function primaryRole(roles: readonly RoleRef[] | undefined): RoleRef | undefined {
  return roles?.[0];
}

export function isAirportRole(roles: readonly RoleRef[] | undefined): boolean {
  const role = primaryRole(roles);
  return !!role && (AIRPORT_ROLE_IDS as readonly number[]).includes(role.id);
}

export function isGovernmentRole(roles: readonly RoleRef[] | undefined): boolean {
  return primaryRole(roles)?.name === GOVERNMENT_ROLE_NAME;
}

/** Role id 1 is excluded from role pickers. */
export function pickableRoles<T extends RoleRef>(roles: readonly T[]): T[] {
  return roles.filter((r) => r.id !== ADMIN_ROLE_ID);
}
