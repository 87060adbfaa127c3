import { Box, Button, Chip, Link, Paper, Stack, TableContainer, Typography } from '@mui/material';
import { APPROVAL_MSG, type ApprovalItemDto, hasIdDocs, PEOPLE_MSG, pathTo } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FetchState } from '../../components/FetchState';
import { RowsTable, type TableColumn } from '../../components/RowsTable';
import { visuallyHidden } from '../../components/visuallyHidden';
import { formatDateTime, formatPhone, formatTime } from '../../i18n/format';
import { useCurrentUser } from '../auth/currentUser';
import { useNow } from '../tickets/useNow';
import { liveClaimOf, useClaimedWizard, usePassengerApprovals } from './approvals';
import { PassengerConfirmationDialog } from './PassengerConfirmationDialog';

type ClaimState = 'free' | 'mine' | 'other';

/**
 * /passenger_approvals: the new passengers waiting for approval, the newest first. An operator claims one
 * ('Confirm'): the confirmation wizard (people.md §2) opens for them and every other console shows it taken at once;
 * closing the wizard without a decision lets the passenger go back to the queue. Nothing here opens by itself.
 */
export default function PassengerApprovalsPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const now = useNow(15_000);
  const query = usePassengerApprovals();
  const wizard = useClaimedWizard();
  const rows = query.data?.passengers ?? [];
  const stateOf = (item: ApprovalItemDto): ClaimState => {
    const claim = liveClaimOf(item, now);
    return claim === null ? 'free' : claim.user_id === me.id ? 'mine' : 'other';
  };

  const columns: TableColumn<ApprovalItemDto>[] = [
    {
      key: 'passenger',
      label: t('Passenger'),
      render: ({ passenger }) => (
        <Link component={RouterLink} to={pathTo('Passenger', { id: passenger.id })} sx={{ fontWeight: 500 }}>
          {passenger.full_name}
        </Link>
      ),
    },
    {
      key: 'phone',
      label: t('Phone'),
      render: ({ passenger }) => <span dir="ltr">{formatPhone(passenger.phone_number)}</span>,
    },
    {
      key: 'documents',
      label: APPROVAL_MSG.documents,
      render: ({ passenger }) => (
        <Chip
          size="small"
          variant="outlined"
          color={hasIdDocs(passenger) ? 'info' : 'warning'}
          label={hasIdDocs(passenger) ? PEOPLE_MSG.withDocs : PEOPLE_MSG.withoutDocs}
        />
      ),
    },
    {
      key: 'waiting',
      label: APPROVAL_MSG.waitingSince,
      render: (item) => formatDateTime(item.waiting_since),
    },
    {
      key: 'status',
      label: APPROVAL_MSG.status,
      render: (item) => {
        const claim = liveClaimOf(item, now);
        const state = stateOf(item);
        if (claim === null)
          return (
            <Typography variant="body2" color="textSecondary">
              {APPROVAL_MSG.free}
            </Typography>
          );
        return (
          <Box>
            <Typography
              variant="body2"
              sx={{ fontWeight: 500, color: state === 'mine' ? 'primary.main' : 'warning.dark' }}
            >
              {state === 'mine' ? APPROVAL_MSG.takenByYou : APPROVAL_MSG.takenBy(claim.name)}
            </Typography>
            <Typography variant="caption" color="textSecondary">
              {APPROVAL_MSG.takenSince(formatTime(claim.claimed_at))}
            </Typography>
          </Box>
        );
      },
    },
    {
      key: 'action',
      label: (
        <Box component="span" sx={visuallyHidden}>
          {t('Actions')}
        </Box>
      ),
      align: 'right',
      render: (item) => {
        const state = stateOf(item);
        return (
          <Button
            size="small"
            variant={state === 'other' ? 'outlined' : 'contained'}
            disabled={state === 'other' || wizard.claiming === item.passenger.id}
            onClick={() => wizard.claim(item.passenger.id)}
            data-testid={`approval-claim-${item.passenger.id}`}
            aria-label={`${state === 'mine' ? APPROVAL_MSG.resume : APPROVAL_MSG.claim} — ${item.passenger.full_name}`}
          >
            {state === 'mine' ? APPROVAL_MSG.resume : APPROVAL_MSG.claim}
          </Button>
        );
      },
    },
  ];

  return (
    <Stack spacing={2}>
      <Paper variant="outlined">
        <Stack direction="row" sx={{ px: 2, py: 1.5, alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            {APPROVAL_MSG.title}
          </Typography>
          {query.data && (
            <Typography variant="body2" color="textSecondary" data-testid="approvals-total">
              {t('{{count}} waiting', { count: query.data.total })}
            </Typography>
          )}
        </Stack>
        <FetchState query={query} keepSpace />
        <TableContainer>
          <RowsTable
            columns={columns}
            rows={rows}
            rowKey={(item) => item.passenger.id}
            pending={query.isPending}
            empty={query.isError ? null : APPROVAL_MSG.empty}
            emptySx={{ color: 'text.secondary', textAlign: 'center', py: 4 }}
            testId="approvals-table"
            ariaLabel={APPROVAL_MSG.title}
            rowProps={(item) => ({
              hover: true,
              'data-testid': `approval-row-${item.passenger.id}`,
              'data-claim': stateOf(item),
            })}
          />
        </TableContainer>
      </Paper>
      <PassengerConfirmationDialog passengerId={wizard.wizardId} onClose={wizard.close} />
    </Stack>
  );
}
