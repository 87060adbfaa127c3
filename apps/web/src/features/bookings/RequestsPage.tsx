import SearchIcon from '@mui/icons-material/Search';
import ViewAgendaIcon from '@mui/icons-material/ViewAgenda';
import ViewListIcon from '@mui/icons-material/ViewList';
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
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  BOOKING_ORIGINS,
  BOOKING_UI,
  type BookingAction,
  type BookingDto,
  codeLabel,
  pathTo,
  STATUS_GROUPS,
  type StatusGroup,
} from '@taxi/shared';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { useDebounced } from '../../components/pickers/useDebounced';
import { RefSelect } from '../../components/RefSelect';
import { usePolicy } from '../auth/currentUser';
import { useShortcut } from '../keyboard/shortcuts';
import { BOOKING_ACTION_TABLE } from './actionTable';
import { type BoardFilters, bookingKeys, fetchBoard, useServices } from './api';
import { BookingCard } from './BookingCard';
import { BookingDialogs } from './BookingDialogs';
import { BookingRow, BookingRowHeader, ROW_HEIGHT } from './BookingRow';
import { type BoardView, useBoardView } from './boardView';
import { useOpenDialog } from './dialogContext';
import { useBoardOrder } from './useBoardOrder';
import { isActionVisible } from './visibility';

const GROUPS = Object.keys(STATUS_GROUPS) as StatusGroup[];
const NO_IDS: number[] = [];
const HEADER_HEIGHT = 32;

/**
 * Room under the board for the floating phone-booking button (bottom 24 px + 56 px, at the inline end): the
 * footer strip beside it holds the count and the keyboard hints, so the button never covers a countdown or
 * the last booking.
 */
const FOOTER_HEIGHT = 64;

