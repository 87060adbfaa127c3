import {
  BOOKING_MSG,
  COMPLAINT_AUDIO_MAX_FILES,
  COMPLAINT_COMMENT_MAX,
  COMPLAINT_DESCRIPTION_MAX,
  COMPLAINT_MSG,
  COMPLAINT_STATUSES,
  complaintPolicy,
  complaintsContract as contract,
  dbId,
  isGovernment,
} from '@taxi/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { HttpError } from '../../http/errors';
import { isUploadedFile, type UploadedFile } from '../../http/multipart';
import { replies } from '../../http/schema';
import { mimeOfStoredName, STORED_NAME } from '../../lib/storage';
import { complaintLogQuery, listComplaintLog } from './log';

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

/** A complaint without a booking: against a captain or a passenger. */
const personComplaintBody = createBody.omit({ booking_id: true });

const commentBody = z.object({
  // Absent or blank: the service answers 'Comment text can't be empty' on the field.
  comment: z.string().max(COMPLAINT_COMMENT_MAX, COMPLAINT_MSG.commentTooLong(COMPLAINT_COMMENT_MAX)).optional(),
  wav_files: wavFiles,
});
const complaintIdParams = z.object({ complaintId: dbId() });
/**
 * The recordings a complaint or a comment reads: one past the rule, so that the schema answers its own 422
 * ('At most 5 audio files') rather than a bare 413; each up to UPLOAD_MAX_BYTES.
 */
const WAV_UPLOAD = { files: COMPLAINT_AUDIO_MAX_FILES + 1 };
const commentAudioParams = z.object({ commentId: dbId(), fileName: z.string().regex(STORED_NAME) });

const sendWav = (reply: FastifyReply, fileName: string, data: Buffer) =>
  reply.header('content-type', mimeOfStoredName(fileName)).header('cache-control', 'private, max-age=3600').send(data);

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
      config: { policy: complaintPolicy.file, idempotent: true, upload: WAV_UPLOAD },
      schema: { params: idParams, body: createBody, response: { 200: contract.complaint } },
    },
    async (request) => {
      const { description, booking_id, wav_files } = request.body;
      if (booking_id !== undefined && booking_id !== request.params.id)
        throw new HttpError(422, COMPLAINT_MSG.bookingMismatch, { booking_id: [COMPLAINT_MSG.bookingMismatch] });
      const data = await complaints().create(
        actorOf(request),
        { kind: 'booking', id: request.params.id },
        { description, files: wav_files },
      );
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
      return sendWav(reply, request.params.fileName, data);
    },
  );

  // The complaint log (/complaints) and one complaint's dialog.
  app.get(
    '/complaints',
    { config: { policy: complaintPolicy.log }, schema: replies(contract.log, { querystring: complaintLogQuery }) },
    async (request) => {
      const { page, perPage, ...filters } = request.query;
      return ok(await listComplaintLog(app.db, filters, { page, perPage, url: request.url }));
    },
  );

  app.get(
    '/complaint/:id',
    { config: { policy: complaintPolicy.log }, schema: replies(contract.detail, { params: idParams }) },
    async (request) => ok(await complaints().detail(request.params.id)),
  );

  // Complaints without a booking: against a captain (/captain_complaints_no_booking/{id}) or a passenger.
  app.get(
    '/complaint/captain/:id',
    { config: { policy: complaintPolicy.log }, schema: replies(contract.list, { params: idParams }) },
    async (request) => ok(await complaints().captainWithoutBooking(request.params.id)),
  );

  for (const kind of ['captain', 'passenger'] as const) {
    app.post(
      `/complaint/${kind}/:id/create`,
      {
        config: { policy: complaintPolicy.file, idempotent: true, upload: WAV_UPLOAD },
        schema: replies(contract.complaint, { params: idParams, body: personComplaintBody }),
      },
      async (request) => {
        const { description, wav_files } = request.body;
        const data = await complaints().create(
          actorOf(request),
          { kind, id: request.params.id },
          { description, files: wav_files },
        );
        return ok(data, COMPLAINT_MSG.created);
      },
    );
  }

  // Comments and their voice notes.
  app.get(
    '/complaint_comments/:id/get_comments',
    { config: { policy: complaintPolicy.comment }, schema: replies(contract.comments, { params: idParams }) },
    async (request) => ok(await complaints().comments.list(request.params.id)),
  );

  app.post(
    '/complaint_comments/:complaintId/add_comment',
    {
      config: { policy: complaintPolicy.comment, idempotent: true, upload: WAV_UPLOAD },
      schema: replies(contract.comment, { params: complaintIdParams, body: commentBody }),
    },
    async (request) => {
      const { comment, wav_files } = request.body;
      const data = await complaints().comments.add(actorOf(request), request.params.complaintId, {
        comment: comment ?? '',
        files: wav_files,
      });
      return ok(data, BOOKING_MSG.commentAdded);
    },
  );

  app.get(
    '/complaint_comments/:commentId/audio/:fileName',
    { config: { policy: complaintPolicy.comment }, schema: replies(contract.audio, { params: commentAudioParams }) },
    async (request, reply) => {
      const data = await complaints().comments.audio(request.params.commentId, request.params.fileName);
      return sendWav(reply, request.params.fileName, data);
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
