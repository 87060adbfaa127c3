import { useQueries } from '@tanstack/react-query';
import { type FeatureCollectionDto, GEO_LAYERS, type GeoLayer } from '@taxi/shared';
import { apiData, endpoints } from '../../../api/endpoints';

export const layerKey = (layer: GeoLayer) => ['map-editor', layer] as const;

export interface LayerCollection {
  data: FeatureCollectionDto | undefined;
  dataUpdatedAt: number;
  isError: boolean;
  error: unknown;
}

/**
 * Every layer shown or edited, as GeoJSON (GET geo/layers/:layer). Kept until the page asks again (a
 * background refetch must not replace the drawing under the user's edits).
 */
export function useLayerCollections(wanted: (layer: GeoLayer) => boolean): Record<GeoLayer, LayerCollection> {
  const results = useQueries({
    queries: GEO_LAYERS.map((layer) => ({
      queryKey: layerKey(layer),
      queryFn: ({ signal }: { signal: AbortSignal }) => apiData(endpoints.geoLayer, { params: { layer }, signal }),
      enabled: wanted(layer),
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
    })),
  });
  return Object.fromEntries(
    GEO_LAYERS.map((layer, i) => {
      const q = results[i];
      return [layer, { data: q.data, dataUpdatedAt: q.dataUpdatedAt, isError: q.isError, error: q.error }];
    }),
  ) as Record<GeoLayer, LayerCollection>;
}
