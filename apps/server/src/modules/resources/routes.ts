import {
  bulkRequestSchema,
  bulkResponse,
  cataloguePolicy,
  catalogueResponses,
  dbId,
  exportIdsQuery,
  PICKER_PAGE_SIZE,
  RESOURCE_MSG,
  ROWS_PER_PAGE_OPTIONS,
  resourceSchemas,
  signedInRule,
  sortKeysOf,
} from '@taxi/shared';
import type { FastifyContextConfig } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorize } from '../../http/auth';
import { ok } from '../../http/envelope';
import { HttpError } from '../../http/errors';
import { requestLanguage } from '../../http/i18n';
import { pageQueryAmong, paginate, sortQuery } from '../../http/pagination';
import { applyBulk, translatedResults } from './bulk';
import { catalogueCsv } from './csv';
import { loadBindings } from './registry';
import { ResourceService, rowContextOf } from './service';

// The table's options, plus the pickers' 50 (shell.md §6) — and the car-model list's 100 is among them.
const PER_PAGE = new Set<number>([...ROWS_PER_PAGE_OPTIONS, PICKER_PAGE_SIZE]);

const listQuery = pageQueryAmong(PER_PAGE, RESOURCE_MSG.invalidPerPage);
const idParam = dbId();

const toRoute = (url: string) => `/${url.replace(/\{(\w+)\}/g, ':$1')}`;

/** The id of the URL, or 404 for anything that is not one. */
function idOf(params: unknown): number {
  const parsed = idParam.safeParse((params as { id?: unknown }).id);
  if (!parsed.success) throw new HttpError(404, RESOURCE_MSG.notFound);
  return parsed.data;
}

/** Parent params of nested lists (`car_brands/:car_brand_id/models`): integers or 404. */
function parentOf(service: ResourceService, params: unknown): Record<string, unknown> {
  const parent = service.def.parent;
  if (!parent) return {};
  const parsed = idParam.safeParse((params as Record<string, unknown>)[parent.param]);
  if (!parsed.success) throw new HttpError(404, RESOURCE_MSG.notFound);
  return { [parent.param]: parsed.data };
}

/**
 * The generic table calls (people.md §7 "Generic table calls") for every catalogue with a table: list,
 * CSV export, detail, create, update (also POST with _method PUT) and delete (also POST with _method DELETE),
 * and the bulk actions on a selection (`POST {url}/bulk`: delete, activate, deactivate) under the write rule.
 */
export const resourcesRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const binding of await loadBindings()) {
    const service = new ResourceService(app.db, binding, app);
    const def = service.def;
    const base = toRoute(def.url);
    const schemas = resourceSchemas(def);
    const response = catalogueResponses(def);
    const policy = cataloguePolicy(def);
    const readConfig: FastifyContextConfig = { policy: policy.read };
    const writeConfig: FastifyContextConfig = { policy: policy.write };
    const createConfig: FastifyContextConfig = { ...writeConfig, idempotent: true };
    // The list's and CSV's sort: the declaration's own sortable keys (sortKeysOf), a 422 for any other.
    const sortedList = listQuery.extend(sortQuery(sortKeysOf(def)));
    // The CSV also takes the table's selection (`ids=3,5,8`): those rows of the filter only.
    const sortedExport = sortedList.omit({ page: true, perPage: true }).extend({ ids: exportIdsQuery.optional() });
    // A declaration's own filters (status, dates…) join the generic query of its list and CSV.
    const filterKeys = Object.keys(def.filters?.shape ?? {});
    // Typed as the generic query: the filters' values travel apart, in `filters`.
    const listQ = (def.filters ? sortedList.extend(def.filters.shape) : sortedList) as typeof sortedList;
    const exportQ = (def.filters ? sortedExport.extend(def.filters.shape) : sortedExport) as typeof sortedExport;
    const split = <Q extends object>(query: Q): Q & { filters: Record<string, unknown> } => {
      const values = query as Record<string, unknown>;
      return { ...query, filters: Object.fromEntries(filterKeys.map((key) => [key, values[key]])) };
    };

    app.get(
      base,
      { config: readConfig, schema: { querystring: listQ, response: { 200: response.list } } },
      async (request) => {
        const { page, perPage, ...q } = split(request.query);
        const source = await service.list({ page, perPage, ...q }, parentOf(service, request.params));
        return ok(await paginate(source, { page, perPage, url: request.url }));
      },
    );

    app.get(
      `${base}/export.csv`,
      { config: readConfig, schema: { querystring: exportQ, response: { 200: response.csv } } },
      async (request, reply) => {
        const rows = await service.all(split(request.query), parentOf(service, request.params));
        const name = def.key.replace(/[^a-z0-9_-]/gi, '_');
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .send(`\uFEFF${catalogueCsv(def, rows)}`);
      },
    );

    // A row the declaration lets the user see (their own profile) needs no permission.
    const viewConfig: FastifyContextConfig = def.canView ? { policy: signedInRule(`${def.key}.view`) } : readConfig;
    app.get(`${base}/:id`, { config: viewConfig, schema: { response: { 200: response.item } } }, async (request) => {
      const row = await service.get(idOf(request.params), parentOf(service, request.params));
      if (def.canView && !def.canView(row, rowContextOf(request.user))) authorize(request, policy.read);
      return ok(row);
    });

    // A read-only declaration (a list the UI never edits) gets no write routes at all.
    if (def.readOnly) continue;

    app.post(base, { config: createConfig, schema: { response: { 200: response.item } } }, async (request) => {
      const input = schemas.create.parse(request.body ?? {});
      const row = await service.create(input, request.user, parentOf(service, request.params));
      return ok(row, RESOURCE_MSG.created);
    });

    app.put(`${base}/:id`, { config: writeConfig, schema: { response: { 200: response.item } } }, async (request) => {
      const input = schemas.update.parse(request.body ?? {});
      const row = await service.update(idOf(request.params), input, request.user, parentOf(service, request.params));
      return ok(row, RESOURCE_MSG.updated);
    });

    app.delete(
      `${base}/:id`,
      { config: writeConfig, schema: { response: { 200: response.removed } } },
      async (request) => {
        await service.remove(idOf(request.params), request.user, parentOf(service, request.params));
        return ok(null, RESOURCE_MSG.removed);
      },
    );

    // The rule of the single-row writes: a role that may not delete one row deletes none in bulk.
    app.post(
      `${base}/bulk`,
      { config: writeConfig, schema: { body: bulkRequestSchema, response: { 200: bulkResponse } } },
      async (request) => {
        const { action, ids } = request.body;
        const parent = parentOf(service, request.params);
        const result = await applyBulk(service, action, ids, request.user, parent, request.log);
        return ok(translatedResults(result, requestLanguage(request)), RESOURCE_MSG.bulkDone(result.done, ids.length));
      },
    );
  }
};
