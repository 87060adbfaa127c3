import { API_BASE, type Envelope, MSG, REQUEST_TIMEOUT_MS } from '@taxi/shared';
import { currentLanguage } from '../i18n';
import { getToken } from './session';

/** A rejected API call: `message` is the server's message, or ours (MSG.networkError without a response). */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;
  readonly body: unknown;
  /** The server's X-Request-Id for this call (its logs' key), when it answered. */
  readonly requestId: string | null;
  /** The `message` field of the server's answer; null when it gave none (no answer, an empty 500, a proxy's page). */
  readonly serverMessage: string | null;
  /** The answer's `reason` code (TOKEN_REFUSALS of a 401), the same in every language. */
  readonly reason: string | null;

  constructor(message: string, status: number, body?: unknown, requestId: string | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.requestId = requestId;
    const fields = (body ?? {}) as { errors?: unknown; message?: unknown; reason?: unknown };
    this.errors = fields.errors && typeof fields.errors === 'object' ? (fields.errors as Record<string, string[]>) : {};
    this.serverMessage = typeof fields.message === 'string' && fields.message ? fields.message : null;
    this.reason = typeof fields.reason === 'string' ? fields.reason : null;
  }

  /** True when the server never answered (offline, timeout, DNS...). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** false for the login calls: no bearer token and no global 401/403 handling. */
  auth?: boolean;
  /**
   * true for calls made in the background (the softphone's credentials and call reports): the token is sent,
   * but a 401 or 403 is the caller's to handle, so the page the user works on is never left for it.
   */
  quiet?: boolean;
  /**
   * Sent as `Idempotency-Key` (creates): the same key for retries of one submission, a fresh one for the
   * next (useIdempotencyKey in ./idempotency). The server replays the first answer to a repeat.
   */
  idempotencyKey?: string;
}

interface HttpHandlers {
  onUnauthorized: (error: ApiError) => void;
  onForbidden: (error: ApiError) => void;
}

let handlers: HttpHandlers = { onUnauthorized: () => {}, onForbidden: () => {} };

/** The app wires the logout flow and the forbidden redirect here once at start-up. */
export function setHttpHandlers(next: HttpHandlers): void {
  handlers = next;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const clean = path.replace(/^\/+/, '');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  const qs = params.toString();
  return `${API_BASE}/${clean}${qs ? `?${qs}` : ''}`;
}

/** Low-level call: resolves with the whole `{data, message}` envelope. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const { query, body, signal, auth = true, quiet = false, idempotencyKey } = options;
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  // The server answers its messages (422s, toasts) in the console's language.
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage() };
  const token = auth ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: payload,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    // A caller's own abort (TanStack Query cancelling) stays an AbortError.
    if (signal?.aborted) throw error;
    throw new ApiError(MSG.networkError, 0);
  }

  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }

  if (!response.ok) {
    const serverMessage = (json as { message?: unknown } | undefined)?.message;
    const message = typeof serverMessage === 'string' && serverMessage ? serverMessage : response.statusText;
    // A 5xx without a message of the server's (a proxy's 502, a crash) reads as ours, not as a bare status text.
    const shown = response.status >= 500 && typeof serverMessage !== 'string' ? MSG.serverError : message;
    const error = new ApiError(shown || MSG.serverError, response.status, json, response.headers.get('x-request-id'));
    if (auth && !quiet && response.status === 401) handlers.onUnauthorized(error);
    if (auth && !quiet && response.status === 403) handlers.onForbidden(error);
    throw error;
  }
  return (json ?? { data: undefined }) as Envelope<T>;
}

/** The HTTP client every feature uses. `get` resolves with `data`; writes resolve with the envelope so the
 * caller can show the server's `message`. */
export const http = {
  get: async <T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal): Promise<T> =>
    (await request<T>('GET', path, { query, signal })).data,
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/**
 * The message to show for a rejection: the server's message; without one (no answer, an empty 500) the caller's
 * `fallback` (the login's MSG.checkYourInfo, the reminders' BOOKING_MSG.reminderFallbackError), else the client's own message.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback ?? error.message;
  return fallback ?? MSG.networkError;
}
