import { isGovernmentRole, MSG, type Permission, type RoleRef } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { accessTokens } from '../db/schema';
import { sha256 } from '../lib/crypto';
import { findUserById, permissionsOfRole, rolesOfUser } from '../modules/users/queries';
import { HttpError } from './errors';

/** The signed-in staff member, set by the auth hook on every non-public /api route. */
export interface RequestUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  roles: RoleRef[];
  permissions: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on every non-public /api route (null on public routes: do not read it there). */
    user: RequestUser;
    /** Id of the access token of this request. */
    tokenId: number | null;
  }
  interface FastifyContextConfig {
    /** No token needed. */
    public?: boolean;
    /** The permission the signed-in user must hold; with a list, any one of them is enough. */
    permission?: Permission | readonly Permission[];
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
}

/** Looks a bearer token up: expired → 401 'Token has expired'; unknown or revoked → 401. */
export async function authenticateToken(db: Db, token: string | null): Promise<Authenticated> {
  if (!token) throw new HttpError(401, MSG.unauthenticated);
  const [row] = await db
    .select()
    .from(accessTokens)
    .where(eq(accessTokens.tokenHash, sha256(token)))
    .limit(1);
  if (!row || row.revokedAt) throw new HttpError(401, MSG.unauthenticated);
  if (row.expiresAt.getTime() <= Date.now()) throw new HttpError(401, MSG.tokenExpired);
  const user = await findUserById(db, row.userId);
  if (!user?.active) throw new HttpError(401, MSG.unauthenticated);
  const roles = await rolesOfUser(db, user.id);
  const permissions = await permissionsOfRole(db, roles[0]?.id);
  return {
    tokenId: row.id,
    user: { id: user.id, email: user.email, first_name: user.firstName, last_name: user.lastName, roles, permissions },
  };
}

/** Throws 403 unless the user holds the permission (or, given a list, any one of them). */
export function requirePermission(request: FastifyRequest, permission: Permission | readonly Permission[]): void {
  const wanted: readonly Permission[] = typeof permission === 'string' ? [permission] : permission;
  if (!wanted.some((p) => request.user?.permissions.includes(p))) throw new HttpError(403, MSG.forbidden);
}

/** The role named Goverment (shell.md §6) has restricted actions. */
export function isGovernment(user: Pick<RequestUser, 'roles'> | null | undefined): boolean {
  return isGovernmentRole(user?.roles);
}

/**
 * Every /api route needs a signed-in user unless its config says `public: true`; `config.permission`
 * adds a permission check (403). Runs at onRequest so 401/403 come before body parsing and validation.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.decorateRequest('user', null as unknown as RequestUser);
  app.decorateRequest('tokenId', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const url = request.routeOptions.url;
    if (!url || !(url === '/api' || url.startsWith('/api/'))) return;
    const config = request.routeOptions.config;
    if (config.public) return;
    const { user, tokenId } = await authenticateToken(opts.db, bearerToken(request.headers.authorization));
    request.user = user;
    request.tokenId = tokenId;
    if (config.permission) requirePermission(request, config.permission);
  });
});
