import { Alert, Box, Divider, LinearProgress, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { cityLocalToDate, dateToCityLocal, SHIFTS_MAP_MSG as M, type ShiftsMapCaptain } from '@taxi/shared';
import type * as maplibregl from 'maplibre-gl';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { useSectorShapes } from '../../components/map/basemap';
import { FitBounds } from '../../components/map/layers';
import { MapView } from '../../components/map/MapView';
import { useShiftsMap } from './api';
import { PlannedSectorsLayer, ShiftCaptainsLayer } from './ShiftsMapLayers';
import { ShiftsMapLegend } from './ShiftsMapLegend';
import { ShiftsMapPanel } from './ShiftsMapPanel';

const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));

const NOW = 'now';

/** The instant of an hour of today on the city's clock (ISO), or '' for now. */
function instantOf(hour: string): string {
  if (hour === NOW) return '';
  const today = dateToCityLocal(new Date()).slice(0, 10);
  return cityLocalToDate(`${today} ${hour}:00`)?.toISOString() ?? '';
}

/**
 * /shifts/map (PLANNING): the sectors coloured by the captains planned now (or at an hour of today), the
 * online captains on shift inside or outside their zone, and the lists a planner acts on.
 */
export default function ShiftsMapPage() {
  useTranslation();
  const [hour, setHour] = useState(NOW);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const query = useShiftsMap(instantOf(hour));
  const data = query.data;
  const shapes = useSectorShapes();
  const mapRef = useRef<maplibregl.Map | null>(null);
  const framed = useMemo(() => [...shapes.values()].map((s) => s.label), [shapes]);
  const sectorName = useCallback((id: number) => shapes.get(id)?.name ?? `#${id}`, [shapes]);
  const online = (data?.captains ?? []).filter((c) => c.online).length;
  const focus = (c: ShiftsMapCaptain) => {
    if (c.lon !== null && c.lat !== null)
      mapRef.current?.easeTo({ center: [c.lon, c.lat], zoom: Math.max(mapRef.current.getZoom(), 15) });
  };

  return (
    <Box sx={{ display: 'flex', gap: 2, p: { xs: 1, md: 2 }, flex: 1, minHeight: 480 }}>
      <Paper
        variant="outlined"
        sx={{ width: 340, flex: 'none', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      >
        <Stack spacing={1} sx={{ p: 1.5 }}>
          <TextField
            select
            size="small"
            label={M.hour}
            value={hour}
            onChange={(e) => {
              setHour(e.target.value);
            }}
            slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
            data-testid="shifts-map-hour"
          >
            <MenuItem value={NOW}>{M.now}</MenuItem>
            {HOURS.map((h) => (
              <MenuItem key={h} value={h}>
                <bdi dir="ltr">{`${h}:00`}</bdi>
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
            <Typography variant="body2" data-testid="shifts-on-shift">
              {M.onShift(online)}
            </Typography>
            <Typography variant="caption" color="textSecondary">
              {M.live}
            </Typography>
          </Stack>
        </Stack>
        {query.isPending && <LinearProgress />}
        {query.error && <Alert severity="error">{errorMessage(query.error)}</Alert>}
        <Divider />
        <Box sx={{ flex: 1, overflow: 'auto', pb: 1 }}>
          <ShiftsMapPanel
            data={data}
            sectorName={sectorName}
            selectedId={selectedId}
            onSelectSector={setSelectedId}
            onFocusCaptain={focus}
          />
        </Box>
      </Paper>
      <MapView
        name="shifts-map"
        sx={{ flex: 1, height: '100%' }}
        onReady={(map) => {
          mapRef.current = map;
        }}
      >
        <PlannedSectorsLayer shapes={shapes} data={data} selectedId={selectedId} onSelect={setSelectedId} />
        <ShiftCaptainsLayer data={data} />
        <FitBounds coordinates={framed} maxZoom={15} />
        <ShiftsMapLegend />
      </MapView>
    </Box>
  );
}
