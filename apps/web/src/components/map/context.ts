import type * as maplibregl from 'maplibre-gl';
import { createContext, useContext } from 'react';

/** The map of the nearest MapView, once its style is ready (null before). */
export const MapContext = createContext<maplibregl.Map | null>(null);

/** The map of the nearest MapView, once its style is ready (null before). Layers use it. */
export function useMap(): maplibregl.Map | null {
  return useContext(MapContext);
}
