import { staffPolicy } from '@taxi/shared';
import { asc, count, ilike } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permissions, roles } from '../../db/schema';
import { ok } from '../../http/envelope';
import { pageQuerySchema, paginate } from '../../http/pagination';

// The spec calls `permission` without perPage: the whole catalogue fits one page unless asked otherwise.
const permissionQuerySchema = pageQuerySchema.extend({
  perPage: z.coerce.number().int().min(1).max(1000).default(1000),
});

/** Role and permission catalogues (any signed-in user; pickers load 50). */
export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/role',
    { config: { policy: staffPolicy.pickRoles }, schema: { querystring: pageQuerySchema } },
    async (request) => {
      const { page, perPage, search } = request.query;
      const where = search ? ilike(roles.name, `%${search}%`) : undefined;
      const result = await paginate(
        {
          count: async () => (await app.db.select({ n: count() }).from(roles).where(where))[0].n,
          rows: (limit, offset) =>
            app.db
              .select({ id: roles.id, name: roles.name })
              .from(roles)
              .where(where)
              .orderBy(asc(roles.id))
              .limit(limit)
              .offset(offset),
        },
        { page, perPage, url: request.url },
      );
      return ok(result);
    },
  );

  app.get(
    '/permission',
    { config: { policy: staffPolicy.pickRoles }, schema: { querystring: permissionQuerySchema } },
    async (request) => {
      const { page, perPage, search } = request.query;
      const where = search ? ilike(permissions.name, `%${search}%`) : undefined;
      const result = await paginate(
        {
          count: async () => (await app.db.select({ n: count() }).from(permissions).where(where))[0].n,
          rows: (limit, offset) =>
            app.db
              .select({ id: permissions.id, name: permissions.name })
              .from(permissions)
              .where(where)
              .orderBy(asc(permissions.id))
              .limit(limit)
              .offset(offset),
        },
        { page, perPage, url: request.url },
      );
      return ok(result);
    },
  );
};
