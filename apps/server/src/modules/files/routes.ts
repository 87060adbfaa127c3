import { filesContract } from '@taxi/shared/contract/files';
import { filesPolicy } from '@taxi/shared/policies/files';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorize } from '../../http/auth';
import { notFound } from '../../http/errors';
import { mimeOfStoredName, STORED_NAME } from '../../lib/storage';
import { DEMO_FILES } from './demo-files';
import { findFileOwner } from './owners';

const SVG = 'image/svg+xml';
/** What we produce and may show inline: re-encoded ID-card images, checked WAV recordings, the demo cards. */
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'audio/wav', SVG]);

/** The name as a plain ASCII token for Content-Disposition (no quotes, slashes, control or non-ASCII). */
export const dispositionName = (name: string): string =>
  name
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 100) || 'file';

/**
 * The headers of every stored-file response: never sniffed, never cached by shared caches, inline only
 * for the image and audio types we produce (anything else downloads), and a sandboxing CSP so that
 * even a file opened directly cannot run script or load anything.
 */
export function sendStoredFile(reply: FastifyReply, name: string, data: Buffer, contentType: string) {
  const disposition = INLINE_TYPES.has(contentType) ? 'inline' : 'attachment';
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `${disposition}; filename="${dispositionName(name)}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=3600')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .send(data);
}

const isServableName = (name: string) => STORED_NAME.test(name) || Object.hasOwn(DEMO_FILES, name);

/**
 * GET /api/files/{name}: an uploaded file, served only through the rule of what it belongs to
 * (filesPolicy.read): a passenger's ID card with PASSENGERS, complaint audio to the complaint's readers.
 * 404 when nothing references the name (or the bytes are gone); 403 when the owner's rule says no. The
 * names are 128-bit random, so the 403 tells nothing that could be guessed (the demo cards are public
 * names anyway).
 */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/files/:name',
    {
      config: { policy: filesPolicy.open },
      schema: { params: z.object({ name: z.string().max(200) }), response: { 200: filesContract.file } },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!isServableName(name)) throw notFound();
      const owner = await findFileOwner(app.db, name);
      if (!owner) throw notFound();
      authorize(request, filesPolicy.read, owner);
      const demo = Object.hasOwn(DEMO_FILES, name) ? DEMO_FILES[name] : undefined;
      const data = demo ?? (await app.files.storage.get(name));
      if (!data) throw notFound();
      return sendStoredFile(reply, name, data, demo ? SVG : mimeOfStoredName(name));
    },
  );
};
