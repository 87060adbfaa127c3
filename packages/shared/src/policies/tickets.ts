import { holds, isAirport, mayChange, rule } from './core';

/** Staff who take and work tickets: the desk (DISPATCHING), not the Goverment role, never the airport desk. */
const takesTickets = (a: Parameters<typeof holds>[0]) => mayChange(a, 'DISPATCHING') && !isAirport(a);

/**
 * Tickets (people.md §2–§7, shell.md §2.5): the desk reads the monitoring and the ticket pages; those
 * who take tickets (the new-ticket dialog's consoles) also file, assign, work and comment them.
 */
export const ticketPolicy = {
  /** The monitoring page, a ticket's page, the ticket types. */
  read: rule('tickets.read', (a) => holds(a, 'DISPATCHING') && !isAirport(a)),
  /** The follow-up ticket form (and its saved progress). */
  file: rule('tickets.file', takesTickets),
  /** The queue of the new-ticket dialog and 'Assign it to me'; these users get 'new ticket'/'dismiss ticket'. */
  take: rule('tickets.take', takesTickets),
  /** Reassignment, status changes and comments on the monitoring and ticket pages. */
  work: rule('tickets.work', takesTickets),
  /** Development only (loopback): raise a ticket as the simulated apps would (the e2e runs). */
  devRaise: rule('tickets.devRaise', takesTickets),
} as const;

/** Whether a role may take tickets, for the recipients' query (the Goverment role works complaints only). */
export const takesTicketsRole = (roleName: string, roleId: number, permissions: readonly string[]): boolean =>
  takesTickets({ id: 0, roles: [{ id: roleId, name: roleName }], permissions });
