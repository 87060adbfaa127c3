import {
  BOOKING_MSG,
  COMPLAINT_AUDIO_MAX_FILES,
  COMPLAINT_DESCRIPTION_MAX,
  COMPLAINT_MSG,
  COMPLAINT_STATUSES,
  complaintPolicy,
  complaintsContract as contract,
  dbId,
  isGovernment,
} from '@taxi/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { HttpError } from '../../http/errors';
import { isUploadedFile, type UploadedFile } from '../../http/multipart';
import { mimeOfStoredName, STORED_NAME } from '../../lib/storage';

const idParams = z.object({ id: dbId() });
const audioParams = idParams.extend({ fileName: z.string().regex(STORED_NAME) });
const wavFile = z.custom<UploadedFile>(isUploadedFile, COMPLAINT_MSG.wavOnly);
/** `wav_files[]`, `wav_files[0]` or a single `wav_files` all arrive as a list. */
const wavFiles = z
  .union([wavFile, z.array(wavFile)])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
  .pipe(z.array(wavFile).max(COMPLAINT_AUDIO_MAX_FILES, COMPLAINT_MSG.tooManyAudios(COMPLAINT_AUDIO_MAX_FILES)));

const categoryBody = z.object({
  booking_id: dbId(),
  // Absent, empty or 0: the operator chose nothing.
  category_id: z
    .union([z.coerce.number().int().nonnegative(), z.literal(''), z.null()])
    .optional()
    .transform((v) => (typeof v === 'number' && v > 0 ? v : undefined)),
});

const createBody = z.object({
  description: z
    .string()
    .max(COMPLAINT_DESCRIPTION_MAX, COMPLAINT_MSG.descriptionTooLong(COMPLAINT_DESCRIPTION_MAX))
    .optional(),
  booking_id: dbId().optional(),
  wav_files: wavFiles,
});

const actorOf = (request: FastifyRequest) => ({ id: request.user.id, government: isGovernment(request.user) });

export const complaintsRoutes: FastifyPluginAsyncZod = async (app) => {
  const complaints = () => app.complaints;

  app.get(
    '/complaint-category',
    { config: { policy: complaintPolicy.read }, schema: { response: { 200: contract.categories } } },
    async () => {
      return ok(await complaints().categories());
    },
  );

  app.post(
    '/complaint/category',
    {
      config: { policy: complaintPolicy.categorize },
      schema: { body: categoryBody, response: { 200: contract.category } },
    },
    async (request) => {
      const data = await complaints().setCategory(actorOf(request), request.body.booking_id, request.body.category_id);
      return ok(data, BOOKING_MSG.saved);
    },
  );

  app.get(
    '/complaint/booking/:id',
    { config: { policy: complaintPolicy.read }, schema: { params: idParams, response: { 200: contract.forBooking } } },
    async (request) => {
      const id = request.params.id;
      const [list, categoryId] = await Promise.all([complaints().listForBooking(id), complaints().bookingCategory(id)]);
      return ok({ complaints: list, category_id: categoryId });
    },
  );

  app.post(
    '/complaint/booking/:id/create',
    {
      config: { policy: complaintPolicy.file, idempotent: true },
      schema: { params: idParams, body: createBody, response: { 200: contract.complaint } },
    },
    async (request) => {
      const { description, booking_id, wav_files } = request.body;
      if (booking_id !== undefined && booking_id !== request.params.id)
        throw new HttpError(422, COMPLAINT_MSG.bookingMismatch, { booking_id: [COMPLAINT_MSG.bookingMismatch] });
      const data = await complaints().create(actorOf(request), request.params.id, { description, files: wav_files });
      return ok(data, COMPLAINT_MSG.created);
    },
  );

  app.get(
    '/complaint/:id/audio',
    { config: { policy: complaintPolicy.read }, schema: { params: idParams, response: { 200: contract.audios } } },
    async (request) => {
      return ok(await complaints().audios(request.params.id));
    },
  );

  app.get(
    '/complaint/:id/audio/:fileName',
    { config: { policy: complaintPolicy.read }, schema: { params: audioParams, response: { 200: contract.audio } } },
    async (request, reply) => {
      const data = await complaints().audio(request.params.id, request.params.fileName);
      return reply
        .header('content-type', mimeOfStoredName(request.params.fileName))
        .header('cache-control', 'private, max-age=3600')
        .send(data);
    },
  );

  app.put(
    '/complaint/:id/update_status',
    {
      config: { policy: complaintPolicy.setStatus },
      schema: {
        params: idParams,
        body: z.object({ status: z.enum(COMPLAINT_STATUSES) }),
        response: { 200: contract.complaint },
      },
    },
    async (request) => {
      const data = await complaints().updateStatus(actorOf(request), request.params.id, request.body.status);
      return ok(data, BOOKING_MSG.saved);
    },
  );
};
