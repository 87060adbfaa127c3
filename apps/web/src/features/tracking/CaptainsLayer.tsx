import { useTheme } from '@mui/material';
import { CAPTAIN_STATE_COLORS } from '@taxi/shared';
import type * as maplibregl from 'maplibre-gl';
import { type RefObject, useEffect, useRef } from 'react';
import {
  EMPTY_COLLECTION,
  type GeoJson,
  type LayerSpec,
  MAP_FONT,
  setSourceData,
  updateSourceData,
  useGeoJsonSource,
} from '../../components/map/layers';
import { maplibre } from '../../components/map/maplibre';
import { mapPalette } from '../../components/map/palette';
import { clusterOptionsFor, flushMs, glideFrameMs, LABEL_MIN_ZOOM, LARGE_FLEET, type LonLat } from './motion';
import { CaptainMotion, captainLabel } from './sourceDiff';
import type { CaptainStore } from './store';

export const CAPTAINS_SOURCE = 'captains';
export const SELECTED_SOURCE = 'captain-selected';

const stateColour: maplibregl.ExpressionSpecification = [
  'match',
  ['get', 'state'],
  ...Object.entries(CAPTAIN_STATE_COLORS).flat(),
  '#9e9e9e',
] as unknown as maplibregl.ExpressionSpecification;

const NOT_CLUSTER: maplibregl.FilterSpecification = ['!', ['has', 'point_count']];
const HAS_HEADING: maplibregl.FilterSpecification = ['all', NOT_CLUSTER, ['>=', ['get', 'heading'], 0]];
const NOSE_IMAGE = ['concat', 'captain-nose-', ['get', 'state']] as unknown as maplibregl.ExpressionSpecification;
/** The marker grows with the zoom; disc and heading nose together. */
const markerRadius = ['interpolate', ['linear'], ['zoom'], 10, 4.5, 14, 6.5, 17, 8.5] as unknown as number;
const noseSize = ['interpolate', ['linear'], ['zoom'], 10, 0.75, 14, 1, 17, 1.3] as unknown as number;

const noseLayer = (id: string, filter: maplibregl.FilterSpecification): LayerSpec => ({
  id,
  type: 'symbol',
  filter,
  layout: {
    'icon-image': NOSE_IMAGE,
    'icon-size': noseSize,
    'icon-rotate': ['get', 'heading'],
    'icon-rotation-alignment': 'map',
    'icon-allow-overlap': true,
    'icon-ignore-placement': true,
  },
});

