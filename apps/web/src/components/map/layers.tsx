import type { FeatureCollection } from 'geojson';
import type * as maplibregl from 'maplibre-gl';
import { useEffect, useMemo } from 'react';
import { useMap } from './context';

type SourcedLayer = Exclude<maplibregl.LayerSpecification, maplibregl.BackgroundLayerSpecification>;
/** A layer of a source-bound type, without its source (the component names it). */
export type LayerSpec = SourcedLayer extends infer L ? (L extends SourcedLayer ? Omit<L, 'source'> : never) : never;
export type GeoJson = FeatureCollection;
export const EMPTY_COLLECTION: GeoJson = { type: 'FeatureCollection', features: [] };

/** Reports a source's feature count on the map container (`data-source-<id>`), so tests can see what is drawn. */
function report(map: maplibregl.Map, id: string, count: number | null): void {
  const el = map.getContainer();
  if (count === null) el.removeAttribute(`data-source-${id}`);
  else el.setAttribute(`data-source-${id}`, String(count));
}

/**
 * Adds a GeoJSON source and its layers while mounted, removes them on unmount. `layers` must be stable
 * (module constants or memoised). Returns nothing: the data is set by useSourceData or imperatively.
 */
export function useGeoJsonSource(
  id: string,
  layers: readonly LayerSpec[],
  options: Omit<maplibregl.GeoJSONSourceSpecification, 'type' | 'data'> = {},
): maplibregl.Map | null {
  const map = useMap();
  const optionsKey = JSON.stringify(options);
  useEffect(() => {
    if (!map) return;
    map.addSource(id, { type: 'geojson', data: EMPTY_COLLECTION, ...JSON.parse(optionsKey) });
    for (const layer of layers) map.addLayer({ ...layer, source: id } as maplibregl.LayerSpecification);
    report(map, id, 0);
    return () => {
      // The map may already be gone (MapView unmounted first): then there is nothing to clean.
      if (!map.getStyle()) return;
      for (const layer of layers) if (map.getLayer(layer.id)) map.removeLayer(layer.id);
      if (map.getSource(id)) map.removeSource(id);
      report(map, id, null);
    };
  }, [map, id, layers, optionsKey]);
  return map;
}

/** Sets a source's data (after the source exists). */
export function setSourceData(map: maplibregl.Map, id: string, data: GeoJson): void {
  const source = map.getSource(id) as maplibregl.GeoJSONSource | undefined;
  if (!source) return;
  source.setData(data);
  report(map, id, data.features.length);
}

/**
 * Applies a diff to a source whose features have ids (GeoJSONSource.updateData): only the changed
 * features cross to the map's worker. `count` is the source's feature count afterwards (for tests).
 */
export function updateSourceData(
  map: maplibregl.Map,
  id: string,
  diff: maplibregl.GeoJSONSourceDiff,
  count: number,
): void {
  const source = map.getSource(id) as maplibregl.GeoJSONSource | undefined;
  if (!source) return;
  void source.updateData(diff);
  report(map, id, count);
}

/** A layer component: a GeoJSON source with its layers, its data kept in step with the `data` prop. */
export function GeoJsonLayer({
  id,
  data,
  layers,
  options,
}: {
  id: string;
  data: GeoJson;
  layers: readonly LayerSpec[];
  options?: Omit<maplibregl.GeoJSONSourceSpecification, 'type' | 'data'>;
}) {
  const map = useGeoJsonSource(id, layers, options);
  // New layers (a theme's colours) re-create the source empty: its data is set again after it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: layers and options re-create the source
  useEffect(() => {
    if (map) setSourceData(map, id, data);
  }, [map, id, data, layers, JSON.stringify(options ?? {})]);
  return null;
}

export interface PinPoint {
  lon: number;
  lat: number;
  colour: string;
  label?: string;
}

const pinLayers = (id: string, radius: number): LayerSpec[] => [
  {
    id: `${id}-circle`,
    type: 'circle',
    paint: {
      'circle-radius': radius,
      'circle-color': ['get', 'colour'],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  },
];
const PIN_LAYERS = new Map<string, LayerSpec[]>();
function pinLayersOf(id: string, radius: number): LayerSpec[] {
  const key = `${id}:${radius}`;
  let layers = PIN_LAYERS.get(key);
  if (!layers) {
    layers = pinLayers(id, radius);
    PIN_LAYERS.set(key, layers);
  }
  return layers;
}

export function pointsToGeoJson(points: readonly PinPoint[]): GeoJson {
  return {
    type: 'FeatureCollection',
    features: points.map((p) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [p.lon, p.lat] },
      properties: { colour: p.colour, label: p.label ?? '' },
    })),
  };
}

