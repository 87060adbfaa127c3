import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DensitySmallIcon from '@mui/icons-material/DensitySmall';
import SearchIcon from '@mui/icons-material/Search';
import ViewAgendaIcon from '@mui/icons-material/ViewAgenda';
import ViewListIcon from '@mui/icons-material/ViewList';
import {
  Box,
  Button,
  CircularProgress,
  InputAdornment,
  LinearProgress,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
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
import { type FocusEvent, type RefObject, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { endpoints } from '../../api/endpoints';
import { setPreference, usePreferences } from '../../app/preferences';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { LoadError } from '../../components/LoadError';
import { useDebounced } from '../../components/pickers/useDebounced';
import { RefSelect } from '../../components/RefSelect';
import { usePolicy } from '../auth/currentUser';
import { useShortcut } from '../keyboard/shortcuts';
import { BOOKING_ACTION_TABLE } from './actionTable';
import { type BoardFilters, bookingKeys, fetchBoardPage, useServices } from './api';
import { BookingCard, COMPACT_CARD_HEIGHT } from './BookingCard';
import { BookingDialogs } from './BookingDialogs';
import { BookingRow, BookingRowHeader, ROW_HEIGHT } from './BookingRow';
import { type BoardData, boardIds, boardTotal, nextBoardCursor } from './boardPages';
import { type BoardView, useBoardView } from './boardView';
import { useOpenDialog } from './dialogContext';
import { useBoardOrder } from './useBoardOrder';
import { isActionVisible } from './visibility';

const GROUPS = Object.keys(STATUS_GROUPS) as StatusGroup[];
const HEADER_HEIGHT = 32;

/**
 * Room under the board for the floating phone-booking button (bottom 24 px + 56 px, at the inline end): the
 * footer strip beside it holds the count, the "new orders" bar and the keyboard hints, so the button never
 * covers a countdown or the last booking, and the bar never pushes the list.
 */
const FOOTER_HEIGHT = 64;

/** The hold outlasts the pointer and the focus by this much: crossing a gap does not reorder the list. */
const HOLD_RELEASE_MS = 400;

/** How close to the end of what is loaded the next page is asked for. */
const LOAD_AHEAD = 8;

/** What the list can be asked to do from the page: bring an index into view. */
interface ListHandle {
  scrollToIndex: (index: number) => void;
}

/** The scrolling list of the board, in one view (remounted when the view or the density changes: new sizes). */
function BoardList({
  view,
  compact,
  order,
  gone,
  selectedId,
  onSelect,
  listRef,
  handle,
  onNearEnd,
}: {
  view: BoardView;
  compact: boolean;
  order: readonly number[];
  gone: ReadonlySet<number>;
  selectedId: number | null;
  onSelect: (id: number) => void;
  listRef: RefObject<HTMLDivElement | null>;
  handle: RefObject<ListHandle | null>;
  onNearEnd: () => void;
}) {
  const { t } = useTranslation();
  const rows = view === 'rows';
  const margin = rows ? HEADER_HEIGHT : 0;
  const virtualizer = useVirtualizer({
    count: order.length,
    getScrollElement: () => listRef.current,
    estimateSize: () => (rows ? ROW_HEIGHT : compact ? COMPACT_CARD_HEIGHT : 176),
    overscan: rows ? 10 : 5,
    scrollMargin: margin,
    scrollPaddingStart: margin,
    getItemKey: (index) => order[index],
  });
  handle.current = { scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: 'start' }) };
  const selectedIndex = selectedId === null ? -1 : order.indexOf(selectedId);
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  // Scrolling to the end of what is loaded asks for the next page (never every page at once).
  useEffect(() => {
    if (order.length > 0 && lastIndex >= order.length - LOAD_AHEAD) onNearEnd();
  }, [lastIndex, order.length, onNearEnd]);

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
      data-density={compact ? 'compact' : 'comfortable'}
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
        {items.map((item) => {
          const id = order[item.index];
          return (
            <Box
              key={item.key}
              data-index={item.index}
              ref={rows ? undefined : virtualizer.measureElement}
              role={rows ? undefined : 'listitem'}
              onClick={() => onSelect(id)}
              sx={{ position: 'absolute', top: 0, left: 0, width: '100%', pb: rows ? 0 : compact ? 0.5 : 1 }}
              style={{ transform: `translateY(${item.start - margin}px)` }}
            >
              {rows ? (
                <BookingRow id={id} selected={id === selectedId} gone={gone.has(id)} />
              ) : (
                <BookingCard id={id} selected={id === selectedId} gone={gone.has(id)} compact={compact} />
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

/** A tab's first page on its way: its own placeholder, never the previous tab's cards. */
function BoardLoading({ view, compact }: { view: BoardView; compact: boolean }) {
  const { t } = useTranslation();
  const height = view === 'rows' ? ROW_HEIGHT : compact ? COMPACT_CARD_HEIGHT - 6 : 150;
  return (
    <Box
      role="progressbar"
      aria-label={t('Loading orders')}
      aria-busy="true"
      data-testid="board-loading"
      sx={{ flex: 1, minHeight: 160, overflow: 'hidden', display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders of a fixed list
        <Skeleton key={i} variant="rounded" height={height} sx={{ flexShrink: 0 }} />
      ))}
    </Box>
  );
}

/**
 * Is the pointer or the focus in the board (the list and its footer)? React's pointer and focus events follow
 * the component tree, so a card's open menu (a portal) counts as inside. Released HOLD_RELEASE_MS after both left.
 */
function useHeld() {
  const [pointer, setPointer] = useState(false);
  const [focus, setFocus] = useState(false);
  const inside = pointer || focus;
  // A focused element that leaves the page (a card scrolled out of the virtual window, a gone card removed, the
  // bar once applied) takes the focus with it without a blur: the focus is then nowhere, and the board free.
  useEffect(() => {
    if (!focus) return;
    const timer = window.setInterval(() => {
      const active = document.activeElement;
      if (!active || active === document.body || !active.isConnected) setFocus(false);
    }, 250);
    return () => window.clearInterval(timer);
  }, [focus]);
  const [lingering, setLingering] = useState(false);
  useEffect(() => {
    if (inside) {
      setLingering(true);
      return;
    }
    const timer = window.setTimeout(() => setLingering(false), HOLD_RELEASE_MS);
    return () => window.clearTimeout(timer);
  }, [inside]);
  return {
    held: inside || lingering,
    handlers: {
      onPointerEnter: () => setPointer(true),
      onPointerLeave: () => setPointer(false),
      onFocus: () => setFocus(true),
      onBlur: (e: FocusEvent) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocus(false);
      },
    },
  };
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
  const compact = usePreferences().board_density === 'compact' && view === 'cards';
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const listHandle = useRef<ListHandle | null>(null);
  const filters: BoardFilters = { group, search, service_id: serviceId, origin };
  const board = useInfiniteQuery({
    queryKey: bookingKeys.board(filters),
    queryFn: ({ signal, pageParam }) => fetchBoardPage(qc, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.after,
    staleTime: 60_000,
    // A new search keeps the tab's list on screen while it loads (a card being used is not unmounted); another
    // tab never shows this one's cards under its name: it shows its own loading state.
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[2] as BoardFilters | undefined)?.group === group ? previous : undefined,
  });
  const data = board.data as BoardData | undefined;
  const services = useServices();
  const scope = `${group}\u0000${search}\u0000${serviceId}\u0000${origin}`;
  const loaded = useMemo(() => boardIds(data), [data]);
  // A big list re-sorts at low priority; another tab's or search's list never stands in for this one's.
  const current = useMemo(() => ({ scope, ids: loaded }), [scope, loaded]);
  const deferred = useDeferredValue(current);
  const ids = deferred.scope === scope ? deferred.ids : loaded;
  const { held, handlers } = useHeld();
  // A previous search's list shown while the new one loads is not held: the answer replaces it whole.
  const { order, gone, pending, apply } = useBoardOrder(
    ids,
    held && !board.isPlaceholderData,
    board.isPlaceholderData ? `${scope}\u0000placeholder` : scope,
  );
  const latestOrder = useRef(order);
  latestOrder.current = order;
  const total = board.isPlaceholderData ? null : boardTotal(data);
  const hasMore = nextBoardCursor(data) !== null;

  const loadMore = () => {
    // Not before the last page is on screen (the list follows the data a render later: useDeferredValue).
    if (ids !== loaded || !board.hasNextPage || board.isFetchingNextPage || board.isFetching) return;
    void board.fetchNextPage();
  };
  const applyPending = () => {
    const brought = apply();
    // The bar goes: the keys stay on the board, and the list shows the first order it brought (else the top).
    listRef.current?.focus({ preventScroll: true });
    window.requestAnimationFrame(() => {
      const first = latestOrder.current.findIndex((id) => brought.includes(id));
      listHandle.current?.scrollToIndex(Math.max(0, first));
    });
  };

  const selectedIndex = selectedId === null ? -1 : order.indexOf(selectedId);
  const hasSelection = selectedIndex >= 0;
  /** The selected booking as the cache has it now (read when a key is pressed); none when it left the list. */
  const selectedBooking = () =>
    hasSelection && !gone.has(order[selectedIndex])
      ? qc.getQueryData<BookingDto>(bookingKeys.detail(order[selectedIndex]))
      : undefined;

  const move = (delta: 1 | -1) => {
    if (order.length === 0) return;
    const from = selectedIndex < 0 ? (delta > 0 ? -1 : order.length) : selectedIndex;
    const next = Math.min(order.length - 1, Math.max(0, from + delta));
    if (delta > 0 && next >= order.length - LOAD_AHEAD) loadMore();
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

  const tabLabel = (g: StatusGroup) => {
    if (g !== group || !total) return BOOKING_UI.groupLabels[g];
    const vars = { group: BOOKING_UI.groupLabels[g], count: total.count };
    return total.capped ? t('{{group}} ({{count}}+)', vars) : t('{{group}} ({{count}})', vars);
  };

  return (
    <Stack spacing={1.5} sx={{ flex: 1, minHeight: 0 }}>
      <Paper variant="outlined" sx={{ px: 1.5, pt: 0.5, pb: 1.5, flexShrink: 0 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <Tabs
            value={group}
            onChange={(_, g: StatusGroup) => {
              setGroup(g);
              setSelectedId(null);
            }}
            variant="scrollable"
            sx={{ minHeight: 40, flex: 1, minWidth: 0 }}
          >
            {GROUPS.map((g) => (
              <Tab
                key={g}
                value={g}
                data-testid={`group-${g}`}
                sx={{ minHeight: 40, textTransform: 'none' }}
                label={tabLabel(g)}
              />
            ))}
          </Tabs>
          <ExportCsvButton endpoint={endpoints.bookingsCsv} filter={{ ...filters }} />
          {view === 'cards' && (
            <Tooltip title={t('Compact cards')}>
              <ToggleButton
                size="small"
                value="compact"
                selected={compact}
                onChange={() => void setPreference({ board_density: compact ? 'comfortable' : 'compact' })}
                aria-label={t('Compact cards')}
                data-testid="density-compact"
                sx={{ py: 0.25, gap: 0.5 }}
              >
                <DensitySmallIcon fontSize="small" />
                {/* The word where the tabs keep their room (French and Arabic names are longer). */}
                <Box
                  component="span"
                  sx={{ display: 'none', '@media (min-width: 1400px)': { display: 'inline' }, textTransform: 'none' }}
                >
                  {t('Compact')}
                </Box>
              </ToggleButton>
            </Tooltip>
          )}
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
      {board.isFetching && !board.isPending && !board.isFetchingNextPage && (
        <LinearProgress sx={{ height: 2, flexShrink: 0 }} />
      )}
      {board.isError && <LoadError error={board.error} retry={board.refetch} />}
      {board.isSuccess && ids.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', flexShrink: 0 }}>
          <Typography color="textSecondary">{BOOKING_UI.noBookings}</Typography>
        </Paper>
      )}
      <Stack {...handlers} sx={{ flex: 1, minHeight: 0 }} data-testid="board-hold" data-held={held || undefined}>
        {board.isPending ? (
          <BoardLoading view={view} compact={compact} />
        ) : (
          <BoardList
            key={`${view}-${compact}`}
            view={view}
            compact={compact}
            order={order}
            gone={gone}
            selectedId={selectedId}
            onSelect={setSelectedId}
            listRef={listRef}
            handle={listHandle}
            onNearEnd={loadMore}
          />
        )}
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
            minWidth: 0,
          }}
        >
          <Box role="status" sx={{ display: 'contents' }}>
            {pending > 0 && (
              <Button
                size="small"
                variant="contained"
                color="info"
                startIcon={<ArrowUpwardIcon />}
                onClick={applyPending}
                data-testid="board-pending"
                sx={{ flexShrink: 0, textTransform: 'none' }}
              >
                {t('{{count}} new orders', { count: pending, defaultValue_one: '{{count}} new order' })}
              </Button>
            )}
          </Box>
          <Typography
            sx={{ fontSize: 13, fontWeight: 600, color: 'text.primary', flexShrink: 0 }}
            data-testid="board-count"
          >
            {board.isPending
              ? ''
              : hasMore && total
                ? t('{{shown}} of {{total}} orders', {
                    shown: order.length - gone.size,
                    total: total.capped ? `${total.count}+` : total.count,
                  })
                : BOOKING_UI.boardCount(order.length - gone.size)}
          </Typography>
          {hasMore && (
            <Button
              size="small"
              onClick={loadMore}
              disabled={board.isFetchingNextPage}
              data-testid="board-load-more"
              startIcon={
                board.isFetchingNextPage ? <CircularProgress size={14} aria-label={t('Loading orders')} /> : undefined
              }
              sx={{ flexShrink: 0, textTransform: 'none' }}
            >
              {t('Load more')}
            </Button>
          )}
          <Typography sx={{ fontSize: 12, color: 'text.secondary', minWidth: 0 }} noWrap>
            {t('↑ ↓ select · Enter open · / search · D dispatch · C cancel · ? all shortcuts')}
          </Typography>
        </Stack>
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
