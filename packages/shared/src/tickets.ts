import type { z } from 'zod';
import type {
  ticketCommentSchema,
  ticketDetailSchema,
  ticketDismissSchema,
  ticketFieldSchema,
  ticketSchema,
  ticketTypeSchema,
} from './contract/tickets';
import { texts, tr } from './i18n';

/**
 * Tickets (people.md §2–§5, §7, §8; shell.md §2.5). The statuses and their moves are written once here:
 * a ticket waits in the queue (PENDING) until someone takes it (ASSIGNED), is worked (IN_PROGRESS), and
 * ends RESOLVED or CLOSED. Only a PENDING ticket can be taken with 'Assign it to me'.
 */
export const TICKET_STATUSES = ['PENDING', 'ASSIGNED', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Statuses in which the ticket still needs work (its SLA runs). */
export const TICKET_OPEN_STATUSES = ['PENDING', 'ASSIGNED', 'IN_PROGRESS'] as const satisfies readonly TicketStatus[];

/** Where a status change may go from each status (taking a PENDING ticket is the assign call, not this). */
export const TICKET_MOVES: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  PENDING: [],
  ASSIGNED: ['IN_PROGRESS', 'RESOLVED', 'CLOSED'],
  IN_PROGRESS: ['RESOLVED', 'CLOSED'],
  RESOLVED: ['IN_PROGRESS', 'CLOSED'],
  CLOSED: [],
};

export const canMoveTicket = (from: TicketStatus, to: TicketStatus): boolean => TICKET_MOVES[from].includes(to);
export const isOpenTicket = (status: TicketStatus): boolean =>
  (TICKET_OPEN_STATUSES as readonly TicketStatus[]).includes(status);
/** A ticket can be (re)assigned while it is not finished. */
export const canReassignTicket = (status: TicketStatus): boolean => isOpenTicket(status) || status === 'RESOLVED';

/** Who wrote the ticket: a staff member at the console, or a passenger or captain through the app. */
export const TICKET_AUTHOR_TYPES = ['user', 'passenger', 'captain'] as const;
export type TicketAuthorType = (typeof TICKET_AUTHOR_TYPES)[number];

/** Whom it is about. */
export const TICKET_SUBJECT_TYPES = ['passenger', 'captain'] as const;
export type TicketSubjectType = (typeof TICKET_SUBJECT_TYPES)[number];

/**
 * Kinds of the fields of a question: who to report (passenger or captain), that person (picked among the
 * chosen kind), free text, a staff member, one choice among the field's options.
 */
export const TICKET_FIELD_KINDS = ['subject_type', 'person', 'text', 'user', 'choice'] as const;
export type TicketFieldKind = (typeof TICKET_FIELD_KINDS)[number];

/** The answer key of a field in `POST tickets` (people.md §7). */
export const answerKey = (fieldId: number): string => `question_${fieldId}`;

/** SLA: a ticket is "due soon" this long before its due time, overdue after it. */
export const TICKET_DUE_SOON_MS = 30 * 60_000;
export type TicketSla = 'ok' | 'due_soon' | 'overdue' | 'done';
export function ticketSla(status: TicketStatus, dueAt: string | Date | null, now: number): TicketSla {
  if (!isOpenTicket(status)) return 'done';
  if (dueAt === null) return 'ok';
  const due = new Date(dueAt).getTime();
  if (due <= now) return 'overdue';
  return due - now <= TICKET_DUE_SOON_MS ? 'due_soon' : 'ok';
}

/** Ages the monitoring filters by (hours since creation at least). */
export const TICKET_AGE_FILTERS = [1, 4, 24, 72] as const;

export const TICKET_TEXT_MAX = 2000;
export const TICKET_COMMENT_MAX = 2000;
/** How many queued tickets the new-ticket dialog loads (it shows the first). */
export const TICKET_QUEUE_LIMIT = 50;
/** The follow-up form's ticket type (seeded; the form finds it by this title). */
export const FOLLOW_UP_TICKET_TYPE = 'Follow-up';

export type TicketDto = z.infer<typeof ticketSchema>;
export type TicketDetailDto = z.infer<typeof ticketDetailSchema>;
export type TicketTypeDto = z.infer<typeof ticketTypeSchema>;
export type TicketFieldDto = z.infer<typeof ticketFieldSchema>;
export type TicketDismissPayload = z.infer<typeof ticketDismissSchema>;
export type TicketCommentDto = z.infer<typeof ticketCommentSchema>;

