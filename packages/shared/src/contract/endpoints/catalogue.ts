import { z } from 'zod';
import { type BulkRequest, bulkResponse } from '../../resources/bulk';
import type { FieldReference, ResourceDef } from '../../resources/define';
import { catalogueResponses } from '../../resources/rows';
import { endpoint } from '../endpoint';
import { envelope, pageEnvelope } from '../envelope';
import type { Filters, PageQuery } from './query';

type ItemPath = `${string}/:id`;
type CatalogueEndpoints = ReturnType<typeof declare>;
const cache = new WeakMap<ResourceDef, Map<string, CatalogueEndpoints>>();
const expandRow = z.looseObject({ id: z.number() });
/** A list, or a page of it. */
const expandRows = envelope(z.union([z.array(expandRow), z.looseObject({ data: z.array(expandRow) })]));

/**
 * The generic table calls of a catalogue declaration (list, detail, create, update, delete and its
 * expand list), answering what the server validates with (`catalogueResponses`). `url` is the
 * declaration's url, or that url with its parent values filled (`car_brands/3/models`).
 */
export function catalogueEndpoints(def: ResourceDef, url: string = def.url) {
  const byUrl = cache.get(def) ?? new Map<string, CatalogueEndpoints>();
  cache.set(def, byUrl);
  const known = byUrl.get(url);
  if (known) return known;
  const made = declare(def, url);
  byUrl.set(url, made);
  return made;
}

function declare(def: ResourceDef, url: string) {
  const responses = catalogueResponses(def);
  // `{param}` of a nested list's url becomes a path value (`params: { car_brand_id }`).
  const base = url.replace(/\{(\w+)\}/g, ':$1');
  const item = `${base}/:id` as ItemPath;
  return {
    list: endpoint<PageQuery & Filters>()('GET', base, responses.list),
    item: endpoint()('GET', item, responses.item),
    /** Multipart forms, like the spec's client: updates and deletes go as POST with `_method`. */
    create: endpoint<undefined, FormData>()('POST', base, responses.item),
    update: endpoint<undefined, FormData>()('PUT', item, responses.item),
    remove: endpoint<undefined, FormData>()('DELETE', item, responses.removed),
    /** One action on the selected rows: a result per id (done, or refused with the single action's message). */
    bulk: endpoint<undefined, BulkRequest>()('POST', `${base}/bulk`, bulkResponse),
    /** The current filter's rows as CSV (downloaded with the token as a blob). */
    csv: endpoint<Omit<PageQuery, 'page' | 'perPage'> & Filters & { ids?: string }>()(
      'GET',
      `${base}/export.csv`,
      responses.csv,
    ),
    /** The rows under a row (`expand.url`, `{id}` the row's id). */
    expand: endpoint()('GET', (def.expand?.url ?? `${url}/{id}`).replace('{id}', ':id') as ItemPath, expandRows),
  };
}

const referenceRows = pageEnvelope(expandRow);

/** The list a reference field's picker loads (`GET {reference.url}`): rows with an id and their label field. */
export const referenceEndpoint = (reference: FieldReference) =>
  endpoint<Pick<PageQuery, 'perPage'>>()('GET', reference.url, referenceRows);
