import {
  Button,
  Chip,
  Divider,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  canReassignTicket,
  TICKET_COMMENT_MAX,
  TICKET_MOVES,
  TICKET_MSG,
  type TicketDetailDto,
  type TicketStatus,
  ticketPolicy,
} from '@taxi/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { FetchState } from '../../components/FetchState';
import { formatDateTime } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { useQueueCache, useTicket } from './api';
import { authorName, authorTypeLabel, STATUS_COLORS, statusLabel, subjectTypeLabel } from './labels';
import { ReassignDialog } from './ReassignDialog';
import { SlaChip } from './SlaChip';
import { useNow } from './useNow';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Stack component="dl" spacing={0.5} sx={{ m: 0 }}>
      {rows.map(([label, value]) => (
        <Stack key={label} direction="row" spacing={1}>
          <Typography component="dt" variant="body2" color="textSecondary" sx={{ minWidth: 140 }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/** /ticket/{id}: the ticket, its answers under their questions, its history and its comments. */
export default function TicketPage() {
  const id = Number(useParams().id);
  const query = useTicket(id);
  if (!query.data) {
    return (
      <Stack spacing={2}>
        <FetchState query={query} />
        {query.isError && query.error instanceof ApiError && query.error.status === 404 && (
          <Typography color="textSecondary">{TICKET_MSG.notFound}</Typography>
        )}
      </Stack>
    );
  }
  return <TicketView ticket={query.data} refetch={() => void query.refetch()} />;
}

function TicketView({ ticket, refetch }: { ticket: TicketDetailDto; refetch: () => void }) {
  const { t } = useTranslation();
  const allows = usePolicy();
  const now = useNow();
  const cache = useQueueCache();
  const mayWork = allows(ticketPolicy.work);
  const [reassigning, setReassigning] = useState(false);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | undefined>();
  const done = (message?: string) => {
    if (message) toast.success(message);
    refetch();
    cache.refreshLists();
  };
  const assign = useApiMutation({
    mutationFn: () => api(endpoints.assignTicket, { params: { id: ticket.id } }),
    onSuccess: (reply) => done(reply.message),
    onError: () => refetch(),
  });
  const move = useApiMutation({
    mutationFn: (status: TicketStatus) => api(endpoints.ticketStatus, { params: { id: ticket.id }, body: { status } }),
    onSuccess: (reply) => done(reply.message),
    onError: () => refetch(),
  });
  const addComment = useApiMutation({
    mutationFn: (body: string) => api(endpoints.ticketComment, { params: { id: ticket.id }, body: { body } }),
    onSuccess: (reply) => {
      setComment('');
      done(reply.message);
    },
    onError: (error) => {
      if (error instanceof ApiError) setCommentError(error.errors.body?.[0]);
    },
  });
  return (
    <Stack spacing={2} data-testid="ticket-page">
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Stack spacing={1}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="h5" component="h2" data-testid="ticket-title">
                {TICKET_MSG.ticket(ticket.id)} · {t(ticket.type.title)}
              </Typography>
              <Chip size="small" color={STATUS_COLORS[ticket.status]} label={statusLabel(ticket.status)} />
              <SlaChip ticket={ticket} now={now} />
            </Stack>
            <Facts
              rows={[
                [TICKET_MSG.author, `${authorName(ticket)} (${authorTypeLabel(ticket.author_type)})`],
                ...(ticket.subject_type
                  ? ([
                      [subjectTypeLabel(ticket.subject_type), `${ticket.subject ?? '—'} · #${ticket.subject_id ?? ''}`],
                    ] as [string, ReactNode][])
                  : []),
                [TICKET_MSG.assignee, ticket.assignee?.name ?? TICKET_MSG.unassigned],
                [TICKET_MSG.createdAt, formatDateTime(ticket.created_at)],
              ]}
            />
          </Stack>
          {mayWork && (
            <Stack spacing={1} sx={{ minWidth: 200 }}>
              {ticket.status === 'PENDING' && (
                <Button variant="contained" disabled={assign.isPending} onClick={() => assign.mutate()}>
                  {TICKET_MSG.assignToMe}
                </Button>
              )}
              {canReassignTicket(ticket.status) && (
                <Button variant="outlined" onClick={() => setReassigning(true)}>
                  {TICKET_MSG.reassign}
                </Button>
              )}
              {TICKET_MOVES[ticket.status].map((to) => (
                <Button key={to} variant="outlined" disabled={move.isPending} onClick={() => move.mutate(to)}>
                  {`${TICKET_MSG.changeStatus}: ${statusLabel(to)}`}
                </Button>
              ))}
            </Stack>
          )}
        </Stack>
      </Paper>
      <Section title={TICKET_MSG.answers} testId="ticket-answers">
        <List dense disablePadding>
          {ticket.answers.map((a) => (
            <ListItem key={a.field_id} disableGutters>
              <ListItemText
                primary={
                  a.kind === 'subject_type'
                    ? subjectTypeLabel(a.value === 'captain' ? 'captain' : 'passenger')
                    : (a.display ?? a.value)
                }
                secondary={`${t(a.question)} · ${t(a.label)}`}
              />
            </ListItem>
          ))}
        </List>
      </Section>
      <Section title={TICKET_MSG.history} testId="ticket-history">
        <List dense disablePadding>
          {ticket.history.map((h) => (
            <ListItem key={h.id} disableGutters>
              <ListItemText
                primary={
                  h.action === 'created'
                    ? TICKET_MSG.historyCreated
                    : h.action === 'assigned'
                      ? TICKET_MSG.historyAssigned(h.assignee ?? '—')
                      : TICKET_MSG.historyStatus(
                          h.from_status ? statusLabel(h.from_status) : '—',
                          h.to_status ? statusLabel(h.to_status) : '—',
                        )
                }
                secondary={[formatDateTime(h.created_at), h.actor].filter(Boolean).join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      </Section>
      <Section title={TICKET_MSG.comments} testId="ticket-comments">
        {ticket.comments.length === 0 ? (
          <Typography variant="body2" color="textSecondary">
            {TICKET_MSG.noComments}
          </Typography>
        ) : (
          <List dense disablePadding>
            {ticket.comments.map((c) => (
              <ListItem key={c.id} disableGutters>
                <ListItemText
                  primary={c.body}
                  secondary={[c.author, formatDateTime(c.created_at)].filter(Boolean).join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        )}
        {mayWork && (
          <>
            <Divider sx={{ my: 1 }} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label={TICKET_MSG.comment}
                value={comment}
                onChange={(e) => {
                  setComment(e.target.value);
                  setCommentError(undefined);
                }}
                error={commentError !== undefined}
                helperText={commentError}
                multiline
                minRows={2}
                fullWidth
                slotProps={{ htmlInput: { maxLength: TICKET_COMMENT_MAX } }}
              />
              <Button
                variant="contained"
                disabled={addComment.isPending}
                onClick={() => {
                  if (!comment.trim()) return setCommentError(TICKET_MSG.fieldRequired);
                  addComment.mutate(comment.trim());
                }}
              >
                {TICKET_MSG.addComment}
              </Button>
            </Stack>
          </>
        )}
      </Section>
      <ReassignDialog
        ticket={reassigning ? ticket : null}
        onClose={() => {
          setReassigning(false);
          refetch();
        }}
      />
    </Stack>
  );
}
