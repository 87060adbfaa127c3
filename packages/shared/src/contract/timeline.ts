import { z } from 'zod';
import { STORY_KINDS, TIMELINE_KINDS } from '../timeline';
import { envelope } from './envelope';

/** One row of the audit trail as the timeline shows it (no before/after: those stay on their own pages). */
export const timelineItemSchema = z
  .object({
    id: z.number(),
    at: z.string(),
    kind: z.enum(TIMELINE_KINDS),
    entity: z.string(),
    entity_id: z.string().nullable(),
    action: z.string(),
    /** Who did it: a staff user's name, null for the system, the apps or the AI. */
    actor: z.string().nullable(),
    /** The booking it concerns (its story can be replayed). */
    booking_id: z.number().nullable(),
  })
  .meta({ id: 'TimelineItem' });
export type TimelineItemDto = z.infer<typeof timelineItemSchema>;

/** One moment of a booking's story, in time order. */
export const storyItemSchema = z
  .object({
    /** Unique within the story (its source row and action). */
    ref: z.string(),
    at: z.string(),
    kind: z.enum(STORY_KINDS),
    /** log: the action code; offer: the offer's status; geofence: enter | leave; chat: who wrote. */
    action: z.string(),
    actor: z.string().nullable(),
    /** A chat message's text, a complaint's description; null otherwise. */
    text: z.string().nullable(),
  })
  .meta({ id: 'StoryItem' });
export type StoryItemDto = z.infer<typeof storyItemSchema>;

export const timelineContract = {
  /** Newest first; `next_before` pages to older rows (null at the end). */
  page: envelope(z.object({ items: z.array(timelineItemSchema), next_before: z.number().nullable() })),
  story: envelope(z.object({ booking_id: z.number(), items: z.array(storyItemSchema) })),
};
