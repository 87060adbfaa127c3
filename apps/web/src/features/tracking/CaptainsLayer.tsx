import { CAPTAIN_STATE_COLORS } from '@taxi/shared';
import type * as maplibregl from 'maplibre-gl';
import { type RefObject, useEffect, useRef } from 'react';
import {
  EMPTY_COLLECTION,
  type GeoJson,
  type LayerSpec,
  setSourceData,
  updateSourceData,
  useGeoJsonSource,
} from '../../components/map/layers';
import { maplibre } from '../../components/map/maplibre';
import { diffOf, captainFeature as toFeature } from './sourceDiff';
import type { CaptainStore } from './store';

export const CAPTAINS_SOURCE = 'captains';
export const SELECTED_SOURCE = 'captain-selected';
/** Clusters stop above this zoom; past it every captain is its own circle. */
export const CLUSTER_MAX_ZOOM = 14;
/** The store is drawn at most this often (ms). */
export const FLUSH_MS = 250;

const stateColour: maplibregl.ExpressionSpecification = [
  'match',
  ['get', 'state'],
  ...Object.entries(CAPTAIN_STATE_COLORS).flat(),
  '#9e9e9e',
] as unknown as maplibregl.ExpressionSpecification;

const CAPTAIN_LAYERS: LayerSpec[] = [
  {
    id: 'captains-clusters',
    type: 'circle',
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': '#37474f',
      'circle-opacity': 0.85,
      'circle-radius': ['step', ['get', 'point_count'], 14, 25, 18, 100, 23, 500, 28],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  },
  {
    id: 'captains-points',
    type: 'circle',
    filter: ['!', ['has', 'point_count']],
    paint: {
      'circle-color': stateColour,
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 10, 4, 14, 6, 17, 8],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1.5,
    },
  },
];
const SELECTED_LAYERS: LayerSpec[] = [
  {
    id: 'captain-selected-halo',
    type: 'circle',
    paint: { 'circle-radius': 16, 'circle-color': '#ffeb3b', 'circle-opacity': 0.55 },
  },
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
const CLUSTER_OPTIONS = { cluster: true, clusterMaxZoom: CLUSTER_MAX_ZOOM, clusterRadius: 50 };

export interface CaptainsLayerProps {
  store: RefObject<CaptainStore>;
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** Several captains at one place (a cluster at max zoom, or stacked points). */
  onStack: (ids: number[]) => void;
}

/** Every online captain as WebGL circles with clustering; the selected one in its own unclustered source. */
export function CaptainsLayer({ store, selectedId, onSelect, onStack }: CaptainsLayerProps) {
  const map = useGeoJsonSource(CAPTAINS_SOURCE, CAPTAIN_LAYERS, CLUSTER_OPTIONS);
  useGeoJsonSource(SELECTED_SOURCE, SELECTED_LAYERS);
  const selected = useRef(selectedId);
  selected.current = selectedId;
  const handlers = useRef({ onSelect, onStack });
  handlers.current = { onSelect, onStack };

  // Flush the store into the sources at most every FLUSH_MS, only when it changed.
  useEffect(() => {
    if (!map) return;
    let drawn = -1;
    let drawnIds = new Set<number>();
    let drawnSelected: number | null = null;
    let drawnSelectedRev = -1;
    const flush = () => {
      const s = store.current;
      if (s.revision !== drawn) {
        if (drawn === -1 || s.changed === null) {
          const features = Array.from(s.captains.values(), toFeature);
          setSourceData(map, CAPTAINS_SOURCE, { type: 'FeatureCollection', features });
          drawnIds = new Set(s.captains.keys());
        } else {
          // Only what moved since the last draw crosses to the map's worker (a few hundred of 5,000).
          updateSourceData(map, CAPTAINS_SOURCE, diffOf(s.captains, s.changed, drawnIds), s.captains.size);
        }
        s.changed = new Set();
        drawn = s.revision;
      }
      if (drawnSelected !== selected.current || drawnSelectedRev !== s.revision) {
        const c = selected.current === null ? undefined : s.captains.get(selected.current);
        const data: GeoJson = c ? { type: 'FeatureCollection', features: [toFeature(c)] } : EMPTY_COLLECTION;
        setSourceData(map, SELECTED_SOURCE, data);
        drawnSelected = selected.current;
        drawnSelectedRev = s.revision;
      }
    };
    flush();
    const timer = window.setInterval(flush, FLUSH_MS);
    return () => window.clearInterval(timer);
  }, [map, store]);

  // Clicks: a cluster zooms in (or lists its captains at max zoom); a point selects (or lists a stack).
  useEffect(() => {
    if (!map) return;
    const onClusterClick = async (e: maplibregl.MapLayerMouseEvent) => {
      const feature = e.features?.[0];
      if (!feature) return;
      const source = map.getSource(CAPTAINS_SOURCE) as maplibregl.GeoJSONSource;
      const clusterId = feature.properties?.cluster_id as number;
      const zoom = await source.getClusterExpansionZoom(clusterId);
      if (zoom > CLUSTER_MAX_ZOOM || map.getZoom() >= map.getMaxZoom() - 0.5) {
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
    const unpointer = () => {
      map.getCanvas().style.cursor = '';
    };
    map.on('click', 'captains-clusters', onClusterClick);
    map.on('click', 'captains-points', onPointClick);
    for (const layer of ['captains-clusters', 'captains-points']) {
      map.on('mouseenter', layer, pointer);
      map.on('mouseleave', layer, unpointer);
    }
    return () => {
      map.off('click', 'captains-clusters', onClusterClick);
      map.off('click', 'captains-points', onPointClick);
      for (const layer of ['captains-clusters', 'captains-points']) {
        map.off('mouseenter', layer, pointer);
        map.off('mouseleave', layer, unpointer);
      }
    };
  }, [map]);

  // Cluster counts: a few DOM labels for the clusters in view (text layers would need a glyph server).
  useEffect(() => {
    if (!map) return;
    const labels = new Map<number, maplibregl.Marker>();
    const update = () => {
      if (!map.getSource(CAPTAINS_SOURCE)) return;
      const seen = new Set<number>();
      for (const f of map.querySourceFeatures(CAPTAINS_SOURCE, { filter: ['has', 'point_count'] })) {
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
    // Not on every 'sourcedata' event (several per setData): after moves and on a slow timer.
    map.on('moveend', update);
    const timer = window.setInterval(update, 2 * FLUSH_MS);
    return () => {
      window.clearInterval(timer);
      map.off('moveend', update);
      for (const marker of labels.values()) marker.remove();
    };
  }, [map]);

  return null;
}
