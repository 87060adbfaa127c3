import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  Divider,
  InputAdornment,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  CAPTAIN_LIVE_STATES,
  CAPTAIN_STATE_COLORS,
  type CaptainLiveState,
  MAP_CENTER,
  MAP_ZOOM,
  RIDE_UI,
  TRACKING_UI,
  type TrackedCaptainDto,
} from '@taxi/shared';
import type * as maplibregl from 'maplibre-gl';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { MapView } from '../../components/map/MapView';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { useEventsTodayLayer } from '../events/EventsTodayLayer';
import { CaptainsLayer } from './CaptainsLayer';
import { useSupplyDemandLayer } from './SupplyDemandLayer';
import { useCaptainStore } from './store';

const LIST_LIMIT = 200;
const byName = new Intl.Collator(undefined, { sensitivity: 'base' });

function Dot({ state }: { state: CaptainLiveState }) {
  return (
    <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: CAPTAIN_STATE_COLORS[state], flex: 'none' }} />
  );
}

function CaptainRow({ c, onClick, selected }: { c: TrackedCaptainDto; onClick: () => void; selected?: boolean }) {
  return (
    <ListItemButton dense selected={selected} onClick={onClick} data-testid="tracked-captain">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', width: '100%' }}>
        <Dot state={c.state} />
        <ListItemText
          primary={c.name}
          secondary={`${c.car_number ?? RIDE_UI.none} · ${TRACKING_UI.stateLabels[c.state]}`}
          slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
        />
      </Stack>
    </ListItemButton>
  );
}

/**
 * The box of the captains' positions between the 5th and 95th percentiles (a few captains far out of town do not
 * zoom the city out: with 75 online, the three farthest each way); null without captains.
 */
function fleetBounds(captains: readonly TrackedCaptainDto[]): [[number, number], [number, number]] | null {
  if (captains.length === 0) return null;
  const lons = captains.map((c) => c.lon).sort((a, b) => a - b);
  const lats = captains.map((c) => c.lat).sort((a, b) => a - b);
  const at = (list: number[], q: number) => list[Math.min(list.length - 1, Math.floor(q * list.length))];
  return [
    [at(lons, 0.05), at(lats, 0.05)],
    [at(lons, 0.95), at(lats, 0.95)],
  ];
}

