import type { LonLat } from '@taxi/shared/geo';
import { beforeAll, describe, expect, it } from 'vitest';
import { readGeojsonFolder } from '../src/modules/city/geojson-reader';
import { SectorIndex } from '../src/modules/city/sector-index';
import type { CityData } from '../src/modules/city/types';
import { CITY, hasCity } from './city-fixtures';

describe('sector index: synthetic', () => {
  const square = (x: number, name: string) => ({
    name,
    osm_id: null,
    geometry: {
      type: 'Polygon' as const,
      coordinates: [
        [
          [x, 0],
          [x + 1, 0],
          [x + 1, 1],
          [x, 1],
          [x, 0],
        ] as LonLat[],
      ],
    },
  });
  const index = new SectorIndex([square(0, 'West'), square(2, 'East')]);

  it('finds the containing sector, else the nearest', () => {
    expect(index.containing([0.5, 0.5])?.name).toBe('West');
    expect(index.containing([1.5, 0.5])).toBeNull();
    expect(index.lookup([1.2, 0.5])).toMatchObject({ sector: { name: 'West' }, inside: false });
    expect(index.lookup([1.9, 0.5])?.sector.name).toBe('East');
    expect(index.lookup([2.5, 0.5])).toMatchObject({ sector: { name: 'East' }, metres: 0, inside: true });
    expect(index.lookup([1.5, 0.5], 1000)).toBeNull();
    expect(new SectorIndex([]).lookup([0, 0])).toBeNull();
  });
});

describe.skipIf(!hasCity)('sector index: the demo city', () => {
  let data: CityData;
  let index: SectorIndex;
  const at = (name: string): LonLat => {
    const p = data.places.find((x) => x.name === name);
    if (!p) throw new Error(`no place ${name}`);
    return [p.lon, p.lat];
  };
  beforeAll(async () => {
    data = await readGeojsonFolder(CITY);
    index = new SectorIndex(data.sectors);
  });

  it('places known landmarks in their quarters', () => {
    expect(index.containing(at('Casino de Monte Carlo'))?.name).toBe('Monte-Carlo');
    expect(index.containing(at('Hôtel de Paris'))?.name).toBe('Monte-Carlo');
    expect(index.containing(at('Musée Océanographique'))?.name).toBe('Monaco-Ville');
    expect(index.containing(at('Stade Louis-II'))?.name).toBe('Fontvieille');
    expect(index.containing(at('Marché de la Condamine'))?.name).toBe('La Condamine');
  });

  it('most places lie inside a quarter; others get the nearest one', () => {
    const inside = data.places.filter((p) => index.containing([p.lon, p.lat])).length;
    console.log(`${inside} of ${data.places.length} places lie inside one of the ${index.size} quarters`);
    expect(inside).toBeGreaterThan(data.places.length * 0.5);
    // In the sea south of the port: no quarter contains it, the nearest is returned.
    const sea: LonLat = [7.4275, 43.728];
    const hit = index.lookup(sea);
    expect(hit?.inside).toBe(false);
    expect(hit?.metres).toBeGreaterThan(0);
  });
});
