import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MSG } from '@taxi/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { NotFoundFallback } from './errors';

const NOT_BUILT = `<!doctype html><html><head><meta charset="utf-8"><title>Taxi console</title></head>
<body style="font-family:sans-serif;padding:2rem"><h1>The web app is not built yet</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first), then reload this page.</p>
<p>The API is running under <code>/api</code>.</p></body></html>`;

/** Hashed build output (`/assets/index-<hash>.js`): its name changes with its content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and other unhashed files: revalidated on every load, so a deploy is seen at once. */
export const REVALIDATE = 'no-cache';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/socket.io');
const isAsset = (url: string) => url === '/assets' || url.startsWith('/assets/');

/** Cache-Control by file: `filePath` is the file sent (x.js, or its precompressed x.js.br / x.js.gz). */
function setCacheHeaders(dist: string) {
  const assets = path.join(dist, 'assets') + path.sep;
  return (reply: FastifyReply, filePath: string) => {
    reply.header('Cache-Control', filePath.startsWith(assets) ? IMMUTABLE : REVALIDATE);
  };
}

/**
 * Serves apps/web/dist: every file present now or written later (a rebuild while the server runs),
 * through one wildcard route; the brotli or gzip sibling the build wrote (x.js.br, x.js.gz) when the
 * client accepts it (`preCompressed`); long-lived caching for the hashed /assets, `no-cache` for the
 * rest. A path that is no file goes to the not-found handler: spaFallback below.
 */
export const spaPlugin = fp(async (app: FastifyInstance, opts: { dist: string }) => {
  await app.register(fastifyStatic, {
    root: opts.dist,
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: setCacheHeaders(opts.dist),
  });
});

/**
 * The not-found handler when the web app is served: index.html for client-side routes (GET, not /api,
 * not /assets, no file extension); JSON 404 otherwise (API paths, a missing asset of an old or newer
 * build: never index.html in place of a script).
 */
export function spaFallback(dist: string): NotFoundFallback {
  const index = path.join(dist, 'index.html');
  let built = existsSync(index);
  return (request, reply) => {
    const url = request.url.split('?')[0];
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      isApi(url) ||
      isAsset(url) ||
      path.extname(url) !== ''
    ) {
      return reply.status(404).send({ message: MSG.notFound });
    }
    // Checked again until it exists: a build finished after start-up is served without a restart.
    built ||= existsSync(index);
    if (!built) return reply.status(200).type('text/html').header('Cache-Control', REVALIDATE).send(NOT_BUILT);
    return reply.type('text/html').sendFile('index.html', dist);
  };
}
