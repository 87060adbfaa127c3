import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { docsPolicy } from '@taxi/shared';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { JSONSchema } from 'zod/v4/core';
import { isApiUrl, isPublic, policyOf } from './auth';

export const DOCS_PREFIX = '/api/docs';
export const OPENAPI_VERSION = '3.1.0';

type OverrideContext = { zodSchema: { _zod: { def: { type: string } } }; jsonSchema: JSONSchema.BaseSchema };

/**
 * JSON Schema of the zod types JSON Schema cannot say: uploaded files (z.custom in multipart forms) are
 * binary strings; dates are ISO strings.
 */
function override(ctx: OverrideContext) {
  const type = ctx.zodSchema._zod.def.type;
  if (type === 'custom') Object.assign(ctx.jsonSchema, { type: 'string', format: 'binary' });
  if (type === 'date') Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
}

const zodTransform = createJsonSchemaTransform({ zodToJsonConfig: { override } });

/** The module of a route, from the plugin that registered it (`bookingsRoutes` → `bookings`). */
export function moduleTag(pluginName: string): string | undefined {
  const names = [...pluginName.matchAll(/(\w+)Routes\b/g)];
  return names.at(-1)?.[1];
}

/**
 * OpenAPI 3.1 of every /api route, generated from the zod schemas the routes validate with: the
 * document at GET /api/docs/json and a browsable reference at GET /api/docs. Register before the
 * modules (it collects routes as they are added). Each operation is tagged with its module.
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', function tagByModule(this: FastifyInstance, route: RouteOptions) {
    if (!isApiUrl(route.url) || route.url.startsWith(DOCS_PREFIX)) return;
    const tag = moduleTag(this.pluginName);
    const schema = (route.schema ?? {}) as { tags?: string[] };
    if (tag && !schema.tags) route.schema = { ...schema, tags: [tag] };
  });

  await app.register(swagger, {
    openapi: {
      openapi: OPENAPI_VERSION,
      info: {
        title: 'Taxi dispatch console API',
        version: process.env.npm_package_version ?? '0.1.0',
        description:
          'Laravel-style JSON API: answers are `{ data, message? }`, lists are paginated, bad input is a 422 ' +
          'with field errors. Every route but the public ones takes a bearer token (POST admin_login).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: (document) => {
      // A POST twin (`_method`, http/method-override.ts) answers as its target: documented once, there.
      // Development-only routes (loopback clients) are no part of the API either.
      const config = (document.route.config ?? {}) as { methodOverrideTwin?: boolean; localOnly?: boolean };
      if (config.methodOverrideTwin || config.localOnly) return { schema: { hide: true }, url: document.url };
      const transformed = zodTransform(document);
      const schema = transformed.schema as Record<string, unknown>;
      // Multipart forms (a file field) also take JSON when no file is sent.
      if (JSON.stringify(schema.body ?? {}).includes('"format":"binary"')) {
        schema.consumes = ['application/json', 'multipart/form-data'];
      }
      // Bytes and text answers name their own media type.
      const success = (schema.response as Record<string, { contentMediaType?: string }> | undefined)?.['200'];
      if (success?.contentMediaType) schema.produces = [success.contentMediaType];
      // The named rule of the route (policies/); public routes take no token.
      const policy = policyOf(document.route.config);
      if (policy) schema['x-policy'] = policy.name;
      if (isPublic(policy)) schema.security = [];
      return transformed;
    },
    transformObject: createJsonSchemaTransformObject({}),
  });

  // The reference UI's routes carry the docs rule like every /api route (set as they are declared).
  await app.register(async (scope) => {
    const route = scope.route;
    // Plugins registered below inherit this (their own prefix stays: `this` is the inner instance).
    scope.route = function (this: FastifyInstance, options: RouteOptions) {
      return route.call(this, { ...options, config: { ...(options.config as object), policy: docsPolicy.read } });
    } as typeof scope.route;
    await scope.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  });
});
