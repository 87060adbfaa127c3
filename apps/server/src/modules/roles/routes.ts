import { staffContract, staffPolicy } from '@taxi/shared';
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
  /** One page of an id/name catalogue, searched by name, in id order. */
  const listOf =
    (table: typeof roles | typeof permissions) =>
    async (request: { url: string; query: { page: number; perPage: number; search?: string } }) => {
      const { page, perPage, search } = request.query;
      const where = search ? ilike(table.name, `%${search}%`) : undefined;
      const result = await paginate(
        {
          count: async () => (await app.db.select({ n: count() }).from(table).where(where))[0].n,
          rows: (limit, offset) =>
            app.db
              .select({ id: table.id, name: table.name })
              .from(table)
              .where(where)
              .orderBy(asc(table.id))
              .limit(limit)
              .offset(offset),
        },
        { page, perPage, url: request.url },
      );
      return ok(result);
    };

  app.get(
    '/role',
    {
      config: { policy: staffPolicy.pickRoles },
      schema: { querystring: pageQuerySchema, response: { 200: staffContract.roles } },
    },
    listOf(roles),
  );

  app.get(
    '/permission',
    {
      config: { policy: staffPolicy.pickRoles },
      schema: { querystring: permissionQuerySchema, response: { 200: staffContract.permissions } },
    },
    listOf(permissions),
  );
};
