import { z } from 'zod';
import { COMPLAINT_STATUSES } from '../complaints';
import { binaryBody, envelope, refSchema } from './envelope';

export const complaintSchema = z
  .object({
    id: z.number(),
    booking_id: z.number().nullable(),
    captain_id: z.number().nullable(),
    description: z.string().nullable(),
    /** User id of the author. */
    doer: z.number().nullable(),
    doer_name: z.string().nullable(),
    status: z.enum(COMPLAINT_STATUSES),
    category_id: z.number().nullable(),
    entity_id: z.number().nullable(),
    created_at: z.string(),
    /** Stored file names of the audio recordings. */
    audios: z.array(z.string()),
  })
  .meta({ id: 'Complaint' });

export const complaintsContract = {
  categories: envelope(z.array(refSchema)),
  category: envelope(z.object({ booking_id: z.number(), category_id: z.number(), category: z.string() })),
  forBooking: envelope(z.object({ complaints: z.array(complaintSchema), category_id: z.number().nullable() })),
  complaint: envelope(complaintSchema),
  audios: envelope(z.array(z.string())),
  audio: binaryBody('A WAV recording', 'audio/wav'),
};
