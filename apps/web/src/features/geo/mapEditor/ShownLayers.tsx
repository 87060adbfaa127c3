import { useTheme } from '@mui/material';
import type { GeoLayer } from '@taxi/shared';
import type { Feature } from 'geojson';
import { useMemo } from 'react';
import { GeoJsonLayer } from '../../../components/map/layers';
import { layerColours, shownLayerSpecs } from './layerStyles';

/** A layer drawn for reference (not edited): its features in the layer's colour. */
export function ShownLayer({ layer, features }: { layer: GeoLayer; features: Feature[] }) {
  const theme = useTheme();
  const colour = layerColours(theme)[layer];
  const edge = theme.palette.background.paper;
  const id = `map-editor-${layer}`;
  const layers = useMemo(() => shownLayerSpecs(id, colour, edge), [id, colour, edge]);
  const data = useMemo(() => ({ type: 'FeatureCollection' as const, features }), [features]);
  return <GeoJsonLayer id={id} data={data} layers={layers} />;
}
