import {
  Alert,
  Box,
  Button,
  Chip,
  Grid,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { ACCOUNT_ENTRY_TYPES, CURRENCY, hasIdDocs, MSG, PEOPLE_MSG, passengerPolicy } from '@taxi/shared';
import { useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { formatDateTime } from '../../components/time';
import { usePolicy } from '../auth/currentUser';
import { useAccountEntries, usePassenger } from './api';
import { Field, FieldCells, LoyaltyBadges, PageHeader, StoredImage } from './components';
import { PassengerConfirmationDialog } from './PassengerConfirmationDialog';
import { PersonBookings } from './PersonBookings';
import { RemoveDocumentsDialog } from './RemoveDocumentsDialog';

function AccountEntries({ id }: { id: number }) {
  const [type, setType] = useState('');
  const [page, setPage] = useState(0);
  const query = useAccountEntries(id, { type, page: page + 1, perPage: 10 });
  const rows = query.data?.data ?? [];
  return (
    <Stack spacing={1}>
      <TextField
        select
        size="small"
        label="Type"
        value={type}
        onChange={(e) => {
          setType(e.target.value);
          setPage(0);
        }}
        sx={{ maxWidth: 240 }}
      >
        <MenuItem value="">All</MenuItem>
        {ACCOUNT_ENTRY_TYPES.map((t) => (
          <MenuItem key={t} value={t}>
            {t}
          </MenuItem>
        ))}
      </TextField>
      {query.isFetching && <LinearProgress />}
      <Table size="small" data-testid="account-entries">
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>Type</TableCell>
            <TableCell align="right">Amount ({CURRENCY})</TableCell>
            <TableCell>Date</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((e) => (
            <TableRow key={e.id}>
              <TableCell>{e.id}</TableCell>
              <TableCell>{e.type}</TableCell>
              <TableCell align="right" sx={{ color: Number(e.amount) < 0 ? 'error.main' : undefined }}>
                {Number(e.amount).toFixed(2)}
              </TableCell>
              <TableCell>{formatDateTime(e.created_at)}</TableCell>
            </TableRow>
          ))}
          {!query.isPending && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={4} sx={{ textAlign: 'center', color: 'text.secondary', py: 3 }}>
                {MSG.noData}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
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
  const [tab, setTab] = useState(0);
  const [wizard, setWizard] = useState(false);
  const [removing, setRemoving] = useState(false);
  const p = query.data;
  if (query.isPending) return <LinearProgress />;
  if (query.isError || !p) return <Alert severity="error">{errorMessage(query.error)}</Alert>;
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
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Grid container spacing={2}>
          <FieldCells
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
          />
          <Grid size={{ xs: 12 }}>
            <Field label="Loyalty">
              <LoyaltyBadges classes={p.active_loyalty_classes} />
            </Field>
          </Grid>
        </Grid>
      </Paper>
      <Paper variant="outlined">
        <Tabs value={tab} onChange={(_, v) => setTab(v)} sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}>
          <Tab label="Documents" />
          <Tab label="Bookings" />
          <Tab label="Account entries" />
        </Tabs>
        <Box sx={{ p: 2 }}>
          {tab === 0 && (
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, md: 6 }}>
                <StoredImage name={p.id_card_front} label="ID card front" />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <StoredImage name={p.id_card_back} label="ID card back" />
              </Grid>
            </Grid>
          )}
          {tab === 1 && <PersonBookings kind="passenger" id={p.id} />}
          {tab === 2 && <AccountEntries id={p.id} />}
        </Box>
      </Paper>
      <PassengerConfirmationDialog passengerId={wizard ? p.id : null} onClose={() => setWizard(false)} />
      <RemoveDocumentsDialog passengerId={p.id} open={removing} onClose={() => setRemoving(false)} />
    </Stack>
  );
}
