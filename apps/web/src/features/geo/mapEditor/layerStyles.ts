import type { Theme } from '@mui/material';
import type { GeoLayer } from '@taxi/shared';
import type { LayerSpec } from '../../../components/map/layers';

/** Each layer's colour on the map, from the theme's palette (so both modes keep their contrast). */
export function layerColours(theme: Theme): Record<GeoLayer, string> {
  const p = theme.palette;
  return {
    sectors: p.info.main,
    restricted_areas: p.error.main,
    blacklist_locations: p.warning.main,
    stations: p.success.main,
    landmarks: p.secondary.main,
    locations: p.primary.main,
    seasonal_destinations: p.secondary.dark,
  };
}

/** A shown (not edited) layer: outlines lightly filled, points as circles with the paper's edge. */
export function shownLayerSpecs(source: string, colour: string, edge: string): LayerSpec[] {
  return [
    {
      id: `${source}-fill`,
      type: 'fill',
      filter: ['!=', ['geometry-type'], 'Point'],
      paint: { 'fill-color': colour, 'fill-opacity': 0.12 },
    },
    {
      id: `${source}-outline`,
      type: 'line',
      filter: ['!=', ['geometry-type'], 'Point'],
      paint: { 'line-color': colour, 'line-width': 1.5, 'line-dasharray': [2, 1] },
    },
    {
      id: `${source}-points`,
      type: 'circle',
      filter: ['==', ['geometry-type'], 'Point'],
      paint: { 'circle-radius': 5, 'circle-color': colour, 'circle-stroke-color': edge, 'circle-stroke-width': 1.5 },
    },
  ];
}
