import { PARTNER_ROLE_IDS } from '../partner-roles';
import { can, type Permission } from '../permissions';
import { AIRPORT_SUPERVISOR_ROLE_ID, isAirportRole, isGovernmentRole, primaryRole, type RoleRef } from '../roles';

/** Who asks: the signed-in staff member as the server authenticates it and check_auth returns it. */
export interface Actor {
  id: number;
  roles: readonly RoleRef[];
  permissions: readonly string[];
  /** The airport agency of a role 11/12 user (its requests are the agency's); null or absent for others. */
  airport_agency_id?: number | null;
  /** The hotel, restaurant or company of a partner staff account; null or absent for staff. */
  partner_id?: number | null;
}

/**
 * A named rule: "may this actor do this (to this subject)?". The server calls it before the command
 * (403 when it says no); the web asks the same rule to show or hide the action. `S` is the subject
 * the rule needs (a booking, a user); route-level rules take none.
 */
export interface Rule<S = void> {
  readonly name: string;
  allows(actor: Actor, subject: S): boolean;
  /** Why it says no, when a clearer message than 'forbidden' helps (the toast shows it). */
  refusal?(actor: Actor): string | undefined;
}

/** A route's own rule (no subject): the auth hook checks it before the body is read. */
export type RouteRule = Rule<void> & {
  /** No token needed at all (login, health). */
  readonly public?: true;
};

export function rule<S = void>(
  name: string,
  allows: (actor: Actor, subject: S) => boolean,
  refusal?: (actor: Actor) => string | undefined,
): Rule<S> {
  return Object.freeze(refusal ? { name, allows, refusal } : { name, allows });
}

/** No token needed. Only for the sign-in calls and the probes. */
export function publicRule(name: string): RouteRule {
  return Object.freeze({ name, public: true as const, allows: () => true });
}

/** Any signed-in staff member (their own session, their own AI status). */
export function signedInRule(name: string): RouteRule {
  return rule(name, () => true);
}

// Facts about the actor every policy reads. Roles are tested here and in the policy files only.

export const holds = (actor: Actor, permission: Permission): boolean => can(actor.permissions, permission);
export const holdsAny = (actor: Actor, permissions: readonly Permission[]): boolean =>
  permissions.some((p) => holds(actor, p));
/** The role named Goverment (shell.md §6, bookings.md §6): reads and works complaints, changes nothing else. */
export const isGovernment = (actor: Actor): boolean => isGovernmentRole(actor.roles);
/** Airport agency roles 11 and 12 (shell.md §6): their own desk, no socket, no notifications. */
export const isAirport = (actor: Actor): boolean => isAirportRole(actor.roles);
/** An airport agency user linked to an agency: the airport desk is theirs (airport/create). */
export const atAirportDesk = (actor: Actor): boolean => isAirport(actor) && !!actor.airport_agency_id;
/** A partner role (hotel, restaurant, company staff), read from the roles alone (the stored session). */
export const isPartnerStaff = (actor: Actor): boolean => PARTNER_ROLE_IDS.includes(primaryRole(actor.roles)?.id ?? 0);
/** A partner's staff (hotel, restaurant, company): their own partner desk only (tenant isolation). */
export const atPartnerDesk = (actor: Actor): boolean =>
  !!actor.partner_id && PARTNER_ROLE_IDS.includes(primaryRole(actor.roles)?.id ?? 0);
/** Role 12: the airport supervisor, who sees the whole agency's requests (role 11 sees its own). */
export const isAirportSupervisor = (actor: Actor): boolean =>
  primaryRole(actor.roles)?.id === AIRPORT_SUPERVISOR_ROLE_ID;

/** A permission for an action that changes something: the Goverment role never gets it. */
export const mayChange = (actor: Actor, permission: Permission): boolean =>
  holds(actor, permission) && !isGovernment(actor);
