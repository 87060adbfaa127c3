import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors';
import { mimeOfStoredName } from '../../lib/storage';
import { DEMO_FILES } from './demo-files';

/** Uploaded files, served only to signed-in staff (the default /api rule: 401 without a token). */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/files/:name', { schema: { params: z.object({ name: z.string() }) } }, async (request, reply) => {
    const { name } = request.params;
    const demo = Object.hasOwn(DEMO_FILES, name) ? DEMO_FILES[name] : undefined;
    const data = demo ?? (await app.files.storage.get(name));
    if (!data) throw notFound();
    return reply
      .header('content-type', demo ? 'image/svg+xml' : mimeOfStoredName(name))
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(data);
  });
};
