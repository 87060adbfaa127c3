import { type Endpoint, fillPath, type PathParams } from '@taxi/shared';
import type { z } from 'zod';
import { type QueryValue, request } from './client';

export { endpoints } from '@taxi/shared';

/** The envelope an endpoint answers (`{ data, message? }`), as its response schema says. */
export type Reply<E extends Endpoint> = z.output<E['response']>;
/** The `data` of that envelope. */
export type ReplyData<E extends Endpoint> = Reply<E> extends { data: infer D } ? D : never;

type Empty = Record<never, never>;
type QueryOf<E extends Endpoint> = NonNullable<E['types']>['query'];
type BodyOf<E extends Endpoint> = NonNullable<E['types']>['body'];

/** What a call passes: the path's `:name` values, then the query and body the endpoint declares. */
export type CallArgs<E extends Endpoint> = (keyof PathParams<E['path']> extends never
  ? { params?: undefined }
  : { params: PathParams<E['path']> }) &
  (undefined extends QueryOf<E>
    ? { query?: undefined }
    : Empty extends QueryOf<E>
      ? { query?: QueryOf<E> }
      : { query: QueryOf<E> }) &
  (undefined extends BodyOf<E> ? { body?: undefined } : { body: BodyOf<E> }) & {
    signal?: AbortSignal;
    idempotencyKey?: string;
    quiet?: boolean;
  };

type ArgsParam<E extends Endpoint> = Empty extends CallArgs<E> ? [args?: CallArgs<E>] : [args: CallArgs<E>];

/** The arguments of a call, untyped: for an endpoint chosen at run time (pickers, the generic table). */
export interface LooseCallArgs {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  idempotencyKey?: string;
  /** No global 401/403 handling (see RequestOptions.quiet). */
  quiet?: boolean;
}

/**
 * Calls an endpoint and resolves with its whole envelope (writes show `message`). A FormData body to a
 * PUT or DELETE goes as POST with `_method` (multipart forms, like Laravel's).
 */
export async function callEndpoint(endpoint: Endpoint, args: LooseCallArgs = {}): Promise<unknown> {
  const { params, query, body, signal, idempotencyKey, quiet } = args;
  const path = fillPath(endpoint.path, params);
  let method: string = endpoint.method;
  if (body instanceof FormData && method !== 'POST') {
    body.set('_method', method);
    method = 'POST';
  }
  return request(method, path, { query, body, signal, idempotencyKey, quiet });
}

/** Calls an endpoint of the contract and resolves with its whole envelope. */
export async function api<E extends Endpoint>(endpoint: E, ...[args]: ArgsParam<E>): Promise<Reply<E>> {
  return (await callEndpoint(endpoint, args as LooseCallArgs | undefined)) as Reply<E>;
}

/** A read: resolves with the envelope's `data`. */
export async function apiData<E extends Endpoint>(endpoint: E, ...args: ArgsParam<E>): Promise<ReplyData<E>> {
  return ((await api(endpoint, ...args)) as { data: ReplyData<E> }).data;
}
