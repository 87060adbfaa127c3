import DownloadIcon from '@mui/icons-material/Download';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Chip,
  Collapse,
  IconButton,
  InputAdornment,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  COUNTED_PAYMENT_STATUS,
  DEFAULT_ROWS_PER_PAGE,
  MSG,
  PAYMENT_RIDE_SORTS,
  PAYMENTS_MSG,
  type PaymentRideRow,
  paymentRidesResource,
  RESOURCE_MSG,
  RIDE_UI,
  ROWS_PER_PAGE_OPTIONS,
  resourceUrl,
} from '@taxi/shared';
import { Fragment, useState } from 'react';
import { errorMessage } from '../../api/client';
import { toast } from '../../api/toast';
import { downloadCsv, type TableQuery, useResourceList } from '../../components/DataTable/api';
import { formatEuros, formatTime } from '../rides/format';
import { RideBookings } from './RideBookings';

const def = paymentRidesResource;
const url = resourceUrl(def);
const sortable = new Set<string>(PAYMENT_RIDE_SORTS);
const INITIAL: TableQuery = {
  page: 1,
  perPage: DEFAULT_ROWS_PER_PAGE,
  sortBy: def.defaultSort,
  descending: false,
  search: '',
};

/** people.md "Generic data table" on the payments page: read-only rides whose rows expand to their bookings. */
export default function PaymentsPage() {
  const [q, setQ] = useState<TableQuery>(INITIAL);
  const [searchText, setSearchText] = useState('');
  const [expanded, setExpanded] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const list = useResourceList(def, url, q);
  const rows = (list.data?.data ?? []) as unknown as PaymentRideRow[];
  const colSpan = def.fields.length + 2;

  const sortBy = (name: string) =>
    setQ((prev) => ({ ...prev, page: 1, sortBy: name, descending: prev.sortBy === name ? !prev.descending : false }));
  const sortHeader = (name: string, label: string) =>
    sortable.has(name) ? (
      <TableSortLabel
        active={q.sortBy === name}
        direction={q.sortBy === name && q.descending ? 'desc' : 'asc'}
        onClick={() => sortBy(name)}
      >
        {label}
      </TableSortLabel>
    ) : (
      label
    );
  const direction = (name: string) => (q.sortBy === name ? (q.descending ? 'desc' : 'asc') : false);
  const reset = () => {
    setSearchText('');
    setExpanded(null);
    setQ(INITIAL);
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadCsv(def, url, q);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };
  const cell = (row: PaymentRideRow, name: string) => {
    switch (name) {
      case 'created_at':
        return <Box sx={{ whiteSpace: 'nowrap' }}>{formatTime(row.created_at)}</Box>;
      case 'captain':
        return row.captain.full_name;
      case 'car':
        return row.car?.number ?? RIDE_UI.none;
      case 'total':
        return <strong>{formatEuros(row.total)}</strong>;
      case 'statuses':
        return (
          <Stack direction="row" spacing={0.5}>
            {Object.entries(row.statuses).map(([status, n]) => (
              <Chip
                key={status}
                size="small"
                variant="outlined"
                color={status === COUNTED_PAYMENT_STATUS ? 'success' : 'default'}
                label={`${status} ${n}`}
              />
            ))}
          </Stack>
        );
      default:
        return String(row[name as keyof PaymentRideRow] ?? '');
    }
  };
  const numeric = (name: string) => name === 'total' || name === 'bookings_count';

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {def.title}
      </Typography>
      <Paper variant="outlined" data-testid={`table-${def.key}`}>
        <Toolbar sx={{ gap: 1, flexWrap: 'wrap', py: 1 }}>
          <Box sx={{ flex: '1 1 auto' }} />
          <TextField
            size="small"
            sx={{ width: { xs: '100%', sm: 280 } }}
            placeholder={RESOURCE_MSG.search}
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') setQ((prev) => ({ ...prev, page: 1, search: searchText.trim() }));
            }}
            helperText={PAYMENTS_MSG.searchHint}
            slotProps={{
              htmlInput: { 'aria-label': RESOURCE_MSG.search },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Tooltip title={RESOURCE_MSG.exportCsv}>
            <span>
              <IconButton aria-label={RESOURCE_MSG.exportCsv} onClick={exportCsv} disabled={exporting}>
                <DownloadIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Toolbar>
        {list.isFetching && <LinearProgress />}
        {list.isError && (
          <Alert severity="error" sx={{ mx: 2, mb: 1 }}>
            {errorMessage(list.error)}
          </Alert>
        )}
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell sortDirection={direction('id')}>{sortHeader('id', '#')}</TableCell>
                {def.fields.map((f) => (
                  <TableCell key={f.name} align={numeric(f.name) ? 'right' : 'left'} sortDirection={direction(f.name)}>
                    {sortHeader(f.name, f.label)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {!list.isLoading && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={colSpan} align="center" sx={{ py: 6 }}>
                    <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
                      <Typography color="text.secondary">{MSG.noData}</Typography>
                      <Button variant="outlined" onClick={reset}>
                        {RESOURCE_MSG.reset}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              )}
              {rows.map((row) => {
                const open = expanded === row.id;
                return (
                  <Fragment key={row.id}>
                    <TableRow hover selected={open} sx={{ '& > td': { borderBottom: open ? 0 : undefined } }}>
                      <TableCell padding="checkbox">
                        <IconButton
                          size="small"
                          aria-expanded={open}
                          aria-label={open ? PAYMENTS_MSG.collapseRide(row.id) : PAYMENTS_MSG.expandRide(row.id)}
                          onClick={() => setExpanded(open ? null : row.id)}
                        >
                          {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
                        </IconButton>
                      </TableCell>
                      <TableCell>{row.id}</TableCell>
                      {def.fields.map((f) => (
                        <TableCell key={f.name} align={numeric(f.name) ? 'right' : 'left'}>
                          {cell(row, f.name)}
                        </TableCell>
                      ))}
                    </TableRow>
                    <TableRow>
                      <TableCell colSpan={colSpan} sx={{ py: 0, borderBottom: open ? undefined : 0 }}>
                        <Collapse in={open} unmountOnExit>
                          <Box sx={{ py: 1.5, pl: 6, pr: 1, bgcolor: 'action.hover', borderRadius: 1, my: 1 }}>
                            <RideBookings rideId={row.id} />
                          </Box>
                        </Collapse>
                      </TableCell>
                    </TableRow>
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={list.data?.total ?? 0}
          page={Math.max(0, q.page - 1)}
          rowsPerPage={q.perPage}
          rowsPerPageOptions={[...ROWS_PER_PAGE_OPTIONS]}
          labelRowsPerPage={RESOURCE_MSG.rowsPerPage}
          onPageChange={(_, page) => setQ((prev) => ({ ...prev, page: page + 1 }))}
          onRowsPerPageChange={(e) => setQ((prev) => ({ ...prev, page: 1, perPage: Number(e.target.value) }))}
        />
      </Paper>
    </Stack>
  );
}
