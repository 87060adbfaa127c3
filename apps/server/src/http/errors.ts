import { MSG, TOKEN_REFUSALS, type TokenRefusal } from '@taxi/shared';
import type { Language } from '@taxi/shared/i18n';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { localiseIssue, requestLanguage } from './i18n';

/** Throw from anywhere (services included): `throw new HttpError(409, msg)`. */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly errors?: Record<string, string[]>,
    /** Headers of the answer (Retry-After of a 429). */
    public readonly headers?: Record<string, string>,
    /** A code the client branches on whatever the language of `message` (TOKEN_REFUSALS of a 401). */
    public readonly reason?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 429 with the wait in the message (the caller's language) and in Retry-After (whole seconds, at least 1). */
export function tooManyAttempts(retryAfterMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(429, MSG.tooManyAttemptsWait(seconds), undefined, { 'retry-after': String(seconds) });
}

/** The token check's 401: an expired token says so (MSG.tokenExpired), anything else is not signed in. */
export const tokenRefused = (reason: TokenRefusal) =>
  reason === TOKEN_REFUSALS.expired
    ? new HttpError(401, MSG.tokenExpired, undefined, undefined, reason)
    : new HttpError(401, MSG.unauthenticated, undefined, undefined, reason);
export const unauthenticated = () => tokenRefused(TOKEN_REFUSALS.invalid);
export const forbidden = () => new HttpError(403, MSG.forbidden);
export const notFound = (message: string = MSG.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** A 422 with one field's message (the Laravel shape). */
export function validationError(field: string, message: string): HttpError {
  return new HttpError(422, message, { [field]: [message] });
}

/**
 * An empty `errors` map of a 422: without a prototype, so that a field named by the request (a record's key,
 * `constructor`, `__proto__`, `toString`) is a field like any other, never an inherited member.
 */
export const fieldErrorMap = (): Record<string, string[]> => Object.create(null);

type Issue = { path: readonly PropertyKey[]; message: string; code?: string };

function fieldErrors(issues: readonly Issue[], language: Language): Record<string, string[]> {
  const errors = fieldErrorMap();
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= [];
    errors[key].push(localiseIssue(language, issue));
  }
  return errors;
}

/** The 422 body of failed validation, its messages in the caller's language (zod's own included). */
function validationBody(request: FastifyRequest, issues: readonly Issue[]) {
  const language = requestLanguage(request);
  const errors = fieldErrors(issues, language);
  const first = issues[0] ? localiseIssue(language, issues[0]) : MSG.validationFailed;
  return { message: first, errors };
}

const STATUS_MESSAGES: Record<number, string> = {
  401: MSG.unauthenticated,
  403: MSG.forbidden,
  404: MSG.notFound,
  413: MSG.uploadTooLarge,
  415: MSG.unsupportedMediaType,
  429: MSG.tooManyRequests,
};

/**
 * PostgreSQL data exceptions caused by the input (a value the column cannot hold): 422, never 500.
 * Class 22 is "data exception"; 54000 is "program limit exceeded" (an index row too big).
 */
const PG_MESSAGES: Record<string, string> = {
  '22P05': MSG.invalidCharacters, // untranslatable character (\u0000 in text)
  '22021': MSG.invalidCharacters, // character not in repertoire / invalid byte sequence
  '22003': MSG.valueOutOfRange, // numeric value out of range (an id above int4)
  '22001': MSG.valueTooLong, // string data right truncation (varchar(n))
  '54000': MSG.valueTooLong, // index row size exceeds the maximum
};

/** The SQLSTATE of a database error, looked for through `cause` (drizzle wraps driver errors). */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let i = 0; i < 5 && typeof current === 'object' && current !== null; i++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function pgInputMessage(state: string | undefined): string | undefined {
  if (!state) return undefined;
  return PG_MESSAGES[state] ?? (state.startsWith('22') ? MSG.invalidValue : undefined);
}

/** Every JSON error body names its request (`request_id`, also the X-Request-Id header): support finds the log lines. */
function withRequestId<T extends object>(request: FastifyRequest, body: T): T & { request_id: string } {
  return { ...body, request_id: request.id };
}

/** Answers unmatched routes (the SPA's index.html fallback); must send a reply. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => unknown;

/** Global error and not-found handlers: JSON always, never a stack trace to the client. */
export const errorsPlugin = fp(async (app: FastifyInstance, opts: { notFound?: NotFoundFallback }) => {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(
        withRequestId(request, {
          message: error.message,
          ...(error.errors ? { errors: error.errors } : {}),
          ...(error.reason ? { reason: error.reason } : {}),
        }),
      );
    }
    if (error instanceof ZodError) {
      return reply.status(422).send(withRequestId(request, validationBody(request, error.issues)));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path id too big to be a row's (above int4) names nothing: 404, like an unknown id.
      const context = (error as { validationContext?: string }).validationContext;
      if (context === 'params' && error.validation.every((v) => v.keyword === 'too_big')) {
        return reply.status(404).send(withRequestId(request, { message: MSG.notFound }));
      }
      const issues = error.validation.map((v) => ({
        ...(v.params ?? {}),
        code: v.keyword,
        path: [...(v.instancePath ?? '').split('/').filter(Boolean)],
        message: v.message ?? MSG.validationFailed,
      }));
      return reply.status(422).send(withRequestId(request, validationBody(request, issues)));
    }
    const status = (error as FastifyError).statusCode;
    const pgMessage = pgInputMessage(sqlState(error));
    if (pgMessage) {
      request.log.warn({ err: error }, 'input refused by the database');
      return reply.status(422).send(withRequestId(request, { message: pgMessage, errors: { _: [pgMessage] } }));
    }
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, bad content type, ...)
      const message = status === 400 ? error.message : (STATUS_MESSAGES[status] ?? error.message);
      return reply.status(status).send(withRequestId(request, { message }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(withRequestId(request, { message: MSG.serverError }));
  });

  app.setNotFoundHandler((request, reply) => {
    if (opts.notFound) return opts.notFound(request, reply);
    return reply.status(404).send(withRequestId(request, { message: MSG.notFound }));
  });
});