export const CAPTAIN_LAYERS: LayerSpec[] = [
  {
    id: 'captains-clusters',
    type: 'circle',
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': '#37474f',
      'circle-opacity': 0.9,
      'circle-radius': ['step', ['get', 'point_count'], 11, 10, 14, 50, 18, 200, 23],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  },
  noseLayer('captains-heading', HAS_HEADING),
  {
    id: 'captains-points',
    type: 'circle',
    filter: NOT_CLUSTER,
    paint: {
      'circle-color': stateColour,
      'circle-radius': markerRadius,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1.5,
    },
  },
  {
    // Street zoom: every captain's "name · plate" (labels that would overlap are left out by MapLibre).
    id: 'captains-labels',
    type: 'symbol',
    filter: NOT_CLUSTER,
    minzoom: LABEL_MIN_ZOOM,
    layout: {
      'text-field': ['get', 'label'],
      'text-font': MAP_FONT,
      'text-size': 12,
      'text-anchor': 'top',
      'text-offset': [0, 1],
      'text-max-width': 14,
      'text-optional': true,
    },
    paint: { 'text-color': '#1b2631', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
  },
];
const SELECTED_LAYERS: LayerSpec[] = [
  {
    id: 'captain-selected-halo',
    type: 'circle',
    paint: { 'circle-radius': 16, 'circle-color': '#ffeb3b', 'circle-opacity': 0.55 },
  },
  noseLayer('captain-selected-heading', ['>=', ['get', 'heading'], 0]),
  {
    id: 'captain-selected-point',
    type: 'circle',
    paint: {
      'circle-radius': 8,
      'circle-color': stateColour,
      'circle-stroke-color': '#000000',
      'circle-stroke-width': 2,
    },
  },
];
const CAPTAIN_LAYER_IDS = ['captains-heading', 'captains-points'];

/**
 * The heading nose of one state: a triangle pointing up (north before rotation), outside the disc,
 * in the state's colour with a white edge. Drawn at 2× for sharp edges.
 */
function noseImage(colour: string): ImageData | null {
  const size = 64;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const c = size / 2;
  ctx.beginPath();
  ctx.moveTo(c, c - 29);
  ctx.lineTo(c + 11, c - 9);
  ctx.lineTo(c - 11, c - 9);
  ctx.closePath();
  ctx.fillStyle = colour;
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 3;
  ctx.lineJoin = 'round';
  ctx.stroke();
  ctx.fill();
  return ctx.getImageData(0, 0, size, size);
}

function addNoseImages(map: maplibregl.Map) {
  for (const [state, colour] of Object.entries({ ...CAPTAIN_STATE_COLORS, UNKNOWN: '#9e9e9e' })) {
    const name = `captain-nose-${state}`;
    if (map.hasImage(name)) continue;
    const image = noseImage(colour);
    if (image) map.addImage(name, image, { pixelRatio: 2 });
  }
}

const reducedMotion = () =>
  typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

export interface CaptainsLayerProps {
  store: RefObject<CaptainStore>;
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** Several captains at one place (a cluster at max zoom, or stacked points). */
  onStack: (ids: number[]) => void;
  /** How many captains are online: a large fleet clusters up to street zoom (clusterOptionsFor). */
  fleetSize: number;
}

/**
 * Every online captain as a WebGL disc with a heading nose; only captains whose markers overlap are
 * clustered, and never at street zoom. Captains glide between reports; names and plates show on hover and
 * from street zoom. The selected one is in its own unclustered source.
 */
export function CaptainsLayer({ store, selectedId, onSelect, onStack, fleetSize }: CaptainsLayerProps) {
  const theme = useTheme();
  const dark = theme.palette.mode === 'dark';
  // Two tiers only, so the source is rebuilt at most when the fleet crosses LARGE_FLEET.
  const large = fleetSize > LARGE_FLEET;
  const clusterOptions = clusterOptionsFor(large ? LARGE_FLEET + 1 : 0);
  const clusterMaxZoom = clusterOptions.clusterMaxZoom;
  const map = useGeoJsonSource(CAPTAINS_SOURCE, CAPTAIN_LAYERS, clusterOptions);
  useGeoJsonSource(SELECTED_SOURCE, SELECTED_LAYERS);
  const selected = useRef(selectedId);
  selected.current = selectedId;
  const fleet = useRef(fleetSize);
  fleet.current = fleetSize;
  const handlers = useRef({ onSelect, onStack });
  handlers.current = { onSelect, onStack };

  const clusterZoom = useRef(clusterMaxZoom);
  clusterZoom.current = clusterMaxZoom;

  // A large fleet is drawn as discs and clusters only: heading noses and labels are symbols, whose
  // placement on every source update would cost the frame rate of 5,000 moving captains.
  useEffect(() => {
    if (!map) return;
    for (const id of ['captains-heading', 'captains-labels'])
      if (map.getLayer(id)) map.setLayoutProperty(id, 'visibility', large ? 'none' : 'visible');
  }, [map, large]);

  // Labels follow the theme (dark text on a light map, light text on a dark one).
  useEffect(() => {
    if (!map?.getLayer('captains-labels')) return;
    const palette = mapPalette(dark);
    map.setPaintProperty('captains-labels', 'text-color', palette.label);
    map.setPaintProperty('captains-labels', 'text-halo-color', palette.labelHalo);
  }, [map, dark]);

  // Reads the store every flushMs (by the fleet's size); reports start glides drawn at up to ~30 frames a second.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new cluster tier rebuilt the source: draw all again
  useEffect(() => {
    if (!map) return;
    addNoseImages(map);
    const motion = new CaptainMotion(reducedMotion);
    const container = map.getContainer();
    let drawn = -1;
    let drawnSelected: number | null = null;
    let frame = 0;
    let lastFrame = 0;

    const drawSelected = () => {
      const c = selected.current === null ? undefined : store.current.captains.get(selected.current);
      const data: GeoJson = c ? { type: 'FeatureCollection', features: [motion.featureOf(c)] } : EMPTY_COLLECTION;
      setSourceData(map, SELECTED_SOURCE, data);
      drawnSelected = selected.current;
    };

    const glide = (now: number) => {
      frame = 0;
      if (motion.glidingCount === 0) return;
      if (now - lastFrame >= glideFrameMs(motion.tracks.size)) {
        lastFrame = now;
        const bounds = map.getBounds();
        const inView = (p: LonLat) => bounds.contains(p);
        const updates = motion.frame(Date.now(), inView);
        if (updates.length) {
          updateSourceData(map, CAPTAINS_SOURCE, { add: [], update: updates, remove: [] } as never, motion.tracks.size);
          if (selected.current !== null && updates.some((u) => u.id === selected.current)) drawSelected();
        }
      }
      container.dataset.gliding = String(motion.glidingCount);
      if (motion.glidingCount > 0) frame = requestAnimationFrame(glide);
    };

    const flush = () => {
      const s = store.current;
      if (s.revision !== drawn) {
        const full = drawn === -1 || s.changed === null;
        const diff = motion.apply(s.captains, full ? null : s.changed, Date.now());
        if (full) {
          const features = [...motion.tracks.keys()].flatMap((id) => {
            const c = s.captains.get(id);
            return c ? [motion.featureOf(c)] : [];
          });
          setSourceData(map, CAPTAINS_SOURCE, { type: 'FeatureCollection', features });
        } else if (diff.add.length || diff.update.length || diff.remove.length) {
          // Only what changed since the last read crosses to the map's worker.
          updateSourceData(map, CAPTAINS_SOURCE, diff as never, motion.tracks.size);
        }
        s.changed = new Set();
        drawn = s.revision;
        drawSelected();
        if (motion.glidingCount > 0 && !frame) frame = requestAnimationFrame(glide);
      } else if (drawnSelected !== selected.current) drawSelected();
    };
    let timer = 0;
    const tick = () => {
      flush();
      timer = window.setTimeout(tick, flushMs(fleet.current));
    };
    tick();
    return () => {
      window.clearTimeout(timer);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [map, store, clusterMaxZoom]);

  // Cluster counts: a few DOM labels for the clusters in view (a text layer's placement on every update of
  // a 5,000-captain source costs more frames than these).
  useEffect(() => {
    if (!map) return;
    const labels = new Map<number, maplibregl.Marker>();
    const update = () => {
      if (!map.getLayer('captains-clusters')) return;
      const seen = new Set<number>();
      // The clusters drawn (the source's loaded tiles may hold other zooms' clusters too).
      for (const f of map.queryRenderedFeatures({ layers: ['captains-clusters'] })) {
        const id = f.properties?.cluster_id as number;
        if (seen.has(id)) continue;
        seen.add(id);
        const coords = (f.geometry as GeoJSON.Point).coordinates as [number, number];
        const text = String(f.properties?.point_count_abbreviated ?? f.properties?.point_count);
        let marker = labels.get(id);
        if (!marker) {
          const el = document.createElement('div');
          el.style.cssText = 'color:#fff;font:600 12px system-ui,sans-serif;pointer-events:none';
          marker = new (maplibre().Marker)({ element: el }).setLngLat(coords).addTo(map);
          labels.set(id, marker);
        } else marker.setLngLat(coords);
        marker.getElement().textContent = text;
      }
      for (const [id, marker] of labels)
        if (!seen.has(id)) {
          marker.remove();
          labels.delete(id);
        }
    };
    // After moves, and once each new data has been drawn (not on every 'sourcedata' event: several per update).
    let pending = false;
    const afterRender = () => {
      pending = false;
      update();
    };
    const onData = (e: maplibregl.MapSourceDataEvent) => {
      if (pending || e.sourceId !== CAPTAINS_SOURCE || !map.isSourceLoaded(CAPTAINS_SOURCE)) return;
      pending = true;
      map.once('render', afterRender);
    };
    map.on('moveend', update);
    map.on('sourcedata', onData);
    return () => {
      map.off('moveend', update);
      map.off('sourcedata', onData);
      map.off('render', afterRender);
      for (const marker of labels.values()) marker.remove();
    };
  }, [map]);

  // What is drawn, for tests and the panel: captains drawn one by one and clusters, on the map's container.
  useEffect(() => {
    if (!map) return;
    const container = map.getContainer();
    const count = () => {
      if (!map.getLayer('captains-points')) return;
      const points = new Set<number>();
      for (const f of map.queryRenderedFeatures({ layers: ['captains-points'] })) points.add(Number(f.properties?.id));
      const clusters = new Set<number>();
      for (const f of map.queryRenderedFeatures({ layers: ['captains-clusters'] }))
        clusters.add(Number(f.properties?.cluster_id));
      const labels = map.getZoom() >= LABEL_MIN_ZOOM ? map.queryRenderedFeatures({ layers: ['captains-labels'] }) : [];
      container.dataset.renderedCaptains = String(points.size);
      container.dataset.renderedLabels = String(labels.length);
      container.dataset.zoom = map.getZoom().toFixed(1);
      container.dataset.renderedClusters = String(clusters.size);
    };
    // Only when the map settles (never per frame: querying 5,000 features is not free).
    map.on('idle', count);
    map.on('moveend', count);
    return () => {
      map.off('idle', count);
      map.off('moveend', count);
    };
  }, [map]);

  // Clicks: a cluster zooms in (or lists its captains at max zoom); a point selects (or lists a stack).
  // Hover: the captain's "name · plate" in a small popup.
  useEffect(() => {
    if (!map) return;
    const popup = new (maplibre().Popup)({
      closeButton: false,
      closeOnClick: false,
      offset: 14,
      className: 'captain-hover',
      maxWidth: '260px',
    });
    let hovered: number | null = null;
    const onClusterClick = async (e: maplibregl.MapLayerMouseEvent) => {
      const feature = e.features?.[0];
      if (!feature) return;
      const source = map.getSource(CAPTAINS_SOURCE) as maplibregl.GeoJSONSource;
      const clusterId = feature.properties?.cluster_id as number;
      const zoom = await source.getClusterExpansionZoom(clusterId);
      if (zoom > clusterZoom.current + 1 || map.getZoom() >= map.getMaxZoom() - 0.5) {
        const leaves = await source.getClusterLeaves(clusterId, 1000, 0);
        handlers.current.onStack(leaves.map((l) => Number(l.properties?.id)));
        return;
      }
      map.easeTo({ center: (feature.geometry as GeoJSON.Point).coordinates as [number, number], zoom });
    };
    const onPointClick = (e: maplibregl.MapLayerMouseEvent) => {
      const ids = [...new Set((e.features ?? []).map((f) => Number(f.properties?.id)))];
      if (ids.length > 1) handlers.current.onStack(ids);
      else if (ids.length === 1) handlers.current.onSelect(ids[0]);
    };
    const pointer = () => {
      map.getCanvas().style.cursor = 'pointer';
    };
    const onPointMove = (e: maplibregl.MapLayerMouseEvent) => {
      pointer();
      const feature = e.features?.[0];
      if (!feature) return;
      const id = Number(feature.properties?.id);
      const coordinates = (feature.geometry as GeoJSON.Point).coordinates as [number, number];
      popup.setLngLat(coordinates);
      if (hovered === id && popup.isOpen()) return;
      hovered = id;
      const c = store.current.captains.get(id);
      popup.setText(c ? captainLabel(c) : String(feature.properties?.label ?? '')).addTo(map);
      popup.getElement()?.setAttribute('data-testid', 'captain-hover');
    };
    const unpointer = () => {
      map.getCanvas().style.cursor = '';
      hovered = null;
      popup.remove();
    };
    map.on('click', 'captains-clusters', onClusterClick);
    map.on('click', 'captains-points', onPointClick);
    map.on('mouseenter', 'captains-clusters', pointer);
    map.on('mouseleave', 'captains-clusters', unpointer);
    for (const layer of CAPTAIN_LAYER_IDS) {
      map.on('mousemove', layer, onPointMove);
      map.on('mouseleave', layer, unpointer);
    }
    return () => {
      popup.remove();
      map.off('click', 'captains-clusters', onClusterClick);
      map.off('click', 'captains-points', onPointClick);
      map.off('mouseenter', 'captains-clusters', pointer);
      map.off('mouseleave', 'captains-clusters', unpointer);
      for (const layer of CAPTAIN_LAYER_IDS) {
        map.off('mousemove', layer, onPointMove);
        map.off('mouseleave', layer, unpointer);
      }
    };
  }, [map, store]);

  return null;
}