/** Every online captain live on one map (MONITORING): /rides_tracker and /drivers/map. */
export function TrackingPage() {
  useTranslation();
  const { store, panelRevision, loading, error } = useCaptainStore();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim().toLowerCase());
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [stack, setStack] = useState<number[] | null>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const [mapReady, setMapReady] = useState(false);
  const fitted = useRef(false);

  // The first picture frames where the captains are (a few far out do not count).
  // biome-ignore lint/correctness/useExhaustiveDependencies: panelRevision is the store's change signal
  useEffect(() => {
    const map = mapRef.current;
    if (fitted.current || !map || !mapReady || loading) return;
    const bounds = fleetBounds([...store.current.captains.values()]);
    if (!bounds) return;
    map.fitBounds(bounds, { padding: 48, maxZoom: 15, duration: 0 });
    fitted.current = true;
  }, [mapReady, loading, panelRevision, store]);

  // Names only change when captains join or leave: the sorted order is kept until then, and the
  // panel's pass (about once a second, never per position report) is a linear walk over it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: membership is the store's join/leave signal
  const byNameIds = useMemo(
    () => [...store.current.captains.values()].sort((a, b) => byName.compare(a.name, b.name)).map((c) => c.captain_id),
    [store.current.membership, store],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: panelRevision is the store's change signal
  const { counts, matches, total } = useMemo(() => {
    const counts = Object.fromEntries(CAPTAIN_LIVE_STATES.map((s) => [s, 0])) as Record<CaptainLiveState, number>;
    const matches: TrackedCaptainDto[] = [];
    const { captains } = store.current;
    for (const c of captains.values()) counts[c.state]++;
    for (const id of byNameIds) {
      const c = captains.get(id);
      if (!c) continue;
      if (!deferred || c.name.toLowerCase().includes(deferred) || (c.car_number ?? '').toLowerCase().includes(deferred))
        matches.push(c);
    }
    return { counts, matches, total: captains.size };
  }, [panelRevision, deferred, store, byNameIds]);

  const selected = selectedId === null ? null : (store.current.captains.get(selectedId) ?? null);
  const select = (id: number, fly = true) => {
    setSelectedId(id);
    setStack(null);
    const c = store.current.captains.get(id);
    if (fly && c && mapRef.current)
      mapRef.current.easeTo({ center: [c.lon, c.lat], zoom: Math.max(mapRef.current.getZoom(), 15) });
  };

  const events = useEventsTodayLayer();
  const supplyDemand = useSupplyDemandLayer();

  return (
    <Box sx={{ display: 'flex', gap: 2, p: { xs: 1, md: 2 }, flex: 1, minHeight: 480 }}>
      <Paper
        variant="outlined"
        sx={{ width: 320, flex: 'none', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      >
        <Box sx={{ p: 1.5 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              {TRACKING_UI.captains}
            </Typography>
            <Typography variant="body2" color="textSecondary" data-testid="online-count">
              {TRACKING_UI.online(total)}
            </Typography>
          </Stack>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5, mb: 1.5 }} data-testid="state-counts">
            {CAPTAIN_LIVE_STATES.filter((s) => s !== 'OFFLINE').map((s) => (
              <Chip
                key={s}
                size="small"
                variant="outlined"
                icon={<Dot state={s} />}
                label={`${TRACKING_UI.stateLabels[s]} ${counts[s]}`}
                sx={{ pl: 0.5 }}
              />
            ))}
          </Stack>
          <TextField
            size="small"
            fullWidth
            placeholder={TRACKING_UI.searchLabel}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: { 'aria-label': TRACKING_UI.searchLabel },
            }}
          />
          {events.toggle}
          {supplyDemand.toggle}
        </Box>
        {loading && <LinearProgress />}
        {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        <Divider />
        <List component="div" dense sx={{ flex: 1, overflow: 'auto', py: 0 }} data-testid="captain-list">
          {!loading && matches.length === 0 && (
            <Typography variant="body2" color="textSecondary" sx={{ p: 2 }}>
              {TRACKING_UI.noMatch}
            </Typography>
          )}
          {matches.slice(0, LIST_LIMIT).map((c) => (
            <CaptainRow
              key={c.captain_id}
              c={c}
              selected={c.captain_id === selectedId}
              onClick={() => select(c.captain_id)}
            />
          ))}
          {matches.length > LIST_LIMIT && (
            <Typography variant="caption" color="textSecondary" component="div" sx={{ px: 2, py: 1 }}>
              {TRACKING_UI.moreInList(matches.length - LIST_LIMIT)}
            </Typography>
          )}
        </List>
        <Divider />
        <Box sx={{ p: 1.5, minHeight: 132 }} data-testid="selected-captain">
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="subtitle2">{TRACKING_UI.selected}</Typography>
            {selected && (
              <Button size="small" onClick={() => setSelectedId(null)}>
                {TRACKING_UI.clear}
              </Button>
            )}
          </Stack>
          {selected ? (
            <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, fontSize: 13 }}>
              <Box sx={{ color: 'text.secondary' }}>#</Box>
              <Box>
                {selected.captain_id} · {selected.name}
              </Box>
              <Box sx={{ color: 'text.secondary' }}>{TRACKING_UI.plate}</Box>
              <Box>{selected.car_number ?? RIDE_UI.none}</Box>
              <Box sx={{ color: 'text.secondary' }}>{TRACKING_UI.state}</Box>
              <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
                <Dot state={selected.state} />
                <span>{TRACKING_UI.stateLabels[selected.state]}</span>
              </Stack>
              <Box sx={{ color: 'text.secondary' }}>{TRACKING_UI.speed}</Box>
              <Box>
                {selected.speed_kmh == null
                  ? RIDE_UI.none
                  : TRACKING_UI.speedKmh(formatNumber(Math.round(selected.speed_kmh), 0))}
              </Box>
              <Box sx={{ color: 'text.secondary' }}>{TRACKING_UI.position}</Box>
              <Box>
                <bdi dir="ltr">
                  {selected.lat.toFixed(5)}, {selected.lon.toFixed(5)}
                </bdi>
              </Box>
              <Box sx={{ color: 'text.secondary' }}>{TRACKING_UI.lastReport}</Box>
              <Box>{formatDateTime(selected.at)}</Box>
            </Box>
          ) : (
            <Typography variant="body2" color="textSecondary">
              {TRACKING_UI.selectHint}
            </Typography>
          )}
        </Box>
      </Paper>
      <MapView
        name="tracking"
        center={MAP_CENTER}
        zoom={MAP_ZOOM}
        sx={{ flex: 1, height: '100%' }}
        onReady={(map) => {
          mapRef.current = map;
          setMapReady(true);
        }}
      >
        <CaptainsLayer
          store={store}
          selectedId={selectedId}
          onSelect={(id) => select(id, false)}
          onStack={(ids) => setStack(ids)}
          fleetSize={total}
        />
        {events.layer}
        {supplyDemand.layer}
      </MapView>
      <Dialog open={stack !== null} onClose={() => setStack(null)} fullWidth maxWidth="xs">
        <DialogTitle>{TRACKING_UI.stackTitle(stack?.length ?? 0)}</DialogTitle>
        <DialogContent dividers sx={{ p: 0 }}>
          <List component="div" dense>
            {(stack ?? []).map((id) => {
              const c = store.current.captains.get(id);
              return c ? <CaptainRow key={id} c={c} onClick={() => select(id, false)} /> : null;
            })}
          </List>
        </DialogContent>
      </Dialog>
    </Box>
  );
}
