import {
  type Actor,
  type CaptainActor,
  type CaptainRouteRule,
  isCaptainRule,
  MSG,
  type RoleRef,
  type RouteRule,
  type Rule,
  TOKEN_REFUSALS,
} from '@taxi/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { type Clock, systemClock } from '../lib/clock';
import { sha256 } from '../lib/crypto';
import { findTokenSession, findTokenSessionById, type TokenSession } from '../modules/auth/queries';
import { findCaptainSession, refused } from '../modules/captain-app/sessions';
import type { UserProfile } from '../modules/users/queries';
import { HttpError, tokenRefused, unauthenticated } from './errors';
import { isLoopback } from './loopback';

/** The signed-in staff member, set by the auth hook on every non-public /api route. */
export interface RequestUser extends Actor {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  roles: RoleRef[];
  permissions: string[];
  airport_agency_id: number | null;
  partner_id: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on every non-public /api route (null on public routes: do not read it there). */
    user: RequestUser;
    /** The signed-in user's row as read with the token (null where `user` is). */
    userRow: UserProfile | null;
    /** Id of the access token of this request. */
    tokenId: number | null;
    /** The captain of a captain-app route's session (null elsewhere: staff routes set `user`). */
    captain: CaptainActor | null;
    /** Id of that captain session. */
    captainSessionId: number | null;
  }
  interface FastifyContextConfig {
    /**
     * The route's named rule from its domain's policy (packages/shared/src/policies). Every /api route
     * has one: a route registered without it fails at start-up. Checked before the body is read.
     */
    policy?: RouteRule;
    /**
     * A create the console or the apps may retry: a POST honouring the `Idempotency-Key` header
     * (src/http/idempotency.ts). Read as an own property.
     */
    idempotent?: true;
    /** Development conveniences: a 404 (before any token check) unless in development and from loopback. */
    localOnly?: true;
  }
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match ? match[1].trim() : null;
}

export interface Authenticated {
  user: RequestUser;
  tokenId: number;
  row: UserProfile;
}

/**
 * Looks a bearer token up, with its user, roles and permissions, in one statement (nothing is cached:
 * a revoked token, a deactivated user or an edited role counts from the next request on, on every node).
 * Expired → 401 'Token has expired' (reason token_expired); missing, unknown or revoked, or an inactive user → 401
 * 'Unauthenticated.' (reason token_invalid).
 */
export async function authenticateToken(
  db: Db,
  token: string | null,
  clock: Clock = systemClock,
): Promise<Authenticated> {
  if (!token) throw unauthenticated();
  return authenticated(await findTokenSession(db, sha256(token)), clock);
}

/** The same for a session known by its token's id (a socket's, whose rights are read again). */
export async function authenticateSession(db: Db, tokenId: number, clock: Clock = systemClock): Promise<Authenticated> {
  return authenticated(await findTokenSessionById(db, tokenId), clock);
}

function authenticated(session: TokenSession | undefined, clock: Clock): Authenticated {
  if (!session || session.revokedAt) throw unauthenticated();
  if (session.expiresAt.getTime() <= clock.now()) throw tokenRefused(TOKEN_REFUSALS.expired);
  const { user, roles, permissions } = session;
  if (!user.active) throw unauthenticated();
  return {
    tokenId: session.tokenId,
    row: user,
    user: {
      id: user.id,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      roles,
      permissions,
      airport_agency_id: user.airportAgencyId,
      partner_id: user.partnerId,
    },
  };
}

/** 403 unless the rule allows the signed-in user (with its subject, for rules about one object). */
export function authorize(request: FastifyRequest, rule: Rule<void>): void;
export function authorize<S>(request: FastifyRequest, rule: Rule<S>, subject: S): void;
export function authorize<S>(request: FastifyRequest, rule: Rule<S>, subject?: S): void {
  if (!request.user) throw unauthenticated();
  if (!rule.allows(request.user, subject as S)) throw new HttpError(403, rule.refusal?.(request.user) ?? MSG.forbidden);
}

/**
 * The route's rule, read as an own property: a polluted Object.prototype can never make a route public
 * or give it a rule.
 */
export function policyOf(config: unknown): RouteRule | undefined {
  if (typeof config !== 'object' || config === null || !Object.hasOwn(config, 'policy')) return undefined;
  const policy = (config as { policy?: unknown }).policy;
  if (typeof policy !== 'object' || policy === null || !Object.hasOwn(policy, 'allows')) return undefined;
  return policy as RouteRule;
}

export const isPublic = (policy: RouteRule | undefined): boolean =>
  !!policy && Object.hasOwn(policy, 'public') && policy.public === true;

export const isApiUrl = (url: string | undefined): url is string =>
  !!url && (url === '/api' || url.startsWith('/api/'));

/** Reads the bearer token and sets request.user, or throws 401. */
export async function signIn(db: Db, request: FastifyRequest, clock: Clock = systemClock): Promise<void> {
  const { user, tokenId, row } = await authenticateToken(db, bearerToken(request.headers.authorization), clock);
  request.user = user;
  request.userRow = row;
  request.tokenId = tokenId;
}

/**
 * A captain-app route: the bearer must be a live captain session (a staff token is none: 401, as an unknown
 * one), then the rule decides for that captain; a captain the rule refuses is told why (403 with `reason`).
 */
export async function signInCaptain(
  db: Db,
  request: FastifyRequest,
  rule: CaptainRouteRule,
  clock: Clock = systemClock,
): Promise<void> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw unauthenticated();
  const now = new Date(clock.now());
  const session = await findCaptainSession(db, token, now);
  if (!session || session.revokedAt) throw unauthenticated();
  if (session.expiresAt.getTime() <= now.getTime()) throw tokenRefused(TOKEN_REFUSALS.expired);
  const captain: CaptainActor = { id: session.id, refusal: session.refusal };
  request.captain = captain;
  request.captainSessionId = session.sessionId;
  if (!rule.allowsCaptain(captain))
    throw captain.refusal ? refused(captain.refusal) : new HttpError(403, MSG.forbidden);
}

/**
 * Every /api route names its rule (`config.policy`); a route without one is refused at registration,
 * so a new route cannot ship unguarded. At onRequest, before any body byte is parsed: a public rule
 * passes; a captain-app rule asks for a captain session (signInCaptain); otherwise the bearer token must be a
 * staff one (401) and the rule must allow the user (403).
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.decorateRequest('user', null as unknown as RequestUser);
  app.decorateRequest('userRow', null);
  app.decorateRequest('tokenId', null);
  app.decorateRequest('captain', null);
  app.decorateRequest('captainSessionId', null);
  app.addHook('onRoute', (route) => {
    if (isApiUrl(route.url) && !policyOf(route.config)) {
      throw new Error(`${String(route.method)} ${route.url} has no policy rule (config.policy)`);
    }
  });
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    if (!isApiUrl(request.routeOptions.url)) return;
    const config = request.routeOptions.config;
    if (Object.hasOwn(config, 'localOnly') && !(app.config.isDevelopment && isLoopback(request.ip))) {
      throw new HttpError(404, MSG.notFound);
    }
    const policy = policyOf(config);
    if (!policy) throw new HttpError(403, MSG.forbidden);
    if (isPublic(policy)) return;
    if (isCaptainRule(policy)) return signInCaptain(opts.db, request, policy, app.clock);
    await signIn(opts.db, request, app.clock);
    authorize(request, policy);
  });
});
