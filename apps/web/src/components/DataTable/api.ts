import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BULK_MAX_IDS,
  type BulkAction,
  type BulkResult,
  catalogueEndpoints,
  type Envelope,
  exportIdsValue,
  type FieldDef,
  type Paginated,
  type ResourceDef,
  type ResourceRow,
  referenceEndpoint,
} from '@taxi/shared';
import { ApiError, buildUrl, type QueryValue } from '../../api/client';
import { api, apiData } from '../../api/endpoints';
import { useIdempotencyKey } from '../../api/idempotency';
import { getToken } from '../../api/session';

export interface TableQuery {
  page: number;
  perPage: number;
  sortBy: string;
  descending: boolean;
  search: string;
}

export const resourceKeys = {
  all: (key: string) => ['resources', key] as const,
  list: (key: string, url: string, q: Record<string, QueryValue>) => ['resources', key, 'list', url, q] as const,
  detail: (key: string, url: string, id: number) => ['resources', key, 'detail', url, id] as const,
};

const listParams = (q: TableQuery): Record<string, QueryValue> => ({
  page: q.page,
  perPage: q.perPage,
  sortBy: q.sortBy,
  descending: q.descending ? 1 : 0,
  search: q.search || undefined,
});

export function useResourceList(def: ResourceDef, url: string, q: TableQuery) {
  const params = listParams(q);
  return useQuery({
    queryKey: resourceKeys.list(def.key, url, params),
    // A declaration's row type is known to its page, not to the generic table.
    queryFn: ({ signal }) =>
      apiData(catalogueEndpoints(def, url).list, { query: params, signal }) as Promise<Paginated<ResourceRow>>,
    placeholderData: keepPreviousData,
  });
}

export function useResourceRow(def: ResourceDef, url: string, id: number | null) {
  return useQuery({
    queryKey: resourceKeys.detail(def.key, url, id ?? 0),
    queryFn: ({ signal }) =>
      apiData(catalogueEndpoints(def, url).item, { params: { id: id ?? 0 }, signal }) as Promise<ResourceRow>,
    enabled: id !== null,
  });
}

/** Multipart as the spec's client sends it: booleans 0/1, arrays name[index], blanks as ''. */
export function toFormData(values: Record<string, unknown>, method?: 'PUT' | 'DELETE'): FormData {
  const form = new FormData();
  if (method) form.append('_method', method);
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) form.append(`${name}[${i}]`, String(item));
    } else if (typeof value === 'boolean') form.append(name, value ? '1' : '0');
    else if (value instanceof File) form.append(name, value);
    else form.append(name, value === null ? '' : String(value));
  }
  return form;
}

export function useResourceMutations(def: ResourceDef, url: string) {
  const client = useQueryClient();
  const invalidate = () => client.invalidateQueries({ queryKey: resourceKeys.all(def.key) });
  const calls = catalogueEndpoints(def, url);
  // Creates carry one Idempotency-Key per submission (a double Save creates one row); edits need none.
  const idempotency = useIdempotencyKey();
  const save = useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: Record<string, unknown> }) =>
      (id === null
        ? api(calls.create, { body: toFormData(values), idempotencyKey: idempotency.key() })
        : api(calls.update, { params: { id }, body: toFormData(values, 'PUT') })) as Promise<Envelope<ResourceRow>>,
    onSettled: (_data, error, { id }) => {
      if (id === null) idempotency.settle(error);
    },
    onSuccess: invalidate,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(calls.remove, { params: { id }, body: toFormData({}, 'DELETE') }),
    onSuccess: invalidate,
  });
  // A selection larger than one call takes goes in batches; the results are told together.
  const bulk = useMutation({
    mutationFn: async ({ action, ids }: { action: BulkAction; ids: readonly number[] }): Promise<BulkResult> => {
      const out: BulkResult = { results: [], done: 0, refused: 0 };
      for (let i = 0; i < ids.length; i += BULK_MAX_IDS) {
        const batch = ids.slice(i, i + BULK_MAX_IDS);
        const { data } = await api(calls.bulk, { body: { action, ids: batch } });
        out.results.push(...data.results);
        out.done += data.done;
        out.refused += data.refused;
      }
      return out;
    },
    // Some rows may have changed even when a later batch failed.
    onSettled: invalidate,
  });
  return { save, remove, bulk };
}

/**
 * Downloads `{url}/export.csv` of the current filter with the bearer token (fetch + blob); with `ids`, the
 * selected rows only, in the list's order.
 */
export async function downloadCsv(
  def: ResourceDef,
  url: string,
  q: TableQuery,
  ids?: readonly number[],
): Promise<void> {
  const { page: _p, perPage: _pp, ...all } = listParams(q);
  const filter = ids ? { sortBy: all.sortBy, descending: all.descending, ids: exportIdsValue(ids) } : all;
  const token = getToken();
  const response = await fetch(buildUrl(catalogueEndpoints(def, url).csv.path, filter), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = await response.json().catch(() => undefined);
    throw new ApiError(
      (body as { message?: string } | undefined)?.message ?? response.statusText,
      response.status,
      body,
    );
  }
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `${def.key}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/** Options of a reference picker (`GET {reference.url}`), minus excluded ids (role 1). */
export function useReferenceOptions(field: FieldDef) {
  const ref = field.reference;
  const params = { perPage: ref?.perPage ?? 100 };
  return useQuery({
    queryKey: ['resources', 'reference', ref?.url ?? '', params] as const,
    queryFn: ({ signal }) =>
      ref ? apiData(referenceEndpoint(ref), { query: params, signal }) : Promise.reject(new Error('No reference')),
    enabled: !!ref,
    select: (page) =>
      page.data
        .filter((row) => !ref?.excludeIds?.includes(row.id))
        .map((row) => {
          const label = String(row[ref?.labelField ?? 'name'] ?? row.id);
          return { id: row.id, label: ref?.labelOf ? ref.labelOf(label) : label };
        }),
    staleTime: 60_000,
  });
}
