import { endpoint } from '../endpoint';
import { type FeatureCollectionDto, geoContract } from '../geo';

export interface GeoPointQuery {
  lon: number;
  lat: number;
}
export interface GeoCheckQuery extends GeoPointQuery {
  role: 'pickup' | 'dropoff';
  service_id?: number;
}

/** The map layers as data: lookups of a point, the booking check, GeoJSON per layer, station queues. */
export const geoEndpoints = {
  geoLookup: endpoint<GeoPointQuery>()('GET', 'geo/lookup', geoContract.lookup),
  geoCheck: endpoint<GeoCheckQuery>()('GET', 'geo/check', geoContract.check),
  geoLayer: endpoint()('GET', 'geo/layers/:layer', geoContract.layer),
  /** `replace`: the collection is the whole layer, so rows it leaves out are deleted (the GeoJSON editor). */
  saveGeoLayer: endpoint<{ replace?: boolean }, FeatureCollectionDto>()('PUT', 'geo/layers/:layer', geoContract.saved),
  stationQueue: endpoint()('GET', 'stations/:id/queue', geoContract.stationQueue),
  supplyDemand: endpoint()('GET', 'geo/supply-demand', geoContract.supplyDemand),
};
