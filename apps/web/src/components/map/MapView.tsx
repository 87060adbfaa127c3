import { Box, type SxProps, type Theme } from '@mui/material';
import type * as maplibregl from 'maplibre-gl';
import { lazy, type ReactNode, Suspense } from 'react';
import { loadMaplibre } from './maplibre';

export { useMap } from './context';

/** OSM raster tiles unless GET app_info names another tile server (`tile_url`). */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** Shown where tiles cannot load (offline machines, CI): the layers stay readable on it. */
export const MAP_BACKGROUND = '#e8eef2';

export interface MapViewProps {
  center?: [number, number];
  zoom?: number;
  children?: ReactNode;
  sx?: SxProps<Theme>;
  /** Names the map for tests (`data-map`). */
  name?: string;
  onReady?: (map: maplibregl.Map) => void;
  /** `data-testid` of the map's box. */
  testId?: string;
}

/** The map's component and MapLibre itself are fetched in parallel, the first time a map is shown. */
const MapCanvas = lazy(async () => {
  const [canvas] = await Promise.all([import('./MapCanvas'), loadMaplibre()]);
  return canvas;
});

/** Holds the map's place (same box, same size) while its code loads, so nothing jumps. */
function MapPlaceholder({ sx, name, testId }: Pick<MapViewProps, 'sx' | 'name' | 'testId'>) {
  return (
    <Box
      data-testid={testId}
      aria-busy="true"
      sx={{ position: 'relative', minHeight: 240, bgcolor: MAP_BACKGROUND, borderRadius: 1, overflow: 'hidden', ...sx }}
    >
      <Box data-map={name} data-map-ready="0" data-map-loading="1" sx={{ position: 'absolute', inset: 0 }} />
    </Box>
  );
}

/**
 * One MapLibre map. Only this light wrapper is imported by pages and dialogs: MapLibre (≈290 KB gzip) and
 * the map code load when a map is first rendered. Children are layer components (see layers.tsx).
 */
export function MapView(props: MapViewProps) {
  return (
    <Suspense fallback={<MapPlaceholder sx={props.sx} name={props.name} testId={props.testId} />}>
      <MapCanvas {...props} />
    </Suspense>
  );
}
