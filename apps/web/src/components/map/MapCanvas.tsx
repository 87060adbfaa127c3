import 'maplibre-gl/dist/maplibre-gl.css';
import { Box, type SxProps, type Theme, useTheme } from '@mui/material';
import { MAP_CENTER, MAP_ZOOM } from '@taxi/shared';
import type { BasemapFeatureCollection } from '@taxi/shared/geo';
import type * as maplibregl from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../../app/appInfo';
import { useBasemap } from './basemap';
import { MapContext } from './context';
import { DEFAULT_TILE_URL, type MapViewProps, mapSurfaceSx } from './MapView';
import { maplibre } from './maplibre';
import { type MapPalette, mapPalette, rasterPaint } from './palette';

const width = (z12: number, z16: number, z18: number) =>
  ['interpolate', ['exponential', 1.6], ['zoom'], 12, z12, 16, z16, 18, z18] as unknown as number;

type StreetColour = 'service' | 'minor' | 'majorCasing' | 'major';

/** One line layer of the base map's streets of a class. */
function streetLayer(
  id: string,
  cls: string,
  colour: StreetColour,
  widths: [number, number, number],
  palette: MapPalette,
): maplibregl.LayerSpecification {
  return {
    id,
    type: 'line',
    source: 'city',
    filter: ['all', ['==', ['get', 'kind'], 'street'], ['==', ['get', 'class'], cls]] as never,
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': palette[colour], 'line-width': width(...widths) },
  };
}

/** The street layers and the palette entry each is painted with (the theme switch repaints them). */
const STREETS: [string, string, StreetColour, [number, number, number]][] = [
  ['city-service', 'service', 'service', [0.3, 2, 6]],
  ['city-minor', 'minor', 'minor', [0.6, 4, 12]],
  ['city-major-casing', 'major', 'majorCasing', [1.4, 7, 20]],
  ['city-major', 'major', 'major', [0.8, 5, 16]],
];

/**
 * The city's own streets and quarters (GET city/basemap) under the raster tiles: with tiles they are
 * hidden, without internet they are the map.
 */
function basemapLayers(palette: MapPalette): maplibregl.LayerSpecification[] {
  return [
    {
      id: 'city-sectors',
      type: 'fill',
      source: 'city',
      filter: ['==', ['get', 'kind'], 'sector'] as never,
      paint: { 'fill-color': palette.sector, 'fill-outline-color': palette.sectorOutline },
    },
    ...STREETS.map(([id, cls, colour, widths]) => streetLayer(id, cls, colour, widths, palette)),
  ];
}

function styleOf(
  tileUrl: string,
  basemap: BasemapFeatureCollection | undefined,
  dark: boolean,
): maplibregl.StyleSpecification {
  const palette = mapPalette(dark);
  return {
    version: 8,
    sources: {
      osm: { type: 'raster', tiles: [tileUrl], tileSize: 256, maxzoom: 19 },
      ...(basemap ? { city: { type: 'geojson', data: basemap as never } } : {}),
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': palette.background } },
      ...(basemap ? basemapLayers(palette) : []),
      { id: 'osm', type: 'raster', source: 'osm', paint: rasterPaint(dark) },
    ],
  };
}

/** Repaints the base map for the theme's mode, without rebuilding the map (the layers on it stay). */
function repaint(map: maplibregl.Map, dark: boolean): void {
  const palette = mapPalette(dark);
  const set = (layer: string, property: string, value: unknown) => {
    if (map.getLayer(layer)) map.setPaintProperty(layer, property as never, value as never);
  };
  set('background', 'background-color', palette.background);
  set('city-sectors', 'fill-color', palette.sector);
  set('city-sectors', 'fill-outline-color', palette.sectorOutline);
  for (const [id, , colour] of STREETS) set(id, 'line-color', palette[colour]);
  for (const [property, value] of Object.entries(rasterPaint(dark))) set('osm', property, value);
}

/**
 * One MapLibre instance (loaded through MapView, which imports this module and maplibre-gl on demand).
 * Children are layer components that render nothing and add their sources and layers to this map. Tile
 * failures are expected offline and ignored: the background colour stays.
 */
