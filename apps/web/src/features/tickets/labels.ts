import {
  TICKET_MSG,
  TICKET_STATUS_LABELS,
  type TicketAuthorType,
  type TicketDto,
  type TicketSla,
  type TicketStatus,
  type TicketSubjectType,
} from '@taxi/shared';

/** Labels read at render (texts() gives the current language). */
export const statusLabel = (status: TicketStatus): string => TICKET_STATUS_LABELS[status];

export const authorTypeLabel = (type: TicketAuthorType): string =>
  type === 'user' ? TICKET_MSG.user : type === 'captain' ? TICKET_MSG.captain : TICKET_MSG.passenger;

export const subjectTypeLabel = (type: TicketSubjectType): string =>
  type === 'captain' ? TICKET_MSG.captain : TICKET_MSG.passenger;

export const authorName = (ticket: Pick<TicketDto, 'author'>): string =>
  ticket.author ? `${ticket.author.first_name} ${ticket.author.last_name}`.trim() : '—';

export const slaLabel = (sla: TicketSla): string =>
  sla === 'overdue'
    ? TICKET_MSG.overdue
    : sla === 'due_soon'
      ? TICKET_MSG.dueSoon
      : sla === 'done'
        ? TICKET_MSG.finished
        : TICKET_MSG.onTime;

export const SLA_COLORS: Record<TicketSla, 'error' | 'warning' | 'success' | 'default'> = {
  overdue: 'error',
  due_soon: 'warning',
  ok: 'success',
  done: 'default',
};

export const STATUS_COLORS: Record<TicketStatus, 'secondary' | 'info' | 'primary' | 'success' | 'default'> = {
  PENDING: 'secondary',
  ASSIGNED: 'info',
  IN_PROGRESS: 'primary',
  RESOLVED: 'success',
  CLOSED: 'default',
};
