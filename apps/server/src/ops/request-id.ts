import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';
/** An incoming id is kept only when it is a short token of safe characters (it lands in logs and headers). */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's genReqId: the caller's X-Request-Id (a proxy's, another service's) when it is a short
 * safe token, else a new UUID. (Fastify's own requestIdHeader would take any value as it is.)
 */
export function genReqId(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
}

/** Sends the request id back on every response (errors, 404s and the SPA included). */
export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
});
