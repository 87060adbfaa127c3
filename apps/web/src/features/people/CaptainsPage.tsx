import {
  Alert,
  Button,
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
import { type CaptainDto, DEFAULT_ROWS_PER_PAGE, MSG, pathTo, ROWS_PER_PAGE_OPTIONS } from '@taxi/shared';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { useDebounced } from '../../components/pickers';
import { formatDateTime } from '../../components/time';
import { useCaptains } from './api';
import { PageHeader, SearchBox } from './components';

export function CaptainStatus({ c }: { c: CaptainDto }) {
  const blocked = c.blocked_until && new Date(c.blocked_until) > new Date();
  return (
    <Stack direction="row" spacing={0.5}>
      {blocked ? (
        <Chip size="small" color="error" label="Blocked" />
      ) : c.active ? (
        <Chip size="small" color="success" label="Active" />
      ) : (
        <Chip size="small" label="Inactive" />
      )}
      {c.online && <Chip size="small" color="info" variant="outlined" label="Online" />}
    </Stack>
  );
}

/** A paged captain list: /captains, /unregistered_captains, /blockedCaptains share it. */
export function CaptainList(props: {
  title: string;
  path?: string;
  fixed?: Record<string, string | boolean>;
  filters?: boolean;
  actions?: ReactNode;
  extraColumn?: { label: string; render: (c: CaptainDto) => ReactNode };
}) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState('');
  const [online, setOnline] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState<number>(DEFAULT_ROWS_PER_PAGE);
  const term = useDebounced(search.trim());
  const query = useCaptains({ page: page + 1, perPage, search: term, active, online, ...props.fixed }, props.path);
  const rows = query.data?.data ?? [];
  const select = (label: string, value: string, set: (v: string) => void) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => {
        set(e.target.value);
        setPage(0);
      }}
      sx={{ minWidth: 130 }}
    >
      <MenuItem value="">All</MenuItem>
      <MenuItem value="1">Yes</MenuItem>
      <MenuItem value="0">No</MenuItem>
    </TextField>
  );
  const open = (id: number) => navigate(pathTo('Captain', { id }));
  return (
    <Stack spacing={2}>
      <PageHeader title={props.title} actions={props.actions} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <SearchBox
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(0);
          }}
          placeholder="Name, username or phone"
        />
        {props.filters !== false && select('Active', active, setActive)}
        {props.filters !== false && select('Online', online, setOnline)}
      </Stack>
      {query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
      <Paper variant="outlined">
        <LinearProgress sx={{ visibility: query.isFetching ? 'visible' : 'hidden' }} />
        <TableContainer>
          <Table size="small" data-testid="captains-table">
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>Name</TableCell>
                <TableCell>Username</TableCell>
                <TableCell>Phone</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>{props.extraColumn?.label ?? 'Created'}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((c) => (
                <TableRow
                  key={c.id}
                  hover
                  tabIndex={0}
                  sx={{ cursor: 'pointer' }}
                  onClick={() => open(c.id)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') open(c.id);
                  }}
                >
                  <TableCell>{c.id}</TableCell>
                  <TableCell>{c.full_name}</TableCell>
                  <TableCell>{c.username ?? '—'}</TableCell>
                  <TableCell>{c.phone_number ?? '—'}</TableCell>
                  <TableCell>
                    <CaptainStatus c={c} />
                  </TableCell>
                  <TableCell>
                    {props.extraColumn ? props.extraColumn.render(c) : formatDateTime(c.created_at)}
                  </TableCell>
                </TableRow>
              ))}
              {!query.isPending && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6} sx={{ color: 'text.secondary', textAlign: 'center', py: 4 }}>
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

export default function CaptainsPage() {
  return (
    <CaptainList
      title="Drivers"
      fixed={{ registered: true }}
      actions={
        <Button variant="contained" component={RouterLink} to={pathTo('DriversCreate')}>
          New driver
        </Button>
      }
    />
  );
}