/** Texts of the ticket calls and pages. */
export const TICKET_MSG = texts({
  fieldRequired: 'This Field is required',
  saved: 'Your ticket was saved',
  assignToMe: 'Assign it to me',
  assigned: 'Ticket assigned',
  reassigned: 'Ticket reassigned',
  statusChanged: 'Ticket status changed',
  commentAdded: 'Comment added',
  alreadyTaken: 'This ticket was already taken by someone else.',
  notPending: 'Only a pending ticket can be assigned this way.',
  cannotReassign: 'A closed ticket cannot be reassigned.',
  badMove: (from: string, to: string) => tr('A {{from}} ticket cannot become {{to}}.', { from, to }),
  unknownType: 'Unknown ticket type',
  unknownQuestion: 'Unknown question',
  unknownField: 'Unknown field',
  unknownPerson: 'Unknown person',
  unknownUser: 'Unknown user',
  notAChoice: 'Not one of the choices',
  tooLong: (n: number) => tr('At most {{n}} characters.', { n }),
  newTicket: 'New ticket',
  followUpTicket: 'Follow-up ticket',
  ticket: (id: number) => tr('Ticket #{{id}}', { id }),
  author: 'Author',
  authorType: 'Author type',
  subjectType: 'Subject type',
  identifier: 'Identifier',
  name: 'Name',
  createdAt: 'Creation date',
  type: 'Type',
  status: 'Status',
  assignee: 'Assignee',
  age: 'Age',
  due: 'Due',
  anyStatus: 'Any status',
  anyType: 'Any type',
  anyAge: 'Any age',
  olderThanHours: (hours: number) => tr('Older than {{hours}} h', { hours }),
  overdueOnly: 'Overdue only',
  overdue: 'Overdue',
  dueSoon: 'Due soon',
  onTime: 'On time',
  finished: 'Finished',
  unassigned: 'Unassigned',
  reassign: 'Reassign',
  changeStatus: 'Change status',
  answers: 'Answers',
  history: 'History',
  comments: 'Comments',
  noComments: 'No comments yet',
  addComment: 'Add comment',
  comment: 'Comment',
  notFound: 'This ticket does not exist.',
  /** The toolbar button's name: the badge's text is in it. */
  toolbar: (n: string) => tr('Tickets: {{n}}', { n }),
  queueCount: (count: number) => tr('{{count}} tickets waiting', { count }),
  save: 'Save',
  assignToUser: 'Assign to a user',
  historyAssigned: (name: string) => tr('Assigned to {{name}}', { name }),
  historyStatus: (from: string, to: string) => tr('Status {{from}} → {{to}}', { from, to }),
  historyCreated: 'Ticket created',
  passenger: 'Passenger',
  captain: 'Captain',
  user: 'User',
} as const);

/** The statuses' labels (translated at render). */
export const TICKET_STATUS_LABELS: Readonly<Record<TicketStatus, string>> = texts({
  PENDING: 'Pending',
  ASSIGNED: 'Assigned',
  IN_PROGRESS: 'In progress',
  RESOLVED: 'Resolved',
  CLOSED: 'Closed',
});

/** Who filed a ticket, in the current language. */
export const ticketAuthorTypeLabel = (type: TicketAuthorType): string =>
  type === 'user' ? TICKET_MSG.user : type === 'captain' ? TICKET_MSG.captain : TICKET_MSG.passenger;

/** Whom a ticket is about, in the current language. */
export const ticketSubjectTypeLabel = (type: TicketSubjectType): string =>
  type === 'captain' ? TICKET_MSG.captain : TICKET_MSG.passenger;

/** A ticket's author as the pages show it ('—' when none). */
export const ticketAuthorName = (ticket: { author: { first_name: string; last_name: string } | null }): string =>
  ticket.author ? `${ticket.author.first_name} ${ticket.author.last_name}`.trim() : '—';

/**
 * The seeded ticket types' titles, questions and field labels (English, as stored); the console
 * translates them at render from the catalogue (TICKET_TYPE_TEXTS lists them for it).
 */
export const TICKET_TYPE_SOURCE = {
  followUp: FOLLOW_UP_TICKET_TYPE,
  lostItem: 'Lost item',
  lateCaptain: 'Late captain',
  rudeBehaviour: 'Rude behaviour',
  whoToReport: 'Who to report',
  reportWhom: 'Report a passenger or a captain',
  person: 'The person',
  passengerOrCaptain: 'Passenger or captain',
  description: 'Description',
  whatHappened: 'What happened',
  assignee: 'Assignee',
  assignUser: 'Assign a user',
  whoIsItAbout: 'Who is it about',
  passenger: 'passenger',
  captain: 'captain',
} as const;
export const TICKET_TYPE_TEXTS = texts(TICKET_TYPE_SOURCE);
