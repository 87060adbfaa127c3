import 'maplibre-gl/dist/maplibre-gl.css';
import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { MAP_CENTER, MAP_ZOOM, RIDE_UI } from '@taxi/shared';
import type { BasemapFeatureCollection } from '@taxi/shared/geo';
import type * as maplibregl from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { apiData, endpoints } from '../../api/endpoints';
import { useAppInfo } from '../../app/appInfo';
import { MapContext } from './context';
import { DEFAULT_TILE_URL, MAP_BACKGROUND, type MapViewProps } from './MapView';
import { maplibre } from './maplibre';

const width = (z12: number, z16: number, z18: number) =>
  ['interpolate', ['exponential', 1.6], ['zoom'], 12, z12, 16, z16, 18, z18] as unknown as number;

/** One line layer of the base map's streets of a class. */
function streetLayer(id: string, cls: string, colour: string, widths: [number, number, number]) {
  return {
    id,
    type: 'line',
    source: 'city',
    filter: ['all', ['==', ['get', 'kind'], 'street'], ['==', ['get', 'class'], cls]] as never,
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': colour, 'line-width': width(...widths) },
  } satisfies maplibregl.LayerSpecification;
}

/**
 * The city's own streets and quarters (GET city/basemap) under the raster tiles: with tiles they are
 * hidden, without internet they are the map.
 */
const BASEMAP_LAYERS: maplibregl.LayerSpecification[] = [
  {
    id: 'city-sectors',
    type: 'fill',
    source: 'city',
    filter: ['==', ['get', 'kind'], 'sector'] as never,
    paint: { 'fill-color': '#dde6eb', 'fill-outline-color': '#b7c6cf' },
  },
  streetLayer('city-service', 'service', '#ffffff', [0.3, 2, 6]),
  streetLayer('city-minor', 'minor', '#ffffff', [0.6, 4, 12]),
  streetLayer('city-major-casing', 'major', '#d9c48f', [1.4, 7, 20]),
  streetLayer('city-major', 'major', '#fdf1c9', [0.8, 5, 16]),
];

function styleOf(tileUrl: string, basemap: BasemapFeatureCollection | undefined): maplibregl.StyleSpecification {
  return {
    version: 8,
    sources: {
      osm: { type: 'raster', tiles: [tileUrl], tileSize: 256, maxzoom: 19 },
      ...(basemap ? { city: { type: 'geojson', data: basemap as never } } : {}),
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': MAP_BACKGROUND } },
      ...(basemap ? BASEMAP_LAYERS : []),
      { id: 'osm', type: 'raster', source: 'osm' },
    ],
  };
}

/** The base map is the same for every map of the session: fetched once. */
function useBasemap() {
  return useQuery({
    queryKey: ['city', 'basemap'],
    queryFn: ({ signal }) => apiData(endpoints.basemap, { signal }) as Promise<BasemapFeatureCollection>,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
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
}: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<maplibregl.Map | null>(null);
  const [failed, setFailed] = useState(false);
  const appInfo = useAppInfo();
  const tileUrl = (appInfo.data as { tile_url?: string } | undefined)?.tile_url || DEFAULT_TILE_URL;
  const basemap = useBasemap();
  const initial = useRef({ center, zoom, onReady });
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
        attributionControl: { compact: false, customAttribution: RIDE_UI.mapCredit },
        style: styleOf(tileUrl, basemap.data),
      });
    } catch (error) {
      console.error(error);
      setFailed(true);
      return;
    }
    instance.addControl(new lib.NavigationControl({ showCompass: false }), 'top-right');
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

  return (
    <Box
      data-testid={testId}
      sx={{ position: 'relative', minHeight: 240, bgcolor: MAP_BACKGROUND, borderRadius: 1, overflow: 'hidden', ...sx }}
    >
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
          {RIDE_UI.mapUnavailable}
        </Box>
      )}
      <MapContext.Provider value={map}>{children}</MapContext.Provider>
    </Box>
  );
}
