import { Box, type SxProps, type Theme } from '@mui/material';
import type * as maplibregl from 'maplibre-gl';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { loadMaplibre } from './maplibre';
import { LIGHT_MAP, mapPalette } from './palette';

export { useMap } from './context';

/** OSM raster tiles unless GET app_info names another tile server (`tile_url`). */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** Shown where tiles cannot load (offline machines, CI): the layers stay readable on it. */
export const MAP_BACKGROUND = LIGHT_MAP.background;

/**
 * The map's box: the style's background in the theme's mode (so nothing flashes light in dark mode), and
 * MapLibre's popups and controls in the theme's colours. Popups and controls keep working right-to-left.
 */
export function mapSurfaceSx(theme: Theme): SxProps<Theme> {
  const dark = theme.palette.mode === 'dark';
  const paper = theme.palette.background.paper;
  return {
    position: 'relative',
    minHeight: 240,
    bgcolor: mapPalette(dark).background,
    borderRadius: 1,
    overflow: 'hidden',
    '& .maplibregl-popup-content': {
      bgcolor: paper,
      color: 'text.primary',
      font: theme.typography.body2.font,
      fontSize: 13,
      fontWeight: 500,
      px: 1,
      py: 0.5,
      boxShadow: 3,
      textAlign: 'start',
      unicodeBidi: 'plaintext',
    },
    '& .maplibregl-popup-anchor-top .maplibregl-popup-tip': { borderBottomColor: paper },
    '& .maplibregl-popup-anchor-bottom .maplibregl-popup-tip': { borderTopColor: paper },
    '& .maplibregl-popup-anchor-left .maplibregl-popup-tip': { borderRightColor: paper },
    '& .maplibregl-popup-anchor-right .maplibregl-popup-tip': { borderLeftColor: paper },
    ...(dark
      ? {
          '& .maplibregl-ctrl-group': { bgcolor: 'background.paper' },
          '& .maplibregl-ctrl-group button + button': { borderTopColor: 'divider' },
          '& .maplibregl-ctrl button .maplibregl-ctrl-icon': { filter: 'invert(1)' },
          '& .maplibregl-ctrl-attrib': { bgcolor: 'rgba(0,0,0,.55)', color: 'text.secondary' },
          '& .maplibregl-ctrl-attrib a': { color: 'text.secondary' },
        }
      : {}),
  };
}

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
  /**
   * The map's accessible name, translated: MapLibre makes its canvas a focusable region named "Map" (set
   * on the canvas, which has that role: never an aria-label on the box, a plain div).
   */
  label?: string;
}

/** The map's component and MapLibre itself are fetched in parallel, the first time a map is shown. */
const MapCanvas = lazy(async () => {
  const [canvas] = await Promise.all([import('./MapCanvas'), loadMaplibre()]);
  return canvas;
});

/** Holds the map's place (same box, same size) while its code loads, so nothing jumps. */
function MapPlaceholder({ sx, name, testId }: Pick<MapViewProps, 'sx' | 'name' | 'testId'>) {
  const { t } = useTranslation();
  // A progress bar while the code loads: a role that may carry a name (a plain div may not, for axe).
  return (
    <Box
      data-testid={testId}
      role="progressbar"
      aria-label={t('Loading the map…')}
      sx={[(theme) => mapSurfaceSx(theme), ...(Array.isArray(sx) ? sx : [sx])] as SxProps<Theme>}
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
