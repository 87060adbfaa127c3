import { z } from 'zod';
import { BROADCAST_TARGET_KINDS, RECURRENCES, SCHEDULED_STATUSES } from '../broadcasts';
import { envelope, pageEnvelope, refSchema } from './envelope';

/** How far a message went: captains targeted, whose app received it, who read it. */
export const deliveryCountsSchema = z
  .object({ targeted: z.number().int(), delivered: z.number().int(), read: z.number().int() })
  .meta({ id: 'DeliveryCounts' });

/** Who a message is for, with the sector's or service's name as it was when it was written. */
const targetFields = {
  /** `online`, `shift`, `sector:<id>` or `service:<id>`. */
  target: z.string(),
  target_kind: z.enum(BROADCAST_TARGET_KINDS),
  target_id: z.number().int().nullable(),
  target_name: z.string().nullable(),
};

/** A message sent to captains: from the console (`broadcast`) or a run of a scheduled message (`scheduled`). */
export const broadcastSchema = z
  .object({
    id: z.number().int(),
    body: z.string(),
    ...targetFields,
    source: z.enum(['broadcast', 'scheduled']),
    scheduled_message_id: z.number().int().nullable(),
    sender: z.string().nullable(),
    created_at: z.string(),
    counts: deliveryCountsSchema,
  })
  .meta({ id: 'Broadcast' });

/** How many captains a target reaches now. */
export const broadcastPreviewSchema = z
  .object({ target: z.string(), captains: z.number().int() })
  .meta({ id: 'BroadcastPreview' });

/** The sectors and services a message may target. */
export const broadcastTargetsSchema = z
  .object({ sectors: z.array(refSchema), services: z.array(refSchema) })
  .meta({ id: 'BroadcastTargets' });

export const scheduledMessageSchema = z
  .object({
    id: z.number().int(),
    body: z.string(),
    ...targetFields,
    recurrence: z.enum(RECURRENCES),
    /** The first sending (ISO instant). */
    send_at: z.string(),
    /** The next sending, null once done or cancelled. */
    next_run_at: z.string().nullable(),
    ends_at: z.string().nullable(),
    status: z.enum(SCHEDULED_STATUSES),
    runs: z.number().int(),
    last_run_at: z.string().nullable(),
    sender: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'ScheduledMessage' });

export const broadcastsContract = {
  broadcast: envelope(broadcastSchema),
  broadcasts: pageEnvelope(broadcastSchema),
  preview: envelope(broadcastPreviewSchema),
  targets: envelope(broadcastTargetsSchema),
  scheduled: envelope(scheduledMessageSchema),
  scheduledList: pageEnvelope(scheduledMessageSchema),
  removed: envelope(z.null()),
};

export type DeliveryCounts = z.infer<typeof deliveryCountsSchema>;
export type BroadcastDto = z.infer<typeof broadcastSchema>;
export type BroadcastPreviewDto = z.infer<typeof broadcastPreviewSchema>;
export type BroadcastTargetsDto = z.infer<typeof broadcastTargetsSchema>;
export type ScheduledMessageDto = z.infer<typeof scheduledMessageSchema>;
