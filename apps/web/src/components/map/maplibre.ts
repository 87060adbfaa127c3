import type * as Maplibre from 'maplibre-gl';
// MapLibre 6 looks for its worker beside its own module, which a bundle does not keep: hand Vite's URL
// of the (self-contained) worker file instead. Only a URL string: the worker is fetched by MapLibre.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

export type MaplibreModule = typeof Maplibre;

let loading: Promise<MaplibreModule> | null = null;
let loaded: MaplibreModule | null = null;

/**
 * MapLibre (≈290 KB gzip) is loaded on demand, the first time a map is shown: never import 'maplibre-gl'
 * for its values elsewhere (types only), or it lands in the initial bundle of every page again.
 */
export function loadMaplibre(): Promise<MaplibreModule> {
  loading ??= import('maplibre-gl').then((mod) => {
    mod.setWorkerUrl(workerUrl);
    loaded = mod;
    return mod;
  });
  return loading;
}

/** The loaded module, for code that runs once a map exists (a map is only created after loadMaplibre). */
export function maplibre(): MaplibreModule {
  if (!loaded) throw new Error('maplibre-gl is not loaded yet: use it once useMap() returns a map');
  return loaded;
}
