import { Button, Chip, Stack, TablePagination, Typography } from '@mui/material';
import {
  ACCOUNT_ENTRY_TYPES,
  type AccountEntryDto,
  CURRENCY,
  hasIdDocs,
  MSG,
  PEOPLE_MSG,
  passengerPolicy,
} from '@taxi/shared';
import { useState } from 'react';
import { useParams } from 'react-router';
import { FetchState } from '../../components/FetchState';
import { RowsTable, type TableColumn } from '../../components/RowsTable';
import { SelectField } from '../../components/SelectField';
import { formatDateTime } from '../../components/time';
import { usePolicy } from '../auth/currentUser';
import { useAccountEntries, usePassenger } from './api';
import {
  EMPTY_ROW_SX,
  Field,
  LoyaltyBadges,
  PageHeader,
  PersonTabs,
  ProfileCard,
  StoredImages,
  withAll,
} from './components';
import { PassengerConfirmationDialog } from './PassengerConfirmationDialog';
import { PersonBookings } from './PersonBookings';
import { RemoveDocumentsDialog } from './RemoveDocumentsDialog';

const ENTRY_TYPE_FILTER = withAll(ACCOUNT_ENTRY_TYPES);

const ENTRY_COLUMNS: readonly TableColumn<AccountEntryDto>[] = [
  { key: 'id', label: '#', render: (e) => e.id },
  { key: 'type', label: 'Type', render: (e) => e.type },
  {
    key: 'amount',
    label: `Amount (${CURRENCY})`,
    align: 'right',
    render: (e) => (
      <Typography component="span" variant="inherit" color={Number(e.amount) < 0 ? 'error' : undefined}>
        {Number(e.amount).toFixed(2)}
      </Typography>
    ),
  },
  { key: 'date', label: 'Date', render: (e) => formatDateTime(e.created_at) },
];

function AccountEntries({ id }: { id: number }) {
  const [type, setType] = useState('');
  const [page, setPage] = useState(0);
  const query = useAccountEntries(id, { type, page: page + 1, perPage: 10 });
  return (
    <Stack spacing={1}>
      <SelectField
        label="Type"
        value={type}
        options={ENTRY_TYPE_FILTER}
        onChange={(v) => {
          setType(v);
          setPage(0);
        }}
        sx={{ maxWidth: 240 }}
      />
      <FetchState query={query} />
      <RowsTable
        columns={ENTRY_COLUMNS}
        rows={query.data?.data ?? []}
        rowKey={(e) => e.id}
        pending={query.isPending}
        empty={MSG.noData}
        emptySx={EMPTY_ROW_SX}
        testId="account-entries"
      />
      <TablePagination
        component="div"
        count={query.data?.total ?? 0}
        page={page}
        rowsPerPage={10}
        rowsPerPageOptions={[10]}
        onPageChange={(_, next) => setPage(next)}
      />
    </Stack>
  );
}

/** /passengers/{id}: profile, documents, bookings, account entries; Approve (wizard) and Remove documents. */
export default function PassengerPage() {
  const id = Number(useParams().id);
  const allows = usePolicy();
  const query = usePassenger(id);
  const [wizard, setWizard] = useState(false);
  const [removing, setRemoving] = useState(false);
  const p = query.data;
  if (!query.isSuccess || !p) return <FetchState query={query} />;
  const editable = allows(passengerPolicy.change);

  return (
    <Stack spacing={2}>
      <PageHeader
        title={
          <>
            {p.full_name}{' '}
            <Typography component="span" color="text.secondary">
              #{p.id}
            </Typography>
          </>
        }
        actions={
          editable && (
            <>
              <Button variant="outlined" color="error" disabled={!hasIdDocs(p)} onClick={() => setRemoving(true)}>
                {PEOPLE_MSG.removeDocuments}
              </Button>
              <Button
                variant="contained"
                onClick={() => setWizard(true)}
                disabled={!p.can_be_approved}
                data-testid="approve-button"
              >
                {p.approved_at ? 'Review' : 'Approve'}
              </Button>
            </>
          )
        }
      />
      <Stack direction="row" spacing={1}>
        {p.approved_at ? (
          <Chip color="success" label={`Approved ${formatDateTime(p.approved_at)}`} />
        ) : (
          <Chip label="Not approved" />
        )}
        <Chip
          color={hasIdDocs(p) ? 'info' : 'default'}
          label={hasIdDocs(p) ? PEOPLE_MSG.withDocs : PEOPLE_MSG.withoutDocs}
        />
        {!p.registered && <Chip color="warning" label="Unregistered" />}
        {p.can_use_vip && <Chip color="secondary" label="VIP" />}
        {!p.can_be_approved && <Chip color="error" label={PEOPLE_MSG.passengerNotApprovable} />}
      </Stack>
      <ProfileCard
        fields={[
          ['First name', p.first_name],
          ['Last name', p.last_name],
          ['Username', p.username],
          ['E-mail', p.email],
          ['Phone', p.phone_number],
          ['WhatsApp', p.whatsapp_number],
          ['Created', formatDateTime(p.created_at)],
          ['Rejected documents', p.rejected_count],
        ]}
        footer={
          <Field label="Loyalty">
            <LoyaltyBadges classes={p.active_loyalty_classes} />
          </Field>
        }
      />
      <PersonTabs
        tabs={[
          {
            id: 'documents',
            label: 'Documents',
            content: (
              <StoredImages
                images={[
                  [p.id_card_front, 'ID card front'],
                  [p.id_card_back, 'ID card back'],
                ]}
              />
            ),
          },
          { id: 'bookings', label: 'Bookings', content: <PersonBookings kind="passenger" id={p.id} /> },
          { id: 'entries', label: 'Account entries', content: <AccountEntries id={p.id} /> },
        ]}
      />
      <PassengerConfirmationDialog passengerId={wizard ? p.id : null} onClose={() => setWizard(false)} />
      <RemoveDocumentsDialog passengerId={p.id} open={removing} onClose={() => setRemoving(false)} />
    </Stack>
  );
}
