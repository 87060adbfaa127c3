import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MSG } from '@taxi/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { NotFoundFallback } from './errors';

const NOT_BUILT = `<!doctype html><html><head><meta charset="utf-8"><title>Taxi console</title></head>
<body style="font-family:sans-serif;padding:2rem"><h1>The web app is not built yet</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first), then reload this page.</p>
<p>The API is running under <code>/api</code>.</p></body></html>`;

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/socket.io');

/** Serves apps/web/dist (files only; the index.html fallback is spaFallback, used as not-found handler). */
export const spaPlugin = fp(async (app: FastifyInstance, opts: { dist: string }) => {
  if (existsSync(path.join(opts.dist, 'index.html'))) {
    await app.register(fastifyStatic, { root: opts.dist, wildcard: false, index: ['index.html'] });
  }
});

/** index.html for client-side routes (GET, not /api, no file extension); JSON 404 otherwise. */
export function spaFallback(dist: string): NotFoundFallback {
  const built = existsSync(path.join(dist, 'index.html'));
  return (request, reply) => {
    const url = request.url.split('?')[0];
    if (request.method !== 'GET' || isApi(url) || path.extname(url) !== '') {
      return reply.status(404).send({ message: MSG.notFound });
    }
    if (!built) return reply.status(200).type('text/html').send(NOT_BUILT);
    return reply.type('text/html').sendFile('index.html');
  };
}
