import type { Season } from '@taxi/shared';
import { type CityPlace, type CityService, foldText } from '../city/service';
import type { GeoService } from './service';

/**
 * The season's seasonal destinations as the place pickers list them (before the other places): a name and a
 * point, no city place behind them (`source: 'destination'`, so no booking names one as its landmark).
 */
export function destinationPlaces(
  geo: GeoService,
  city: CityService,
  season: Season,
  search?: string,
): (Omit<CityPlace, 'category' | 'source'> & { category: 'destination'; source: 'destination' })[] {
  const needle = search ? foldText(search.trim()) : '';
  return geo
    .destinationsOf(season)
    .filter((d) => !needle || foldText(d.name).includes(needle))
    .map((d) => {
      const sector = city.sectorOf([d.lon, d.lat]);
      return {
        id: d.id,
        osm_id: 0,
        name: d.name,
        category: 'destination' as const,
        source: 'destination' as const,
        lat: d.lat,
        lng: d.lon,
        addr_street: null,
        stars: null,
        cuisine: null,
        sector_id: sector?.id ?? null,
        sector_name: sector?.name ?? null,
      };
    });
}
