import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { EVENTS, pathTo, TICKET_MSG, type TicketDto, ticketPolicy } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { useSocketEvent } from '../../api/socket';
import { toast } from '../../api/toast';
import { formatDateTime } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { usePendingTickets, useQueueCache } from './api';
import { ticketDialog, useTicketDialogOpen } from './dialogStore';
import { authorName, authorTypeLabel, STATUS_COLORS, statusLabel, subjectTypeLabel } from './labels';

/**
 * The new-ticket dialog (shell.md §2.5): the first queued ticket with its type, author, subject and date;
 * 'Assign it to me' while it is PENDING, which opens the ticket's page in a new tab. 'new ticket' adds to the
 * queue, which the toolbar's Tickets badge counts; the dialog opens from that badge's menu, never by itself over
 * the operator's work. 'dismiss ticket' removes a ticket taken elsewhere.
 */
export function NewTicketOverlay() {
  const allows = usePolicy();
  const mayTake = allows(ticketPolicy.take);
  const cache = useQueueCache();
  const open = useTicketDialogOpen();
  const queue = usePendingTickets();
  useSocketEvent(EVENTS.newTicket, (ticket) => {
    if (!mayTake) return;
    cache.add(ticket);
    cache.refreshLists();
  });
  useSocketEvent(EVENTS.dismissTicket, ({ ticket_id }) => {
    cache.remove(ticket_id);
    cache.refreshLists();
  });
  if (!mayTake) return null;
  const first = queue.data?.tickets[0];
  return (
    <Dialog
      open={open && first !== undefined}
      onClose={() => ticketDialog.set(false)}
      maxWidth="xs"
      fullWidth
      aria-labelledby="new-ticket-title"
      data-testid="new-ticket-dialog"
    >
      {first && <TicketCard ticket={first} total={queue.data?.total ?? 1} onDone={(id) => cache.remove(id)} />}
    </Dialog>
  );
}

function TicketCard({ ticket, total, onDone }: { ticket: TicketDto; total: number; onDone: (id: number) => void }) {
  const { t } = useTranslation();
  const cache = useQueueCache();
  const assign = useApiMutation({
    mutationFn: (vars: { id: number; tab: Window | null }) => api(endpoints.assignTicket, { params: { id: vars.id } }),
    errorText: (error) =>
      (error instanceof ApiError && error.status === 409 ? TICKET_MSG.alreadyTaken : undefined) ?? null,
    onSuccess: (reply, vars) => {
      toast.success(reply.message ?? TICKET_MSG.assigned);
      onDone(vars.id);
      cache.refreshLists();
      const url = pathTo('Ticket', { id: vars.id });
      if (vars.tab) vars.tab.location.href = url;
      else window.open(url, '_blank');
    },
    onError: (error, vars) => {
      vars.tab?.close();
      if (error instanceof ApiError && error.status === 409) onDone(vars.id);
      else if (!(error instanceof ApiError)) return;
      cache.refetchQueue();
    },
  });
  const rows: [string, React.ReactNode][] = [
    [TICKET_MSG.author, authorName(ticket)],
    [TICKET_MSG.authorType, authorTypeLabel(ticket.author_type)],
    ...(ticket.subject_type
      ? ([
          [TICKET_MSG.subjectType, subjectTypeLabel(ticket.subject_type)],
          [TICKET_MSG.identifier, ticket.subject_id ?? '—'],
          [TICKET_MSG.name, ticket.subject ?? '—'],
        ] as [string, React.ReactNode][])
      : []),
    [TICKET_MSG.createdAt, formatDateTime(ticket.created_at)],
  ];
  return (
    <>
      <DialogTitle id="new-ticket-title">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <span>
            {TICKET_MSG.newTicket} · {t(ticket.type.title)}
          </span>
          <Chip size="small" color={STATUS_COLORS[ticket.status]} label={statusLabel(ticket.status)} />
        </Stack>
      </DialogTitle>
      <DialogContent>
        <Table size="small" aria-label={TICKET_MSG.ticket(ticket.id)} data-testid="new-ticket-fields">
          <TableBody>
            <TableRow>
              <TableCell component="th" scope="row">
                #
              </TableCell>
              <TableCell data-testid="new-ticket-id">{ticket.id}</TableCell>
            </TableRow>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row">
                  {label}
                </TableCell>
                <TableCell>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {total > 1 && (
          <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
            {TICKET_MSG.queueCount(total)}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => ticketDialog.set(false)}>{t('Close')}</Button>
        {ticket.status === 'PENDING' && (
          <Button
            variant="contained"
            disabled={assign.isPending}
            data-testid="assign-ticket-to-me"
            onClick={() => assign.mutate({ id: ticket.id, tab: window.open('', '_blank') })}
          >
            {TICKET_MSG.assignToMe}
          </Button>
        )}
      </DialogActions>
    </>
  );
}
