import { useTheme } from '@mui/material';
import type { FeatureCollection } from 'geojson';
import type { ExpressionSpecification } from 'maplibre-gl';
import { useMemo } from 'react';
import { FitBounds, GeoJsonLayer, type LayerSpec } from '../../../components/map/layers';
import { MapView } from '../../../components/map/MapView';
import { positionsOf } from './previewData';

const SOURCE = 'geojson-preview';

// A location container's points are a MultiPoint (geometry-type names the multi types apart).
const POINTS: ExpressionSpecification = ['in', ['geometry-type'], ['literal', ['Point', 'MultiPoint']]];

/** The edited layer drawn on the map: outlines filled, points as circles, framed when a layer loads. */
export function GeoJsonPreview({ collection, frame }: { collection: FeatureCollection; frame: FeatureCollection }) {
  const theme = useTheme();
  const colour = theme.palette.primary.main;
  const layers = useMemo<LayerSpec[]>(
    () => [
      {
        id: `${SOURCE}-fill`,
        type: 'fill',
        filter: ['!', POINTS],
        paint: { 'fill-color': colour, 'fill-opacity': 0.18 },
      },
      {
        id: `${SOURCE}-outline`,
        type: 'line',
        filter: ['!', POINTS],
        paint: { 'line-color': colour, 'line-width': 2 },
      },
      {
        id: `${SOURCE}-points`,
        type: 'circle',
        filter: POINTS,
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
