import { Chip } from '@mui/material';
import { type TicketDto, ticketSla } from '@taxi/shared';
import { formatDateTime } from '../../i18n/format';
import { SLA_COLORS, slaLabel } from './labels';

/** The SLA state of a ticket (on time, due soon, overdue, finished) with its due time. */
export function SlaChip({ ticket, now }: { ticket: Pick<TicketDto, 'status' | 'sla_due_at'>; now: number }) {
  const sla = ticketSla(ticket.status, ticket.sla_due_at, now);
  return (
    <Chip
      size="small"
      variant={sla === 'ok' || sla === 'done' ? 'outlined' : 'filled'}
      color={SLA_COLORS[sla]}
      label={
        ticket.sla_due_at && sla !== 'done' ? `${slaLabel(sla)} · ${formatDateTime(ticket.sla_due_at)}` : slaLabel(sla)
      }
      data-sla={sla}
    />
  );
}