export default function MapCanvas({
  center = MAP_CENTER,
  zoom = MAP_ZOOM,
  children,
  sx,
  name,
  onReady,
  testId,
  label,
}: MapViewProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const dark = theme.palette.mode === 'dark';
  const rtl = theme.direction === 'rtl';
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<maplibregl.Map | null>(null);
  const [failed, setFailed] = useState(false);
  const appInfo = useAppInfo();
  const tileUrl = (appInfo.data as { tile_url?: string } | undefined)?.tile_url || DEFAULT_TILE_URL;
  const basemap = useBasemap();
  const initial = useRef({ center, zoom, onReady, dark });
  initial.current.dark = dark;
  const pending = appInfo.isPending || basemap.isPending;

  useEffect(() => {
    if (!container.current || pending) return;
    const lib = maplibre();
    let instance: maplibregl.Map;
    try {
      instance = new lib.Map({
        container: container.current,
        center: initial.current.center,
        zoom: initial.current.zoom,
        attributionControl: false,
        style: styleOf(tileUrl, basemap.data, initial.current.dark),
      });
    } catch (error) {
      console.error(error);
      setFailed(true);
      return;
    }
    // Unreachable tiles are expected offline (CI, closed networks): after a few failures with no tile ever
    // loaded, the raster layer is dropped so the map stops asking and the layers stay on the background.
    let tileFailures = 0;
    let tileLoaded = false;
    instance.on('data', (event) => {
      const e = event as { sourceId?: string; tile?: unknown };
      if (e.sourceId === 'osm' && e.tile) tileLoaded = true;
    });
    instance.on('error', (event) => {
      const e = event as { sourceId?: string };
      if (e.sourceId !== 'osm' || tileLoaded || ++tileFailures < 4) return;
      if (instance.getLayer('osm')) instance.removeLayer('osm');
      if (instance.getSource('osm')) instance.removeSource('osm');
    });
    let ready = false;
    const markReady = () => {
      if (ready || !instance.isStyleLoaded()) return;
      ready = true;
      setMap(instance);
      initial.current.onReady?.(instance);
    };
    instance.on('load', markReady);
    instance.on('styledata', markReady);
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(container.current);
    return () => {
      observer.disconnect();
      setMap(null);
      instance.remove();
    };
  }, [tileUrl, pending, basemap.data]);

  // MapLibre names its canvas region "Map" in English: the page's language, or the map's own name.
  const accessibleName = label ?? t('Map');
  useEffect(() => {
    map?.getCanvas().setAttribute('aria-label', accessibleName);
  }, [map, accessibleName]);

  // The theme's mode repaints the base map in place.
  useEffect(() => {
    if (map) repaint(map, dark);
  }, [map, dark]);

  // Zoom buttons and credits sit at the inline end: the right, or the left when the page reads right-to-left.
  const credit = t('© OpenStreetMap contributors');
  useEffect(() => {
    if (!map) return;
    const lib = maplibre();
    const navigation = new lib.NavigationControl({ showCompass: false });
    const attribution = new lib.AttributionControl({ compact: false, customAttribution: credit });
    map.addControl(navigation, rtl ? 'top-left' : 'top-right');
    map.addControl(attribution, rtl ? 'bottom-left' : 'bottom-right');
    return () => {
      try {
        map.removeControl(navigation);
        map.removeControl(attribution);
      } catch {
        // The map was removed first (MapView unmounting): its controls went with it.
      }
    };
  }, [map, rtl, credit]);

  return (
    <Box data-testid={testId} sx={[(th) => mapSurfaceSx(th), ...(Array.isArray(sx) ? sx : [sx])] as SxProps<Theme>}>
      {/* MapLibre's stylesheet (loaded with this chunk, after MUI's styles) makes its container
          position: relative: the container fills an absolutely placed box instead of being that box. */}
      <Box sx={{ position: 'absolute', inset: 0 }}>
        <Box
          ref={container}
          data-map={name}
          data-map-ready={map ? '1' : '0'}
          data-basemap={basemap.data ? '1' : '0'}
          sx={{ width: '100%', height: '100%' }}
        />
      </Box>
      {failed && (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', color: 'text.secondary' }}>
          {t('The map cannot be shown in this browser (WebGL is off).')}
        </Box>
      )}
      <MapContext.Provider value={map}>{children}</MapContext.Provider>
    </Box>
  );
}
