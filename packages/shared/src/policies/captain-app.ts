import type { CaptainRefusal } from '../captain-app';
import { publicRule, type RouteRule } from './core';

/** Who asks on a captain-app route: the captain of the session, with why they may not work now (null: they may). */
export interface CaptainActor {
  id: number;
  refusal: CaptainRefusal | null;
}

/**
 * A captain-app route's rule: the bearer must be a captain session (a staff token is not one: 401), and the rule
 * decides for that captain. Its staff side allows no one, so a staff actor never passes it, whatever checks it.
 */
export type CaptainRouteRule = RouteRule & {
  readonly captain: true;
  allowsCaptain(captain: CaptainActor): boolean;
};

function captainRule(name: string, allowsCaptain: (captain: CaptainActor) => boolean): CaptainRouteRule {
  return Object.freeze({ name, captain: true as const, allows: () => false, allowsCaptain });
}

/** Whether a route's rule is a captain-app rule (read as own properties, like the other route flags). */
export function isCaptainRule(rule: RouteRule): rule is CaptainRouteRule {
  return Object.hasOwn(rule, 'captain') && (rule as { captain?: unknown }).captain === true;
}

/** The captain app (/api/captain-app): sign-in by SMS code, presence, positions, offers and the ride's steps. */
export const captainAppPolicy = {
  /** Asking for a code and signing in with it: the code is the credential. */
  sendCode: publicRule('captainApp.sendCode'),
  signIn: publicRule('captainApp.signIn'),
  /** Their own session and profile: any captain signed in, even one who may not work now (they see why). */
  own: captainRule('captainApp.own', () => true),
  /** Going online or offline, positions, offers and rides: a captain who may work (not blocked, approved, active, with a car). */
  work: captainRule('captainApp.work', (c) => c.refusal === null),
} as const;
