import * as maplibregl from 'maplibre-gl';
// MapLibre 6 looks for its worker beside its own module, which a bundle does not keep: hand Vite's URL
// of the (self-contained) worker file instead. Import maplibre through this module.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

maplibregl.setWorkerUrl(workerUrl);

export { maplibregl };
