import {
  Alert,
  Chip,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
} from '@mui/material';
import { DEFAULT_ROWS_PER_PAGE, LOYALTY_CLASSES, MSG, PEOPLE_MSG, pathTo, ROWS_PER_PAGE_OPTIONS } from '@taxi/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { useDebounced } from '../../components/pickers';
import { formatDateTime } from '../../components/time';
import { usePassengers } from './api';
import { LoyaltyBadges, PageHeader, SearchBox } from './components';

/** /passengers (registered) and /unregistered_passengers: server-side search, filters and paging. */
export function PassengerList({ registered, title }: { registered: boolean; title: string }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [loyalty, setLoyalty] = useState('');
  const [approved, setApproved] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState<number>(DEFAULT_ROWS_PER_PAGE);
  const term = useDebounced(search.trim());
  const query = usePassengers({
    page: page + 1,
    perPage,
    search: term,
    loyalty_class: loyalty,
    approved,
    registered,
    sortBy: 'id',
    descending: true,
  });
  const rows = query.data?.data ?? [];
  const resetPage = () => setPage(0);

  return (
    <Stack spacing={2}>
      <PageHeader title={title} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <SearchBox
          value={search}
          onChange={(v) => {
            setSearch(v);
            resetPage();
          }}
          placeholder="Name, phone or e-mail"
        />
        <TextField
          select
          size="small"
          label="Loyalty class"
          value={loyalty}
          onChange={(e) => {
            setLoyalty(e.target.value);
            resetPage();
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">All</MenuItem>
          {LOYALTY_CLASSES.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
          <MenuItem value="none">{PEOPLE_MSG.noClass}</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label="Approved"
          value={approved}
          onChange={(e) => {
            setApproved(e.target.value);
            resetPage();
          }}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">All</MenuItem>
          <MenuItem value="1">Yes</MenuItem>
          <MenuItem value="0">No</MenuItem>
        </TextField>
      </Stack>
      {query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
      <Paper variant="outlined">
        <LinearProgress sx={{ visibility: query.isFetching ? 'visible' : 'hidden' }} />
        <TableContainer>
          <Table size="small" data-testid="passengers-table">
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>Name</TableCell>
                <TableCell>Phone</TableCell>
                <TableCell>E-mail</TableCell>
                <TableCell>Loyalty</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Created</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((p) => (
                <TableRow
                  key={p.id}
                  hover
                  tabIndex={0}
                  sx={{ cursor: 'pointer' }}
                  onClick={() => navigate(pathTo('Passenger', { id: p.id }))}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') navigate(pathTo('Passenger', { id: p.id }));
                  }}
                >
                  <TableCell>{p.id}</TableCell>
                  <TableCell>
                    {p.full_name}
                    {p.can_use_vip && <Chip size="small" label="VIP" color="secondary" sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell>{p.phone_number}</TableCell>
                  <TableCell>{p.email ?? '—'}</TableCell>
                  <TableCell>
                    <LoyaltyBadges classes={p.active_loyalty_classes} />
                  </TableCell>
                  <TableCell>
                    {p.approved_at ? (
                      <Chip size="small" color="success" label="Approved" />
                    ) : p.id_card_front || p.id_card_back ? (
                      <Chip size="small" color="warning" label={PEOPLE_MSG.withDocs} />
                    ) : (
                      <Chip size="small" label={PEOPLE_MSG.withoutDocs} />
                    )}
                  </TableCell>
                  <TableCell>{formatDateTime(p.created_at)}</TableCell>
                </TableRow>
              ))}
              {!query.isPending && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7} sx={{ color: 'text.secondary', textAlign: 'center', py: 4 }}>
                    {MSG.noData}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={query.data?.total ?? 0}
          page={page}
          rowsPerPage={perPage}
          rowsPerPageOptions={[...ROWS_PER_PAGE_OPTIONS]}
          onPageChange={(_, next) => setPage(next)}
          onRowsPerPageChange={(e) => {
            setPerPage(Number(e.target.value));
            setPage(0);
          }}
        />
      </Paper>
    </Stack>
  );
}

export default function PassengersPage() {
  return <PassengerList registered title="Passengers" />;
}
