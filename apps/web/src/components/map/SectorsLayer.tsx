import { useTheme } from '@mui/material';
import type * as maplibregl from 'maplibre-gl';
import { useEffect, useMemo } from 'react';
import type { SectorShape } from './basemap';
import { useMap } from './context';
import { type GeoJson, GeoJsonLayer, type LayerSpec, MAP_FONT } from './layers';
import { mapPalette } from './palette';

/** A sector as a layer draws it: its colour (null: outline only) and the text written at its centre. */
export interface SectorPaint {
  id: number;
  colour: string | null;
  label: string;
}

/**
 * Sectors filled each in its own colour, outlined, with a label at their centre; `onSelect` is called with
 * the id of a clicked sector. Only the sectors listed in `paint` are drawn.
 */
export function SectorsLayer({
  id,
  shapes,
  paint,
  onSelect,
  selectedId = null,
  below,
}: {
  id: string;
  shapes: ReadonlyMap<number, SectorShape>;
  paint: readonly SectorPaint[];
  onSelect?: (sectorId: number) => void;
  selectedId?: number | null;
  /** A layer to stay under (the live captains), when the map already has it. */
  below?: string;
}) {
  const map = useMap();
  const theme = useTheme();
  const palette = mapPalette(theme.palette.mode === 'dark');
  const outline = theme.palette.text.secondary;
  const highlight = theme.palette.primary.main;
  const fillLayers = useMemo<LayerSpec[]>(
    () => [
      {
        id: `${id}-fill`,
        type: 'fill',
        filter: ['!=', ['get', 'colour'], ''],
        paint: { 'fill-color': ['get', 'colour'], 'fill-opacity': palette.fillOpacity },
      },
      {
        id: `${id}-outline`,
        type: 'line',
        paint: {
          'line-color': ['case', ['get', 'selected'], highlight, outline],
          'line-width': ['case', ['get', 'selected'], 3, 1],
          'line-opacity': ['case', ['get', 'selected'], 1, 0.6],
        },
      },
    ],
    [id, palette.fillOpacity, outline, highlight],
  );
  const labelLayers = useMemo<LayerSpec[]>(
    () => [
      {
        id: `${id}-labels`,
        type: 'symbol',
        layout: {
          'text-field': ['get', 'label'],
          'text-font': MAP_FONT,
          'text-size': 13,
          'text-allow-overlap': true,
          'text-max-width': 10,
        },
        paint: { 'text-color': palette.label, 'text-halo-color': palette.labelHalo, 'text-halo-width': 1.5 },
      },
    ],
    [id, palette.label, palette.labelHalo],
  );
  const { areas, labels } = useMemo(() => {
    const areas: GeoJson = { type: 'FeatureCollection', features: [] };
    const labels: GeoJson = { type: 'FeatureCollection', features: [] };
    for (const p of paint) {
      const shape = shapes.get(p.id);
      if (!shape) continue;
      const properties = { id: p.id, colour: p.colour ?? '', label: p.label, selected: p.id === selectedId };
      areas.features.push({ type: 'Feature', id: p.id, geometry: shape.geometry, properties });
      labels.features.push({ type: 'Feature', geometry: { type: 'Point', coordinates: shape.label }, properties });
    }
    return { areas, labels };
  }, [shapes, paint, selectedId]);
  // Layers are added on top: a layer switched on later moves under the captains it would cover.
  useEffect(() => {
    if (!map || !below || !map.getLayer(below)) return;
    for (const layer of [...fillLayers, ...labelLayers]) if (map.getLayer(layer.id)) map.moveLayer(layer.id, below);
  }, [map, below, fillLayers, labelLayers]);
  return (
    <>
      <GeoJsonLayer id={id} data={areas} layers={fillLayers} />
      <GeoJsonLayer id={`${id}-label`} data={labels} layers={labelLayers} />
      {onSelect && <SectorClicks layer={`${id}-fill`} onSelect={onSelect} />}
    </>
  );
}

/** Calls `onSelect` with the clicked sector's id; the pointer shows the sectors can be clicked. */
function SectorClicks({ layer, onSelect }: { layer: string; onSelect: (sectorId: number) => void }) {
  const map = useMap();
  useEffect(() => {
    if (!map) return;
    const click = (e: maplibregl.MapLayerMouseEvent) => {
      const sectorId = e.features?.[0]?.properties?.id;
      if (typeof sectorId === 'number') onSelect(sectorId);
    };
    const enter = () => {
      map.getCanvas().style.cursor = 'pointer';
    };
    const leave = () => {
      map.getCanvas().style.cursor = '';
    };
    map.on('click', layer, click);
    map.on('mouseenter', layer, enter);
    map.on('mouseleave', layer, leave);
    return () => {
      map.off('click', layer, click);
      map.off('mouseenter', layer, enter);
      map.off('mouseleave', layer, leave);
    };
  }, [map, layer, onSelect]);
  return null;
}
