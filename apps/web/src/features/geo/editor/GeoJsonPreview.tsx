import { useTheme } from '@mui/material';
import type { FeatureCollection } from 'geojson';
import { useMemo } from 'react';
import { FitBounds, GeoJsonLayer, type LayerSpec } from '../../../components/map/layers';
import { MapView } from '../../../components/map/MapView';
import { positionsOf } from './previewData';

const SOURCE = 'geojson-preview';

/** The edited layer drawn on the map: outlines filled, points as circles, framed when a layer loads. */
export function GeoJsonPreview({ collection, frame }: { collection: FeatureCollection; frame: FeatureCollection }) {
  const theme = useTheme();
  const colour = theme.palette.primary.main;
  const layers = useMemo<LayerSpec[]>(
    () => [
      {
        id: `${SOURCE}-fill`,
        type: 'fill',
        filter: ['!=', ['geometry-type'], 'Point'],
        paint: { 'fill-color': colour, 'fill-opacity': 0.18 },
      },
      {
        id: `${SOURCE}-outline`,
        type: 'line',
        filter: ['!=', ['geometry-type'], 'Point'],
        paint: { 'line-color': colour, 'line-width': 2 },
      },
      {
        id: `${SOURCE}-points`,
        type: 'circle',
        filter: ['==', ['geometry-type'], 'Point'],
        paint: {
          'circle-radius': 6,
          'circle-color': colour,
          'circle-stroke-color': theme.palette.background.paper,
          'circle-stroke-width': 2,
        },
      },
    ],
    [colour, theme.palette.background.paper],
  );
  const framed = useMemo(() => positionsOf(frame), [frame]);
  return (
    <MapView name="geojson-preview" testId="geojson-preview-map" sx={{ width: '100%', height: '100%', minHeight: 360 }}>
      <GeoJsonLayer id={SOURCE} data={collection} layers={layers} />
      <FitBounds coordinates={framed} maxZoom={15} />
    </MapView>
  );
}
