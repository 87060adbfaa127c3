import type { TicketStatus } from '../../tickets';
import { endpoint } from '../endpoint';
import { ticketsContract } from '../tickets';
import type { Filters } from './query';

/** POST tickets as the follow-up form sends it (people.md §7). */
export interface NewTicketBody {
  ticket_type_id: number;
  last_question_id: number | null;
  answers: Record<string, string | number>;
  passenger_id?: number | null;
  captain_id?: number | null;
  user_id?: number | null;
}

/** Tickets: the follow-up form, the new-ticket queue, the monitoring and the ticket page. */
export const ticketEndpoints = {
  ticketTypes: endpoint()('GET', 'ticket_types', ticketsContract.types),
  createTicket: endpoint<undefined, NewTicketBody>()('POST', 'tickets', ticketsContract.created),
  tickets: endpoint<Filters>()('GET', 'tickets', ticketsContract.page),
  pendingTickets: endpoint()('GET', 'tickets/pending', ticketsContract.queue),
  ticket: endpoint()('GET', 'tickets/:id', ticketsContract.ticket),
  assignTicket: endpoint()('PUT', 'tickets/:id/assign', ticketsContract.created),
  reassignTicket: endpoint<undefined, { user_id: number }>()('PUT', 'tickets/:id/reassign', ticketsContract.created),
  ticketStatus: endpoint<undefined, { status: TicketStatus }>()('PUT', 'tickets/:id/status', ticketsContract.created),
  ticketComment: endpoint<undefined, { body: string }>()('POST', 'tickets/:id/comments', ticketsContract.comment),
  followUpProgress: endpoint<
    undefined,
    { id: number | null; last_question_id: number | null; last_field_id: number | null }
  >()('PUT', 'tickets/follow_up_progress', ticketsContract.progress),
};
