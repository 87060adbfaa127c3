import { MSG, type RouteRule, rule } from '@taxi/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { authorize, isApiUrl, isPublic, policyOf } from './auth';
import { HttpError } from './errors';
import type { UploadBound } from './limits';
import { checkUploads, uploadOf, widestBound } from './multipart';

const OVERRIDABLE = ['PUT', 'PATCH', 'DELETE'] as const;
type Overridable = (typeof OVERRIDABLE)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Internal: marks the POST twin created by the method override. */
    methodOverrideTwin?: boolean;
  }
}

interface Parser {
  parse(value: unknown): unknown;
}
const isParser = (schema: unknown): schema is Parser =>
  typeof schema === 'object' && schema !== null && typeof (schema as Parser).parse === 'function';

type Hook = (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => unknown;

function overrideOf(body: unknown): Overridable | null {
  if (typeof body !== 'object' || body === null) return null;
  const raw = (body as Record<string, unknown>)._method;
  if (typeof raw !== 'string') return null;
  const method = raw.toUpperCase();
  return (OVERRIDABLE as readonly string[]).includes(method) ? (method as Overridable) : null;
}

/**
 * Laravel's method spoofing: a POST whose body (JSON, urlencoded or multipart) has
 * `_method=PUT|PATCH|DELETE` reaches the PUT/PATCH/DELETE route of the same URL. Fastify routes before
 * it parses bodies, so every PUT/PATCH/DELETE /api route gets a POST twin (registered from onRoute)
 * that reads `_method` once the body is parsed, authorizes with the target's config, validates with
 * the target's zod schemas and calls the target's handler. A real POST route on the same URL must be
 * registered before its PUT/PATCH/DELETE siblings; its handler is wrapped to honour `_method` too.
 *
 * The body is bounded before `_method` is known: the POST route reads files up to the widest upload bound of
 * itself and its targets, and the route that handles it checks the files against its own bound (413).
 */
export const methodOverridePlugin = fp(async (app: FastifyInstance) => {
  const targets = new Map<string, Map<Overridable, RouteOptions>>();
  const postUrls = new Set<string>();
  /** The upload bound of each POST route of a URL: its own, widened by its targets' as they register. */
  const bounds = new Map<string, { own: UploadBound; widest: UploadBound }>();

  function widen(url: string): void {
    const entry = bounds.get(url);
    if (!entry) return;
    const all = [entry.own, ...[...(targets.get(url)?.values() ?? [])].map((t) => uploadOf(t.config))];
    const next = widestBound(all);
    // Fastify keeps the config object it was given: the route reads the bound widened in place.
    entry.widest.files = next.files;
    if (next.fileSize === undefined) delete entry.widest.fileSize;
    else entry.widest.fileSize = next.fileSize;
  }

  /**
   * The twin's own rule, checked by the auth hook at onRequest like any route's: a valid token (401
   * before any body byte is read) and a user whom at least one target allows (403). The target's own
   * rule is checked again once `_method` names it.
   */
  function twinRule(url: string): RouteRule {
    const rules = () => [...(targets.get(url)?.values() ?? [])].map((t) => policyOf(t.config));
    return rule(
      `${url} (_method)`,
      (actor) => rules().some((r) => r?.allows(actor)),
      (actor) =>
        rules()
          .find((r) => r?.refusal)
          ?.refusal?.(actor),
    );
  }

  async function delegate(request: FastifyRequest, reply: FastifyReply, method: Overridable, target: RouteOptions) {
    const policy = policyOf(target.config);
    if (!policy) throw new HttpError(403, MSG.forbidden);
    if (!isPublic(policy)) authorize(request, policy);
    checkUploads(request.body, uploadOf(target.config), app.config.uploadMaxBytes);
    const { _method, ...body } = request.body as Record<string, unknown>;
    const schema = target.schema ?? {};
    if (isParser(schema.params)) request.params = schema.params.parse(request.params);
    if (isParser(schema.querystring)) request.query = schema.querystring.parse(request.query);
    request.body = isParser(schema.body) ? schema.body.parse(body) : body;
    const preHandlers = ([] as Hook[]).concat((target.preHandler as Hook | Hook[] | undefined) ?? []);
    for (const hook of preHandlers) {
      await hook.call(app, request, reply);
      if (reply.sent) return reply;
    }
    request.log.debug({ method }, 'method override');
    return (target.handler as RouteHandlerMethod).call(app, request, reply);
  }

  function targetOf(url: string, method: Overridable | null): RouteOptions | undefined {
    return method ? targets.get(url)?.get(method) : undefined;
  }

  app.addHook('onRoute', (route) => {
    if (route.config?.methodOverrideTwin) return;
    const url = route.url;
    if (!isApiUrl(url)) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toUpperCase());

    if (methods.includes('POST')) {
      postUrls.add(url);
      const own = uploadOf(route.config);
      const widest: UploadBound = { ...own };
      bounds.set(url, { own, widest });
      route.config = { ...route.config, upload: widest };
      const original = route.handler as RouteHandlerMethod;
      route.handler = async function (this: FastifyInstance, request, reply) {
        const target = targetOf(url, overrideOf(request.body));
        if (target) return delegate(request, reply, overrideOf(request.body) as Overridable, target);
        checkUploads(request.body, own, app.config.uploadMaxBytes);
        return original.call(this, request, reply);
      };
    }

    for (const method of methods) {
      if (!(OVERRIDABLE as readonly string[]).includes(method)) continue;
      let byMethod = targets.get(url);
      if (!byMethod) {
        byMethod = new Map();
        targets.set(url, byMethod);
      }
      byMethod.set(method as Overridable, route);
      if (postUrls.has(url)) {
        widen(url);
        continue;
      }
      postUrls.add(url);
      const widest: UploadBound = { files: 0 };
      bounds.set(url, { own: { files: 0 }, widest });
      widen(url);
      app.route({
        method: 'POST',
        url,
        config: { policy: twinRule(url), methodOverrideTwin: true, upload: widest },
        handler: async (request, reply) => {
          const override = overrideOf(request.body);
          const target = targetOf(url, override);
          if (!override || !target) throw new HttpError(405, MSG.methodNotAllowed);
          return delegate(request, reply, override, target);
        },
      });
    }
  });
});
