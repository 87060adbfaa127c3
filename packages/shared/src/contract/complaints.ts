import { z } from 'zod';
import { COMPLAINT_STATUSES } from '../complaints';
import { binaryBody, envelope, pageEnvelope, refSchema } from './envelope';

export const complaintCommentSchema = z
  .object({
    id: z.number(),
    complaint_id: z.number(),
    doer: z.number().nullable(),
    doer_name: z.string().nullable(),
    comment: z.string(),
    created_at: z.string(),
    /** Stored file names of its voice notes. */
    audios: z.array(z.string()),
  })
  .meta({ id: 'ComplaintComment' });

/** A complaint (bookings.md §3, people.md §3): id, description, doer, status, category_id, entity_id, created_at,
 * audios (file names) and comments (its complaint comments, oldest first). */
export const complaintSchema = z
  .object({
    id: z.number(),
    booking_id: z.number().nullable(),
    captain_id: z.number().nullable(),
    /** The passenger of a complaint filed against a passenger without a booking. */
    passenger_id: z.number().nullable(),
    description: z.string().nullable(),
    /** User id of the author; null when an app filed it. */
    doer: z.number().nullable(),
    doer_name: z.string().nullable(),
    status: z.enum(COMPLAINT_STATUSES),
    category_id: z.number().nullable(),
    entity_id: z.number().nullable(),
    created_at: z.string(),
    /** Stored file names of the audio recordings. */
    audios: z.array(z.string()),
    /** Its comments, oldest first (as get_comments lists them). */
    comments: z.array(complaintCommentSchema),
  })
  .meta({ id: 'Complaint' });

/**
 * A row of the complaint log (GET complaints): a summary of the complaint, its recordings and its comments counted
 * rather than listed (the dialog reads the complaint whole).
 */
export const complaintLogItemSchema = complaintSchema
  .omit({ audios: true, comments: true })
  .extend({
    category_name: z.string().nullable(),
    audio_count: z.number().int(),
    comment_count: z.number().int(),
  })
  .meta({ id: 'ComplaintLogItem' });

/** One status change, from the audit log: who, from what, to what, when. */
export const complaintStatusChangeSchema = z.object({
  from: z.enum(COMPLAINT_STATUSES).nullable(),
  to: z.enum(COMPLAINT_STATUSES),
  by: z.number().nullable(),
  by_name: z.string().nullable(),
  at: z.string(),
});

/** GET complaint/{id}: the complaint (with its comments), its category's name and its status history. */
export const complaintDetailSchema = complaintSchema
  .extend({
    category_name: z.string().nullable(),
    /** Oldest first. */
    status_history: z.array(complaintStatusChangeSchema),
  })
  .meta({ id: 'ComplaintDetail' });

export const complaintsContract = {
  log: pageEnvelope(complaintLogItemSchema),
  detail: envelope(complaintDetailSchema),
  list: envelope(z.array(complaintSchema)),
  comments: envelope(z.array(complaintCommentSchema)),
  comment: envelope(complaintCommentSchema),
  categories: envelope(z.array(refSchema)),
  category: envelope(z.object({ booking_id: z.number(), category_id: z.number(), category: z.string() })),
  forBooking: envelope(z.object({ complaints: z.array(complaintSchema), category_id: z.number().nullable() })),
  complaint: envelope(complaintSchema),
  audios: envelope(z.array(z.string())),
  audio: binaryBody('A WAV recording', 'audio/wav'),
};