/** Coloured circle pins (WebGL, no DOM markers). */
export function PinsLayer({ id, points, radius = 8 }: { id: string; points: GeoJson; radius?: number }) {
  return <GeoJsonLayer id={id} data={points} layers={pinLayersOf(id, radius)} />;
}

const LINE_LAYERS = new Map<string, LayerSpec[]>();
/** A polyline (e.g. a ride's route). */
export function LineLayer({
  id,
  coordinates,
  colour,
  width = 5,
}: {
  id: string;
  coordinates: [number, number][];
  colour: string;
  width?: number;
}) {
  const key = `${id}:${colour}:${width}`;
  let layers = LINE_LAYERS.get(key);
  if (!layers) {
    layers = [
      {
        id: `${id}-casing`,
        type: 'line',
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': '#ffffff', 'line-width': width + 3 },
      },
      {
        id: `${id}-line`,
        type: 'line',
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': colour, 'line-width': width },
      },
    ];
    LINE_LAYERS.set(key, layers);
  }
  const data = useMemo<GeoJson>(
    () =>
      coordinates.length >= 2
        ? {
            type: 'FeatureCollection',
            features: [{ type: 'Feature', geometry: { type: 'LineString', coordinates }, properties: {} }],
          }
        : EMPTY_COLLECTION,
    [coordinates],
  );
  return <GeoJsonLayer id={id} data={data} layers={layers} />;
}

/**
 * The font stack of text on the map. Our style has no glyph server: MapLibre draws the letters with the
 * browser's own fonts (the stack is a CSS font-family list), so labels work offline and in every script.
 */
export const MAP_FONT = ['Roboto Medium', 'Arial', 'sans-serif'];

export type Bounds = [[number, number], [number, number]];

/** The box around positions ([lon, lat]); null without any. */
export function boundsOf(coordinates: readonly (readonly [number, number])[]): Bounds | null {
  if (coordinates.length === 0) return null;
  let [minLon, minLat] = coordinates[0];
  let [maxLon, maxLat] = coordinates[0];
  for (const [lon, lat] of coordinates) {
    minLon = Math.min(minLon, lon);
    maxLon = Math.max(maxLon, lon);
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
  }
  return [
    [minLon, minLat],
    [maxLon, maxLat],
  ];
}

/** Frames `bounds` at once (padding bounded by the map's size), and says so on the container (`data-fitted`). */
function frameBounds(map: maplibregl.Map, bounds: Bounds, padding: number, maxZoom: number): void {
  const { clientWidth, clientHeight } = map.getContainer();
  const pad = Math.max(8, Math.min(padding, clientWidth / 5, clientHeight / 5));
  map.fitBounds(bounds, { padding: pad, maxZoom, duration: 0 });
  map.getContainer().dataset.fitted = '1';
}

/** Frames these coordinates now (a button's "fit" rather than FitBounds' framing on every change). */
export function fitCoordinates(
  map: maplibregl.Map,
  coordinates: readonly (readonly [number, number])[],
  { padding = 48, maxZoom = 16 }: { padding?: number; maxZoom?: number } = {},
): void {
  const bounds = boundsOf(coordinates);
  if (bounds) frameBounds(map, bounds, padding, maxZoom);
}

/**
 * Frames positions on the map: when the map is ready and again whenever the box changes (a route that
 * arrives later, a dropoff set). One position is centred at `maxZoom`. The map's container says
 * `data-fitted="1"` once framed (for tests).
 */
export function FitBounds({
  coordinates,
  padding = 48,
  maxZoom = 16,
}: {
  coordinates: readonly (readonly [number, number])[];
  padding?: number;
  maxZoom?: number;
}) {
  const map = useMap();
  const bounds = boundsOf(coordinates);
  const key = bounds
    ? bounds
        .flat()
        .map((v) => v.toFixed(6))
        .join(',')
    : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the bounds
  useEffect(() => {
    if (!map || !bounds) return;
    let frame = requestAnimationFrame(() => {
      // A dialog or panel may still be laying out: size the map first, then frame.
      map.resize();
      frameBounds(map, bounds, padding, maxZoom);
      frame = 0;
    });
    return () => {
      if (frame) cancelAnimationFrame(frame);
    };
  }, [map, key, padding, maxZoom]);
  return null;
}
