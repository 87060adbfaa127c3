import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  BOOKING_MSG,
  BOOKING_UI,
  bookingPolicy,
  cardStatusLabel,
  codeLabel,
  normalizeSearchRows,
  passengerPolicy,
  pathTo,
  REQUESTED_BY_VALUES,
  SEARCH_FILTER_KEYS,
  type SearchFilterKey,
  type SearchRow,
} from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage, type QueryValue } from '../../api/client';
import { apiData, endpoints } from '../../api/endpoints';
import { useRegisterOrderSearch } from '../../app/orderSearch';
import { formatOrderTime } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { bookingKeys, useSectors } from './api';
import { DialogPanel } from './BookingDialog';
import { DateRangeFields } from './DateRangeFields';
import { routeText, statusColour } from './format';

const SEARCH_PAGE_SIZE = 15;

function ValueInput({ row, onChange }: { row: SearchRow; onChange: (value: string) => void }) {
  const sectors = useSectors();
  const common = { size: 'small' as const, label: BOOKING_UI.filterValue, value: row.value, sx: { flex: 1 } };
  if (row.key === 'requested_by')
    return (
      <TextField select {...common} onChange={(e) => onChange(e.target.value)}>
        {REQUESTED_BY_VALUES.map((v) => (
          <MenuItem key={v} value={v}>
            {codeLabel('requestedBy', v)}
          </MenuItem>
        ))}
      </TextField>
    );
  if (row.key === 'pickup_sector' || row.key === 'dropoff_sector')
    return (
      <TextField select {...common} onChange={(e) => onChange(e.target.value)}>
        {(sectors.data ?? []).map((s) => (
          <MenuItem key={s.id} value={String(s.id)}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
    );
  return (
    <TextField
      {...common}
      type={row.key === 'order_id' ? 'number' : 'text'}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ htmlInput: { 'data-testid': `search-value-${row.key}` } }}
    />
  );
}

function SearchPanel({ onClose }: { onClose: () => void }) {
  useTranslation();
  const direction = useTheme().direction;
  const navigate = useNavigate();
  // A role that reads no passenger does not search by one (the server refuses the filter too).
  const readsPassengers = usePolicy()(passengerPolicy.read);
  const filterKeys = SEARCH_FILTER_KEYS.filter((k) => k !== 'customer' || readsPassengers);
  const [rows, setRows] = useState<SearchRow[]>([{ key: filterKeys[0], value: '' }]);
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const [params, setParams] = useState<Record<string, QueryValue> | null>(null);

  const results = useInfiniteQuery({
    queryKey: bookingKeys.search(params ?? {}),
    enabled: params !== null,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      apiData(endpoints.searchBookings, { query: { ...params, page: pageParam, perPage: SEARCH_PAGE_SIZE }, signal }),
    getNextPageParam: (last) =>
      last.next_page_url && last.current_page < last.last_page ? last.current_page + 1 : undefined,
  });

  const submit = () => {
    const clean = normalizeSearchRows(rows);
    const kept = clean.length > 0 ? clean : [rows[0]];
    setRows(kept);
    const next: Record<string, QueryValue> = { from_date: fromDate, to_date: toDate };
    for (const row of clean) next[row.key] = row.value;
    setParams(next);
  };

  const usedKeys = new Set(rows.map((r) => r.key));
  const freeKey = filterKeys.find((k) => !usedKeys.has(k));
  const found = results.data?.pages.flatMap((p) => p.data) ?? [];
  const lastPage = results.data?.pages.at(-1);

  return (
    <DialogPanel title={BOOKING_UI.searchTitle} onClose={onClose} dividers>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack spacing={1.25}>
          {rows.map((row, index) => (
            <Stack key={row.key} direction="row" spacing={1} data-testid="search-row">
              <TextField
                select
                size="small"
                label={BOOKING_UI.filterKey}
                value={row.key}
                sx={{ width: 180 }}
                onChange={(e) =>
                  setRows((prev) =>
                    prev.map((r, i) => (i === index ? { key: e.target.value as SearchFilterKey, value: '' } : r)),
                  )
                }
                slotProps={{ htmlInput: { 'data-testid': 'search-key' } }}
              >
                {filterKeys.map((k) => (
                  <MenuItem key={k} value={k} disabled={k !== row.key && usedKeys.has(k)}>
                    {BOOKING_UI.filterKeyLabels[k]}
                  </MenuItem>
                ))}
              </TextField>
              <ValueInput
                row={row}
                onChange={(value) => setRows((prev) => prev.map((r, i) => (i === index ? { ...r, value } : r)))}
              />
              <Tooltip title={BOOKING_UI.removeFilter}>
                <span>
                  <IconButton
                    aria-label={BOOKING_UI.removeFilter}
                    disabled={rows.length <= 1}
                    onClick={() => setRows((prev) => prev.filter((_, i) => i !== index))}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </span>
              </Tooltip>
            </Stack>
          ))}
          <Stack direction="row" spacing={1}>
            <Button
              startIcon={<AddIcon />}
              disabled={!freeKey}
              onClick={() => freeKey && setRows((prev) => [...prev, { key: freeKey, value: '' }])}
            >
              {BOOKING_UI.addFilter}
            </Button>
            <Box sx={{ flex: 1 }} />
            <DateRangeFields from={fromDate} to={toDate} onFrom={setFromDate} onTo={setToDate} />
            <Button type="submit" variant="contained" data-testid="search-submit">
              {BOOKING_UI.search}
            </Button>
          </Stack>
        </Stack>
      </form>
      <Box sx={{ mt: 2, minHeight: 120 }} data-testid="search-results">
        {results.isLoading && <CircularProgress size={24} />}
        {results.isError && <Alert severity="error">{errorMessage(results.error)}</Alert>}
        {results.isSuccess && found.length === 0 && (
          <Typography color="textSecondary">{BOOKING_MSG.noOrders}</Typography>
        )}
        <List dense disablePadding>
          {found.map((b) => (
            <ListItemButton
              key={b.id}
              data-testid={`search-result-${b.id}`}
              onClick={() => {
                onClose();
                navigate(pathTo('Details', { id: b.id }));
              }}
              sx={{ borderLeft: 4, borderLeftColor: statusColour(b.status), mb: 0.5 }}
            >
              <ListItemText
                primary={`${BOOKING_UI.orderId(b.id)} · ${b.passenger.full_name} · ${cardStatusLabel(b.status)}`}
                secondary={[
                  formatOrderTime(b.datetime),
                  routeText(b.pick_up_location_name, b.pull_down_location_name, direction),
                  b.ride?.captain.full_name,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItemButton>
          ))}
        </List>
        {results.hasNextPage && (
          <Button onClick={() => void results.fetchNextPage()} disabled={results.isFetchingNextPage}>
            {BOOKING_UI.loadMore}
          </Button>
        )}
        {results.isSuccess && found.length > 0 && !results.hasNextPage && lastPage && (
          <Typography sx={{ color: 'text.secondary', fontSize: 13, mt: 1 }}>{BOOKING_MSG.endOfResults}</Typography>
        )}
      </Box>
    </DialogPanel>
  );
}

/** Overlay: owns the toolbar's advanced order search. */
export function BookingsOverlay() {
  const [open, setOpen] = useState(false);
  // The order search of the toolbar (bookingPolicy.orderSearch: not the airport desk).
  const searches = usePolicy()(bookingPolicy.orderSearch);
  useRegisterOrderSearch(searches ? () => setOpen(true) : null);
  if (!searches) return null;
  return (
    <Dialog
      open={open}
      onClose={() => setOpen(false)}
      fullWidth
      maxWidth="md"
      keepMounted={false}
      data-testid="order-search"
    >
      {open && <SearchPanel onClose={() => setOpen(false)} />}
    </Dialog>
  );
}
