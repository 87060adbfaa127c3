import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  InputAdornment,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { BOOKING_ORIGINS, BOOKING_UI, STATUS_GROUPS, type StatusGroup } from '@taxi/shared';
import { useDeferredValue, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useDebounced } from '../../components/pickers/useDebounced';
import { RefSelect } from '../../components/RefSelect';
import { type BoardFilters, bookingKeys, fetchBoard, useServices } from './api';
import { BookingCard } from './BookingCard';
import { BookingDialogs } from './BookingDialogs';

const GROUPS = Object.keys(STATUS_GROUPS) as StatusGroup[];

/** Requests: the live board of booking cards. */
export default function RequestsPage() {
  const qc = useQueryClient();
  const [group, setGroup] = useState<StatusGroup>('all');
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText);
  const [serviceId, setServiceId] = useState<number | ''>('');
  const [origin, setOrigin] = useState('');
  const filters: BoardFilters = { group, search, service_id: serviceId, origin };
  const board = useQuery({
    queryKey: bookingKeys.board(filters),
    queryFn: ({ signal }) => fetchBoard(qc, filters, signal),
    staleTime: 60_000,
  });
  const services = useServices();
  const ids = useDeferredValue(board.data ?? []);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 176,
    overscan: 5,
    getItemKey: (index) => ids[index],
  });

  return (
    <BookingDialogs>
      <Stack spacing={1.5}>
        <Paper variant="outlined" sx={{ px: 1.5, pt: 0.5, pb: 1.5 }}>
          <Tabs value={group} onChange={(_, g: StatusGroup) => setGroup(g)} variant="scrollable" sx={{ minHeight: 40 }}>
            {GROUPS.map((g) => (
              <Tab
                key={g}
                value={g}
                data-testid={`group-${g}`}
                sx={{ minHeight: 40, textTransform: 'none' }}
                label={
                  g === group && board.data
                    ? `${BOOKING_UI.groupLabels[g]} (${board.data.length})`
                    : BOOKING_UI.groupLabels[g]
                }
              />
            ))}
          </Tabs>
          <Box
            sx={{
              mt: 1,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) 200px 160px' },
            }}
          >
            <TextField
              size="small"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              onKeyDown={(e) => e.key === 'Escape' && setSearchText('')}
              placeholder={BOOKING_UI.searchPlaceholder}
              slotProps={{
                htmlInput: { 'aria-label': BOOKING_UI.search, 'data-testid': 'board-search' },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
            <RefSelect
              label={BOOKING_UI.service}
              value={serviceId}
              options={services.data}
              onChange={setServiceId}
              emptyLabel={BOOKING_UI.any}
            />
            <TextField
              select
              size="small"
              label={BOOKING_UI.origin}
              value={origin}
              onChange={(e) => setOrigin(e.target.value)}
            >
              <MenuItem value="">{BOOKING_UI.any}</MenuItem>
              {BOOKING_ORIGINS.map((o) => (
                <MenuItem key={o} value={o}>
                  {o}
                </MenuItem>
              ))}
            </TextField>
          </Box>
        </Paper>
        {board.isFetching && <LinearProgress sx={{ height: 2 }} />}
        {board.isError && <Alert severity="error">{errorMessage(board.error)}</Alert>}
        {board.isSuccess && ids.length === 0 && (
          <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
            <Typography color="text.secondary">{BOOKING_UI.noBookings}</Typography>
          </Paper>
        )}
        <Box
          ref={scrollRef}
          data-testid="requests-board"
          sx={{ height: 'calc(100vh - 235px)', minHeight: 320, overflow: 'auto', contain: 'strict' }}
        >
          <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
            {virtualizer.getVirtualItems().map((item) => (
              <Box
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                sx={{ position: 'absolute', top: 0, left: 0, width: '100%', pb: 1 }}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <BookingCard id={ids[item.index]} />
              </Box>
            ))}
          </Box>
        </Box>
      </Stack>
    </BookingDialogs>
  );
}
