import { useMemo } from 'react';
import { GeoJsonLayer, type LayerSpec } from '../../components/map/layers';
import { type EventCircle, eventsToGeoJson } from './geo';

/** The events' colour on maps (a deep orange, apart from the captains' state colours). */
export const EVENT_COLOUR = '#e65100';

const LAYERS = new Map<string, LayerSpec[]>();
function layersOf(id: string): LayerSpec[] {
  let layers = LAYERS.get(id);
  if (!layers) {
    layers = [
      {
        id: `${id}-fill`,
        type: 'fill',
        filter: ['==', ['geometry-type'], 'Polygon'],
        paint: { 'fill-color': EVENT_COLOUR, 'fill-opacity': 0.15 },
      },
      {
        id: `${id}-outline`,
        type: 'line',
        filter: ['==', ['geometry-type'], 'Polygon'],
        paint: { 'line-color': EVENT_COLOUR, 'line-width': 2 },
      },
      {
        id: `${id}-centre`,
        type: 'circle',
        filter: ['==', ['geometry-type'], 'Point'],
        paint: {
          'circle-radius': 6,
          'circle-color': EVENT_COLOUR,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        },
      },
    ];
    LAYERS.set(id, layers);
  }
  return layers;
}

/** Events as discs of their radius with a dot at the centre (source `id`: `data-source-<id>` counts features). */
export function EventCircles({ id, events }: { id: string; events: readonly EventCircle[] }) {
  const data = useMemo(() => eventsToGeoJson(events), [events]);
  return <GeoJsonLayer id={id} data={data} layers={layersOf(id)} />;
}
