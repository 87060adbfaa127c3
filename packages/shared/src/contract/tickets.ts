import { z } from 'zod';
import { TICKET_AUTHOR_TYPES, TICKET_FIELD_KINDS, TICKET_STATUSES, TICKET_SUBJECT_TYPES } from '../tickets';
import { emptyEnvelope, envelope, pageEnvelope } from './envelope';
import { followUpTicketSettingsSchema } from './session';

export const ticketFieldSchema = z
  .object({
    id: z.number(),
    kind: z.enum(TICKET_FIELD_KINDS),
    label: z.string(),
    required: z.boolean(),
    /** The values of a choice field (subject_type: passenger, captain). */
    options: z.array(z.string()),
  })
  .meta({ id: 'TicketField' });

export const ticketQuestionSchema = z
  .object({ id: z.number(), title: z.string(), position: z.number(), fields: z.array(ticketFieldSchema) })
  .meta({ id: 'TicketQuestion' });

export const ticketTypeSchema = z
  .object({ id: z.number(), title: z.string(), sla_minutes: z.number(), questions: z.array(ticketQuestionSchema) })
  .meta({ id: 'TicketType' });

const personName = z.object({ first_name: z.string(), last_name: z.string() });

/** A ticket as the queue, the monitoring table and the realtime events carry it (people.md §3). */
export const ticketSchema = z
  .object({
    id: z.number(),
    type: z.object({ id: z.number(), title: z.string() }),
    author: personName.nullable(),
    author_type: z.enum(TICKET_AUTHOR_TYPES),
    /** The name of whom it is about. */
    subject: z.string().nullable(),
    subject_type: z.enum(TICKET_SUBJECT_TYPES).nullable(),
    subject_id: z.number().nullable(),
    status: z.enum(TICKET_STATUSES),
    assignee: z.object({ id: z.number(), name: z.string() }).nullable(),
    booking_id: z.number().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    sla_due_at: z.string().nullable(),
  })
  .meta({ id: 'Ticket' });

export const ticketAnswerSchema = z.object({
  question_id: z.number(),
  question: z.string(),
  field_id: z.number(),
  label: z.string(),
  kind: z.enum(TICKET_FIELD_KINDS),
  value: z.string(),
  /** A person or user answer's name. */
  display: z.string().nullable(),
});

export const ticketHistorySchema = z.object({
  id: z.number(),
  action: z.enum(['created', 'assigned', 'status']),
  actor: z.string().nullable(),
  from_status: z.enum(TICKET_STATUSES).nullable(),
  to_status: z.enum(TICKET_STATUSES).nullable(),
  assignee: z.string().nullable(),
  created_at: z.string(),
});

export const ticketCommentSchema = z
  .object({ id: z.number(), author: z.string().nullable(), body: z.string(), created_at: z.string() })
  .meta({ id: 'TicketComment' });

export const ticketDetailSchema = ticketSchema
  .extend({
    last_question_id: z.number().nullable(),
    answers: z.array(ticketAnswerSchema),
    history: z.array(ticketHistorySchema),
    comments: z.array(ticketCommentSchema),
  })
  .meta({ id: 'TicketDetail' });

/** 'dismiss ticket': the ticket left the queue (taken, or reassigned while pending). */
export const ticketDismissSchema = z.object({
  ticket_id: z.number(),
  status: z.enum(TICKET_STATUSES),
  assignee_id: z.number().nullable(),
});

export const ticketsContract = {
  types: envelope(z.array(ticketTypeSchema)),
  created: envelope(ticketSchema),
  page: pageEnvelope(ticketSchema),
  queue: envelope(z.object({ tickets: z.array(ticketSchema), total: z.number() })),
  ticket: envelope(ticketDetailSchema),
  comment: envelope(ticketCommentSchema),
  progress: envelope(followUpTicketSettingsSchema),
  none: emptyEnvelope,
};
