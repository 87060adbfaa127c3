import {
  TICKET_MSG,
  TICKET_STATUS_LABELS,
  type TicketSla,
  type TicketStatus,
  ticketAuthorName,
  ticketAuthorTypeLabel,
  ticketSubjectTypeLabel,
} from '@taxi/shared';

/** Labels read at render (texts() gives the current language). */
export const statusLabel = (status: TicketStatus): string => TICKET_STATUS_LABELS[status];

export const authorTypeLabel = ticketAuthorTypeLabel;
export const subjectTypeLabel = ticketSubjectTypeLabel;
export const authorName = ticketAuthorName;

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
