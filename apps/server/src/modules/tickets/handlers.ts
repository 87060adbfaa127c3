import { EVENTS } from '@taxi/shared';
import type { FastifyInstance } from 'fastify';
import type { AppBus } from '../../events';
import { ticketBrief } from './queries';

/**
 * The queue lives on the takers' consoles: a PENDING ticket pops the new-ticket dialog ('new ticket'),
 * and once it leaves PENDING every one of them drops it ('dismiss ticket'). Airport roles and the
 * Goverment role are never among the takers (shell.md §6).
 */
export function registerTicketHandlers(bus: AppBus, app: FastifyInstance): void {
  bus.after('ticket.created', async ({ ticketId, pending }) => {
    if (!pending) return;
    const ticket = await ticketBrief(app.db, ticketId);
    if (ticket?.status !== 'PENDING') return;
    app.realtime.emit(EVENTS.newTicket, ticket);
  });
  bus.after('ticket.assigned', async ({ ticketId, assigneeId, from }) => {
    if (from !== 'PENDING') return;
    const ticket = await ticketBrief(app.db, ticketId);
    const payload = { ticket_id: ticketId, status: ticket?.status ?? 'ASSIGNED', assignee_id: assigneeId };
    app.realtime.emit(EVENTS.dismissTicket, payload);
  });
}
