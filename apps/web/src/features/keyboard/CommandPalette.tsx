import { Box, Dialog, LinearProgress, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import {
  type AuthUser,
  captainPolicy,
  cardStatusLabel,
  mayOpen,
  passengerPolicy,
  pathTo,
  type RouteName,
  routeByName,
} from '@taxi/shared';
import { LANGUAGE_NAMES, LANGUAGES } from '@taxi/shared/i18n';
import { type ChangeEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { apiData, endpoints } from '../../api/endpoints';
import { useOrderSearchOpener } from '../../app/orderSearch';
import { setPreference, usePreferences } from '../../app/preferences';
import { useDebounced } from '../../components/pickers/useDebounced';
import { formatPhone } from '../../i18n/format';
import { useCurrentUser, usePolicy } from '../auth/currentUser';
import { bookingKeys } from '../bookings/keys';
import {
  bookingIdOf,
  GROUP_HEADINGS,
  GROUP_ORDER,
  groupItems,
  moveActive,
  type PaletteGroup,
  palettePages,
  rank,
} from './paletteModel';
import { displayKeys, shortcutById } from './shortcuts';

/** Server lookups wait this long after the last key (the 200 ms). */
export const PALETTE_DEBOUNCE_MS = 200;
const PEOPLE_LIMIT = 5;
const PAGE_LIMIT = 8;

interface PaletteItem {
  key: string;
  group: PaletteGroup;
  label: string;
  secondary?: ReactNode;
  /** Other texts the query is matched against (the English source, a group name...). */
  aliases?: readonly (string | undefined)[];
  /** Keys shown at the end of the row. */
  hint?: string;
  run: () => void;
}

const may = (user: AuthUser, route: RouteName) => mayOpen(routeByName(route), user);

/** Where a passenger opens: the passenger page, else the phone booking with their orders (call centre). */
function passengerTarget(user: AuthUser, id: number): string | null {
  if (may(user, 'Passenger')) return pathTo('Passenger', { id });
  if (may(user, 'PhoneBooking')) return `${pathTo('PhoneBooking')}?show_order_list=1&id=${id}`;
  return null;
}

function useBookingLookup(id: number | null, enabled: boolean) {
  return useQuery({
    // The board's normalised cache: a booking on the board is known at once.
    queryKey: bookingKeys.detail(id ?? 0),
    queryFn: ({ signal }) => apiData(endpoints.booking, { params: { id: id as number }, signal }),
    enabled: enabled && id !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

function PaletteBody({ onClose, onShowShortcuts }: { onClose: () => void; onShowShortcuts: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const allows = usePolicy();
  const muiTheme = useTheme();
  const preferences = usePreferences();
  const openOrderSearch = useOrderSearchOpener();
  const [query, setQuery] = useState('');
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const debounced = useDebounced(query.trim(), PALETTE_DEBOUNCE_MS);
  const listId = useId();
  const optionId = (key: string) => `${listId}-${key.replace(/[^\w-]/g, '_')}`;

  const go = (to: string) => () => navigate(to);

  // --- bookings by id ----------------------------------------------------------------------------------
  const bookingId = bookingIdOf(query);
  const mayOpenBooking = may(user, 'Details');
  const booking = useBookingLookup(bookingIdOf(debounced), mayOpenBooking && bookingIdOf(debounced) === bookingId);

  // --- people (existing list endpoints with their search) ----------------------------------------------
  const searchable = debounced.length >= 2;
  const searchPassengers = allows(passengerPolicy.list) && passengerTarget(user, 0) !== null;
  const searchCaptains = allows(captainPolicy.read) && may(user, 'Captain');
  const passengers = useQuery({
    queryKey: ['palette', 'passengers', debounced],
    queryFn: ({ signal }) =>
      apiData(endpoints.passengers, { query: { search: debounced, perPage: PEOPLE_LIMIT }, signal }),
    enabled: searchable && searchPassengers,
    staleTime: 30_000,
  });
  const captains = useQuery({
    queryKey: ['palette', 'captains', debounced],
    queryFn: ({ signal }) =>
      apiData(endpoints.captains, { query: { search: debounced, perPage: PEOPLE_LIMIT }, signal }),
    enabled: searchable && searchCaptains,
    staleTime: 30_000,
  });

  // --- pages and actions (local) ------------------------------------------------------------------------
  const pages = useMemo(() => palettePages(user), [user]);
  const mode = muiTheme.palette.mode;

  const actions: PaletteItem[] = [];
  if (may(user, 'PhoneBooking'))
    actions.push({
      key: 'action-new-booking',
      group: 'actions',
      label: t('New phone booking'),
      aliases: ['New phone booking', routeByName('PhoneBooking').title],
      hint: shortcutById('booking.new').keys[0],
      run: go(pathTo('PhoneBooking')),
    });
  if (openOrderSearch)
    actions.push({
      key: 'action-order-search',
      group: 'actions',
      label: t('Advanced order search'),
      aliases: ['Advanced order search'],
      run: openOrderSearch,
    });
  actions.push(
    {
      key: 'action-theme',
      group: 'actions',
      label: mode === 'dark' ? t('Switch to the light theme') : t('Switch to the dark theme'),
      aliases: ['Switch to the light theme', 'Switch to the dark theme', t('Theme'), 'Theme'],
      run: () => void setPreference({ theme: mode === 'dark' ? 'light' : 'dark' }),
    },
    ...LANGUAGES.filter((language) => language !== preferences.language).map((language) => ({
      key: `action-language-${language}`,
      group: 'actions' as const,
      label: t('Switch the language to {{language}}', { language: LANGUAGE_NAMES[language] }),
      aliases: [LANGUAGE_NAMES[language], 'Language', t('Language')],
      run: () => void setPreference({ language }),
    })),
    {
      key: 'action-shortcuts',
      group: 'actions',
      label: t('Show keyboard shortcuts'),
      aliases: ['Show keyboard shortcuts'],
      hint: shortcutById('help').keys[0],
      run: onShowShortcuts,
    },
  );

  const items: PaletteItem[] = [];
  const trimmed = query.trim();
  if (bookingId !== null && mayOpenBooking) {
    const known = booking.data && booking.data.id === bookingId ? booking.data : null;
    const missing = booking.error instanceof ApiError && booking.error.status === 404;
    if (!missing)
      items.push({
        key: `booking-${bookingId}`,
        group: 'bookings',
        label: t('Booking #{{id}}', { id: bookingId }),
        secondary: known ? `${known.passenger.full_name} · ${cardStatusLabel(known.status)}` : undefined,
        run: go(pathTo('Details', { id: bookingId })),
      });
  }
  const pageItems = rank(trimmed, pages, (page) => [
    t(page.title),
    page.title,
    page.group && t(page.group),
    page.group,
  ]).map<PaletteItem>((page) => ({
    key: `page-${page.route}`,
    group: 'pages',
    label: t(page.title),
    secondary: page.group ? t(page.group) : undefined,
    run: go(pathTo(page.route)),
  }));
  items.push(...(trimmed ? pageItems.slice(0, PAGE_LIMIT) : pageItems));
  if (searchable && debounced === trimmed) {
    for (const p of passengers.data?.data ?? []) {
      const to = passengerTarget(user, p.id);
      if (to)
        items.push({
          key: `passenger-${p.id}`,
          group: 'passengers',
          label: p.full_name,
          secondary: <bdi dir="ltr">{formatPhone(p.phone_number)}</bdi>,
          run: go(to),
        });
    }
    for (const c of captains.data?.data ?? [])
      items.push({
        key: `captain-${c.id}`,
        group: 'captains',
        label: c.full_name,
        secondary: c.phone_number ? <bdi dir="ltr">{formatPhone(c.phone_number)}</bdi> : undefined,
        run: go(pathTo('Captain', { id: c.id })),
      });
  }
  items.push(...rank(trimmed, actions, (a) => [a.label, ...(a.aliases ?? [])]));

  // With nothing typed, what one can do comes first; with a query, what was asked for.
  const sections = groupItems(items, trimmed ? GROUP_ORDER : ['actions', 'pages']);
  const ordered = sections.flatMap((section) => section.items);
  const found = ordered.findIndex((item) => item.key === activeKey);
  const activeIndex = found >= 0 ? found : ordered.length > 0 ? 0 : -1;
  const active = activeIndex >= 0 ? ordered[activeIndex] : undefined;

  const loading =
    (searchable || debounced !== trimmed) &&
    (debounced !== trimmed ||
      (searchPassengers && passengers.isFetching) ||
      (searchCaptains && captains.isFetching) ||
      booking.isFetching);

  useEffect(() => {
    if (active) document.getElementById(optionId(active.key))?.scrollIntoView({ block: 'nearest' });
  });

  const run = (item: PaletteItem) => {
    onClose();
    item.run();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = moveActive(activeIndex, event.key === 'ArrowDown' ? 1 : -1, ordered.length);
      setActiveKey(next >= 0 ? ordered[next].key : null);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (active) run(active);
    }
  };

  return (
    <>
      <Box sx={{ px: 2, pt: 1.5, pb: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Box
          component="input"
          autoFocus
          value={query}
          onChange={(event: ChangeEvent<HTMLInputElement>) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('Search pages, bookings, passengers, drivers or actions')}
          role="combobox"
          aria-label={t('Command palette')}
          aria-expanded={ordered.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active ? optionId(active.key) : undefined}
          autoComplete="off"
          spellCheck={false}
          data-testid="palette-input"
          sx={{
            width: '100%',
            border: 0,
            outline: 0,
            bgcolor: 'transparent',
            color: 'text.primary',
            font: 'inherit',
            fontSize: 17,
            py: 0.75,
            '&::placeholder': { color: 'text.secondary', opacity: 1 },
          }}
        />
      </Box>
      <Box sx={{ height: 2 }}>{loading && <LinearProgress sx={{ height: 2 }} />}</Box>
      <Box
        role="listbox"
        id={listId}
        aria-label={t('Results')}
        data-testid="palette-results"
        sx={{ maxHeight: '55vh', overflowY: 'auto', py: 0.5 }}
      >
        {sections.map((section) => {
          const headingId = `${listId}-h-${section.group}`;
          return (
            <Box key={section.group} role="group" aria-labelledby={headingId}>
              <Typography
                id={headingId}
                role="presentation"
                sx={{
                  px: 2,
                  pt: 1,
                  pb: 0.5,
                  fontSize: 12,
                  fontWeight: 700,
                  color: 'text.secondary',
                  textTransform: 'uppercase',
                  letterSpacing: 0.4,
                }}
              >
                {t(GROUP_HEADINGS[section.group])}
              </Typography>
              {section.items.map((item) => {
                const selected = item.key === active?.key;
                return (
                  <Box
                    key={item.key}
                    id={optionId(item.key)}
                    role="option"
                    aria-selected={selected}
                    data-testid={`palette-option-${item.key}`}
                    onMouseMove={() => !selected && setActiveKey(item.key)}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => run(item)}
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 1.5,
                      px: 2,
                      py: 0.75,
                      cursor: 'pointer',
                      bgcolor: selected ? 'action.selected' : undefined,
                      borderInlineStart: 3,
                      borderInlineStartColor: selected ? 'primary.main' : 'transparent',
                    }}
                  >
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography noWrap sx={{ fontSize: 14, color: 'text.primary' }}>
                        {item.label}
                      </Typography>
                      {item.secondary && (
                        <Typography noWrap sx={{ fontSize: 12, color: 'text.secondary' }}>
                          {item.secondary}
                        </Typography>
                      )}
                    </Box>
                    {item.hint && <Keys keys={item.hint} />}
                  </Box>
                );
              })}
            </Box>
          );
        })}
        {trimmed && !loading && ordered.length === 0 && (
          <Typography role="status" sx={{ px: 2, py: 2, color: 'text.secondary' }} data-testid="palette-empty">
            {t('No results')}
          </Typography>
        )}
        {trimmed && loading && ordered.length === 0 && (
          <Typography role="status" sx={{ px: 2, py: 2, color: 'text.secondary' }}>
            {t('Searching…')}
          </Typography>
        )}
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          px: 2,
          py: 1,
          borderTop: 1,
          borderColor: 'divider',
          color: 'text.secondary',
          fontSize: 12,
        }}
      >
        <Hint keys="↑ ↓" label={t('Move')} />
        <Hint keys="Enter" label={t('Open')} />
        <Hint keys="Esc" label={t('Close')} />
      </Box>
    </>
  );
}

function Hint({ keys, label }: { keys: string; label: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <Keys keys={keys} />
      {label}
    </Box>
  );
}

/** Key names printed on French keyboards in French (Entrée, Échap); letters and symbols stay as they are. */
const KEY_NAMES = new Set(['Enter', 'Esc']);

/** Keys as keyboard caps ("Mod+K" → Ctrl K, or ⌘ K on a Mac), always left to right. */
export function Keys({ keys }: { keys: string }) {
  const { t } = useTranslation();
  return (
    <Box component="span" dir="ltr" sx={{ display: 'inline-flex', gap: 0.5 }}>
      {displayKeys(keys).map((part) => (
        <Box
          key={part}
          component="kbd"
          sx={{
            px: 0.75,
            minWidth: 22,
            textAlign: 'center',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'action.hover',
            color: 'text.primary',
            fontFamily: 'inherit',
            fontSize: 12,
            lineHeight: '20px',
          }}
        >
          {KEY_NAMES.has(part) ? t(part) : part}
        </Box>
      ))}
    </Box>
  );
}

/** The command palette (Ctrl/Cmd+K): pages, bookings by id, passengers, drivers and actions, as allowed. */
export function CommandPalette({
  open,
  onClose,
  onShowShortcuts,
}: {
  open: boolean;
  onClose: () => void;
  onShowShortcuts: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      data-testid="command-palette"
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
      slotProps={{ paper: { sx: { mt: '12vh' }, 'aria-label': t('Command palette') } }}
    >
      {open && <PaletteBody onClose={onClose} onShowShortcuts={onShowShortcuts} />}
    </Dialog>
  );
}
