import { describe, expect, it } from 'vitest';
import { parsePlaces, parseRoads, readGeojsonFolder } from '../src/modules/city/geojson-reader';
import { placeCategory, readPbf } from '../src/modules/city/pbf-reader';
import { parseMaxspeed, parseOneway } from '../src/modules/city/types';
import { CITY, hasCity, hasPbf, PBF } from './city-fixtures';

describe('city readers: tag parsing', () => {
  it('maxspeed and oneway', () => {
    expect(parseMaxspeed('50')).toBe(50);
    expect(parseMaxspeed('30 mph')).toBe(48);
    expect(parseMaxspeed('none')).toBeNull();
    expect(parseMaxspeed(undefined)).toBeNull();
    expect(parseOneway('yes', undefined)).toBe('yes');
    expect(parseOneway('-1', undefined)).toBe('-1');
    expect(parseOneway(undefined, 'roundabout')).toBe('yes');
    expect(parseOneway('no', 'roundabout')).toBe('no');
    expect(parseOneway(undefined, undefined)).toBe('no');
  });

  it('place categories from OSM tags', () => {
    expect(placeCategory({ tourism: 'hotel' })).toBe('hotel');
    expect(placeCategory({ amenity: 'restaurant' })).toBe('restaurant');
    expect(placeCategory({ railway: 'station' })).toBe('station');
    expect(placeCategory({ aeroway: 'heliport' })).toBe('station');
    expect(placeCategory({ amenity: 'cafe' })).toBeNull();
    expect(placeCategory({ amenity: 'hospital' })).toBe('hospital');
    expect(placeCategory({ historic: 'castle', tourism: 'attraction' })).toBe('landmark');
    expect(placeCategory({ shop: 'bakery' })).toBeNull();
  });

  it('skips bad features with a counted warning', () => {
    const warnings: string[] = [];
    const roads = parseRoads(
      {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { osm_id: 1, highway: 'residential', maxspeed: '30' },
            geometry: {
              type: 'LineString',
              coordinates: [
                [7.4, 43.7],
                [7.41, 43.71],
              ],
            },
          },
          { type: 'Feature', properties: { osm_id: 2 }, geometry: { type: 'LineString', coordinates: [] } },
          {
            type: 'Feature',
            properties: { osm_id: 3, highway: 'primary' },
            geometry: { type: 'Point', coordinates: [1, 2] },
          },
        ],
      },
      warnings,
    );
    expect(roads).toHaveLength(1);
    expect(roads[0]).toMatchObject({ osm_id: 1, name: null, oneway: 'no', maxspeed: 30 });
    expect(warnings).toHaveLength(2);
    const places = parsePlaces(
      {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { osm_id: 9, name: 'X', category: 'shop' },
            geometry: { type: 'Point', coordinates: [7.4, 43.7] },
          },
        ],
      },
      warnings,
    );
    expect(places).toHaveLength(0);
    expect(warnings).toHaveLength(3);
    expect(parseRoads({ nope: true }, warnings)).toEqual([]);
    expect(warnings).toHaveLength(4);
  });
});

describe.skipIf(!hasCity)('city readers: the demo city GeoJSON', () => {
  it('reads 869 roads, 129 places and 6 sectors without warnings', async () => {
    const data = await readGeojsonFolder(CITY);
    expect(data.warnings).toEqual([]);
    expect(data.roads).toHaveLength(869);
    expect(data.places).toHaveLength(129);
    expect(data.sectors.map((s) => s.name).sort()).toEqual([
      'Fontvieille',
      'La Condamine',
      'La Rousse',
      'Larvotto',
      'Monaco-Ville',
      'Monte-Carlo',
    ]);
    const alice = data.roads.find((r) => r.osm_id === 4097656);
    expect(alice).toMatchObject({ name: 'Avenue Princesse Alice', highway: 'primary', maxspeed: 30 });
    const metropole = data.places.find((p) => p.osm_id === 267885777);
    expect(metropole).toMatchObject({
      name: 'Metropole',
      category: 'hotel',
      stars: 5,
      addr_street: 'Avenue de la Madone',
    });
    const counts = Object.fromEntries(
      ['hotel', 'restaurant', 'landmark', 'station', 'hospital'].map((c) => [
        c,
        data.places.filter((p) => p.category === c).length,
      ]),
    );
    expect(counts).toEqual({ hotel: 17, restaurant: 70, landmark: 33, station: 3, hospital: 6 });
  });
});

describe.skipIf(!hasPbf)('city readers: the demo city .osm.pbf', () => {
  it('reads drivable ways and named places from the PBF extract', async () => {
    const t0 = performance.now();
    const data = await readPbf(PBF);
    const ms = performance.now() - t0;
    const geo = await readGeojsonFolder(CITY);
    console.log(
      `PBF read in ${ms.toFixed(0)} ms: ${data.roads.length} roads, ${data.places.length} places, ${data.warnings.length} warnings`,
    );
    // Same drivable ways as roads.geojson (both derived from this extract).
    const pbfIds = new Set(data.roads.map((r) => r.osm_id));
    const missing = geo.roads.filter((r) => !pbfIds.has(r.osm_id));
    expect(missing).toEqual([]);
    const alice = data.roads.find((r) => r.osm_id === 4097656);
    expect(alice?.coordinates.length).toBe(geo.roads.find((r) => r.osm_id === 4097656)?.coordinates.length);
    // Same places as places.geojson except the few mapped only as multipolygon relations (not read from PBF).
    const pbfPlaces = new Map(data.places.map((p) => [p.osm_id, p]));
    const notInPbf = geo.places.filter((p) => !pbfPlaces.has(p.osm_id));
    expect(notInPbf.length).toBeLessThanOrEqual(6);
    for (const p of geo.places) if (pbfPlaces.has(p.osm_id)) expect(pbfPlaces.get(p.osm_id)?.category).toBe(p.category);
    expect(data.places.find((p) => p.name === 'Casino de Monte Carlo')?.category).toBe('landmark');
    expect(data.sectors).toEqual([]);
  });
});
