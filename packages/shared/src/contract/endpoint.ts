import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The `:name` segments of a path template, as an object of values. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;

/**
 * One HTTP call of the API: method, path template (relative to /api, `:name` for path values), the
 * response schema and the request types. The server validates its replies against `response`; the web
 * calls through `api(endpoint, ...)`.
 */
export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  R extends z.ZodType = z.ZodType,
  Q = unknown,
  B = unknown,
> {
  method: M;
  path: P;
  response: R;
  /** Phantom request types (never set at runtime): `query` and `body` (undefined when none is taken). */
  readonly types?: { query: Q; body: B };
}

/** Declares an endpoint; the query and body types are given as type arguments when the call takes them. */
export const endpoint =
  <Q = undefined, B = undefined>() =>
  <M extends HttpMethod, P extends string, R extends z.ZodType>(
    method: M,
    path: P,
    response: R,
  ): Endpoint<M, P, R, Q, B> => ({ method, path, response });

/** The path with its `:name` segments filled (URI-encoded). */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path value ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
