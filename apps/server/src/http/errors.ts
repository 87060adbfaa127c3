import { MSG } from '@taxi/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

/** Throw from anywhere (services included): `throw new HttpError(409, msg)`. */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const unauthenticated = () => new HttpError(401, MSG.unauthenticated);
export const forbidden = () => new HttpError(403, MSG.forbidden);
export const notFound = (message: string = MSG.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** A 422 with one field's message (the Laravel shape). */
export function validationError(field: string, message: string): HttpError {
  return new HttpError(422, message, { [field]: [message] });
}

type Issue = { path: readonly PropertyKey[]; message: string };

function fieldErrors(issues: readonly Issue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= [];
    errors[key].push(issue.message);
  }
  return errors;
}

function validationBody(issues: readonly Issue[]) {
  const errors = fieldErrors(issues);
  const first = issues[0]?.message ?? MSG.validationFailed;
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

/** Answers unmatched routes (the SPA's index.html fallback); must send a reply. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => unknown;

/** Global error and not-found handlers: JSON always, never a stack trace to the client. */
export const errorsPlugin = fp(async (app: FastifyInstance, opts: { notFound?: NotFoundFallback }) => {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.status)
        .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    if (error instanceof ZodError) {
      return reply.status(422).send(validationBody(error.issues));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: [...(v.instancePath ?? '').split('/').filter(Boolean)],
        message: v.message ?? MSG.validationFailed,
      }));
      return reply.status(422).send(validationBody(issues));
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, bad content type, ...)
      const message = status === 400 ? error.message : (STATUS_MESSAGES[status] ?? error.message);
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: MSG.serverError });
  });

  app.setNotFoundHandler((request, reply) => {
    if (opts.notFound) return opts.notFound(request, reply);
    return reply.status(404).send({ message: MSG.notFound });
  });
});