/** The scrolling list of the board, in one view (remounted when the view changes: new sizes). */
function BoardList({
  view,
  order,
  selectedId,
  onSelect,
  listRef,
}: {
  view: BoardView;
  order: readonly number[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  listRef: React.RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation();
  const rows = view === 'rows';
  const margin = rows ? HEADER_HEIGHT : 0;
  const virtualizer = useVirtualizer({
    count: order.length,
    getScrollElement: () => listRef.current,
    estimateSize: () => (rows ? ROW_HEIGHT : 176),
    overscan: rows ? 10 : 5,
    scrollMargin: margin,
    scrollPaddingStart: margin,
    getItemKey: (index) => order[index],
  });
  const selectedIndex = selectedId === null ? -1 : order.indexOf(selectedId);
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  return (
    <Box
      ref={listRef}
      tabIndex={0}
      // Rows are a grid (row selection is announced); cards are a list whose current card is marked.
      role={rows ? 'grid' : 'list'}
      aria-label={t('Orders')}
      aria-rowcount={rows ? order.length : undefined}
      data-testid="requests-board"
      data-view={view}
      sx={{
        flex: 1,
        minHeight: 160,
        overflow: 'auto',
        contain: 'strict',
        borderRadius: 1,
        ...(rows && { border: 1, borderColor: 'divider', bgcolor: 'background.paper' }),
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
      }}
    >
      {rows && (
        <Box sx={{ position: 'sticky', top: 0, zIndex: 1, bgcolor: 'background.paper' }}>
          <BookingRowHeader />
        </Box>
      )}
      <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%', minWidth: 'min-content' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const id = order[item.index];
          return (
            <Box
              key={item.key}
              data-index={item.index}
              ref={rows ? undefined : virtualizer.measureElement}
              role={rows ? undefined : 'listitem'}
              onClick={() => onSelect(id)}
              sx={{ position: 'absolute', top: 0, left: 0, width: '100%', pb: rows ? 0 : 1 }}
              style={{ transform: `translateY(${item.start - margin}px)` }}
            >
              {rows ? (
                <BookingRow id={id} selected={id === selectedId} />
              ) : (
                <BookingCard id={id} selected={id === selectedId} />
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

function Board() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const allows = usePolicy();
  const openDialog = useOpenDialog();
  const navigate = useNavigate();
  const [group, setGroup] = useState<StatusGroup>('all');
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText);
  const [serviceId, setServiceId] = useState<number | ''>('');
  const [origin, setOrigin] = useState('');
  const [view, setView] = useBoardView();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const filters: BoardFilters = { group, search, service_id: serviceId, origin };
  const board = useQuery({
    queryKey: bookingKeys.board(filters),
    queryFn: ({ signal }) => fetchBoard(qc, filters, signal),
    staleTime: 60_000,
    // While a new search or tab loads, the previous list stays: a card being used is not unmounted.
    placeholderData: keepPreviousData,
  });
  const services = useServices();
  const ids = useDeferredValue(board.data ?? NO_IDS);
  const order = useBoardOrder(ids);

  const selectedIndex = selectedId === null ? -1 : order.indexOf(selectedId);
  const hasSelection = selectedIndex >= 0;
  /** The selected booking as the cache has it now (read when a key is pressed). */
  const selectedBooking = () =>
    hasSelection ? qc.getQueryData<BookingDto>(bookingKeys.detail(order[selectedIndex])) : undefined;

  const move = (delta: 1 | -1) => {
    if (order.length === 0) return;
    const from = selectedIndex < 0 ? (delta > 0 ? -1 : order.length) : selectedIndex;
    const next = Math.min(order.length - 1, Math.max(0, from + delta));
    setSelectedId(order[next]);
    // Keep the keys on the board (Enter on a focused button would press the button instead).
    const list = listRef.current;
    if (list && !list.contains(document.activeElement)) list.focus({ preventScroll: true });
  };
  /** A board key runs an action only when the card's menu would show it (the user's rules and the status). */
  const runIfAllowed = (action: Extract<BookingAction, 'dispatch' | 'cancel'>) => {
    const booking = selectedBooking();
    if (!booking || !isActionVisible(action, booking, allows)) return;
    openDialog(BOOKING_ACTION_TABLE[action].dialog, booking.id);
  };

  useShortcut('board.search', () => {
    searchRef.current?.focus();
    searchRef.current?.select();
  });
  useShortcut('board.next', () => move(1));
  useShortcut('board.prev', () => move(-1));
  useShortcut('board.open', () => navigate(pathTo('Details', { id: order[selectedIndex] })), hasSelection);
  useShortcut('board.dispatch', () => runIfAllowed('dispatch'), hasSelection);
  useShortcut('board.cancel', () => runIfAllowed('cancel'), hasSelection);

  return (
    <Stack spacing={1.5} sx={{ flex: 1, minHeight: 0 }}>
      <Paper variant="outlined" sx={{ px: 1.5, pt: 0.5, pb: 1.5, flexShrink: 0 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <Tabs
            value={group}
            onChange={(_, g: StatusGroup) => setGroup(g)}
            variant="scrollable"
            sx={{ minHeight: 40, flex: 1, minWidth: 0 }}
          >
            {GROUPS.map((g) => (
              <Tab
                key={g}
                value={g}
                data-testid={`group-${g}`}
                sx={{ minHeight: 40, textTransform: 'none' }}
                label={
                  g === group && board.data && !board.isPlaceholderData
                    ? t('{{group}} ({{count}})', { group: BOOKING_UI.groupLabels[g], count: board.data.length })
                    : BOOKING_UI.groupLabels[g]
                }
              />
            ))}
          </Tabs>
          <ExportCsvButton endpoint={endpoints.bookingsCsv} filter={{ ...filters }} />
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_, next: BoardView | null) => next && setView(next)}
            aria-label={t('Board view')}
          >
            <ToggleButton value="cards" aria-label={t('Cards')} data-testid="view-cards" sx={{ py: 0.25, gap: 0.5 }}>
              <ViewAgendaIcon fontSize="small" />
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' }, textTransform: 'none' }}>
                {t('Cards')}
              </Box>
            </ToggleButton>
            <ToggleButton value="rows" aria-label={t('Rows')} data-testid="view-rows" sx={{ py: 0.25, gap: 0.5 }}>
              <ViewListIcon fontSize="small" />
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' }, textTransform: 'none' }}>
                {t('Rows')}
              </Box>
            </ToggleButton>
          </ToggleButtonGroup>
        </Stack>
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
            onKeyDown={(e) => {
              if (e.key === 'Escape') setSearchText('');
              // Down from the search moves into the board's results.
              if (e.key === 'ArrowDown' && order.length > 0) {
                e.preventDefault();
                move(1);
              }
            }}
            placeholder={BOOKING_UI.searchPlaceholder}
            inputRef={searchRef}
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
                {codeLabel('origin', o)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      </Paper>
      {board.isFetching && <LinearProgress sx={{ height: 2, flexShrink: 0 }} />}
      {board.isError && <Alert severity="error">{errorMessage(board.error)}</Alert>}
      {board.isSuccess && ids.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', flexShrink: 0 }}>
          <Typography color="textSecondary">{BOOKING_UI.noBookings}</Typography>
        </Paper>
      )}
      <BoardList
        key={view}
        view={view}
        order={order}
        selectedId={selectedId}
        onSelect={setSelectedId}
        listRef={listRef}
      />
      <Stack
        direction="row"
        data-testid="board-footer"
        sx={{
          height: FOOTER_HEIGHT,
          flexShrink: 0,
          alignItems: 'center',
          gap: 2,
          pr: 10,
          color: 'text.secondary',
          fontSize: 12,
        }}
      >
        <Typography sx={{ fontSize: 13, fontWeight: 600, color: 'text.primary' }} data-testid="board-count">
          {BOOKING_UI.boardCount(order.length)}
        </Typography>
        <Typography sx={{ fontSize: 12, color: 'text.secondary' }} noWrap>
          {t('↑ ↓ select · Enter open · / search · D dispatch · C cancel · ? all shortcuts')}
        </Typography>
      </Stack>
    </Stack>
  );
}

/** Requests: the live board of bookings, as cards or dense rows, pending first then by urgency. */
export default function RequestsPage() {
  return (
    <BookingDialogs>
      <Board />
    </BookingDialogs>
  );
}
