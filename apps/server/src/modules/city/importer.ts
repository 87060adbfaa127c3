import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { centroid, type LonLat } from '@taxi/shared/geo';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import { places, sectors, streets } from '../../db/schema/city';
import { readGeojsonFolder } from './geojson-reader';
import { readPbf } from './pbf-reader';
import { SectorIndex } from './sector-index';
import type { CityData, Logger } from './types';

/** Any Drizzle pg-core database (PGlite or node-postgres), whatever its schema. */
export type CityDb = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

export interface CitySource {
  /** A folder with roads.geojson, places.geojson, sectors.geojson (and optionally an .osm.pbf). */
  folder?: string;
  /** An .osm.pbf extract; roads and places come from it, sectors from `folder` when given. */
  pbfPath?: string;
}

export interface ImportCounts {
  streets: number;
  places: number;
  sectors: number;
  warnings: number;
}

/** The `set` of an upsert that overwrites these columns with the incoming row (`excluded.<column>`). */
function takeIncoming<T extends PgTable, K extends keyof T['_']['columns'] & string>(
  table: T,
  keys: readonly K[],
): Record<K, SQL> {
  const columns = getTableColumns(table);
  return Object.fromEntries(keys.map((k) => [k, sql.raw(`excluded."${columns[k].name}"`)])) as Record<K, SQL>;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

/** `../shared/data/demo-city` beside the repository. */
export const DEMO_CITY_FOLDER = path.resolve(repoRoot, '../shared/data/demo-city');

const consoleLog: Logger = { info: (m) => console.log(m), warn: (m) => console.warn(m) };

/** The demo city folder, or null (logged) when it is absent: the product then runs without streets. */
export function loadCityFolder(log: Logger = consoleLog, folder = DEMO_CITY_FOLDER): string | null {
  if (existsSync(path.join(folder, 'roads.geojson')) || existsSync(path.join(folder, 'sectors.geojson'))) return folder;
  log.warn(
    `Demo city data not found at ${folder}: starting without streets (straight-line distances, no street routes)`,
  );
  return null;
}

export async function readCity(source: CitySource): Promise<CityData> {
  if (source.pbfPath) {
    const data = await readPbf(source.pbfPath);
    if (source.folder) {
      const geo = await readGeojsonFolder(source.folder);
      data.sectors = geo.sectors;
      data.warnings.push(...geo.warnings.filter((w) => w.startsWith('sectors')));
    }
    return data;
  }
  if (source.folder) return readGeojsonFolder(source.folder);
  throw new Error('importCity: give a folder or a pbfPath');
}

const CHUNK = 500;
function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/**
 * Imports streets, places and sectors into the database, idempotently: rows are upserted by osm_id (streets,
 * places) and by name (sectors) in one transaction; nothing else is deleted. Places get the sector they lie in.
 */
export async function importCity<TSchema extends Record<string, unknown>>(
  db: PgDatabase<PgQueryResultHKT, TSchema>,
  source: CitySource | CityData,
  log: Logger = consoleLog,
): Promise<ImportCounts> {
  const t0 = performance.now();
  const data = 'roads' in source ? source : await readCity(source);
  for (const w of data.warnings.slice(0, 20)) log.warn(`city import: ${w}`);
  if (data.warnings.length > 20) log.warn(`city import: … and ${data.warnings.length - 20} more warnings`);

  await db.transaction(async (tx) => {
    const sectorIds = new Map<string, number>();
    for (const s of data.sectors) {
      const [lon, lat] = centroid(s.geometry);
      const row = { name: s.name, osmId: s.osm_id, geometry: s.geometry, centroidLon: lon, centroidLat: lat };
      const [saved] = await tx
        .insert(sectors)
        .values(row)
        .onConflictDoUpdate({ target: sectors.name, set: row })
        .returning({ id: sectors.id });
      sectorIds.set(s.name, saved.id);
    }
    const index = new SectorIndex(data.sectors);

    for (const rows of chunks(data.roads)) {
      await tx
        .insert(streets)
        .values(
          rows.map((r) => ({
            osmId: r.osm_id,
            name: r.name,
            highway: r.highway,
            oneway: r.oneway,
            maxspeed: r.maxspeed == null ? null : Math.round(r.maxspeed),
            junction: r.junction,
            coordinates: r.coordinates,
          })),
        )
        .onConflictDoUpdate({
          target: streets.osmId,
          set: takeIncoming(streets, ['name', 'highway', 'oneway', 'maxspeed', 'junction', 'coordinates']),
        });
    }

    for (const rows of chunks(data.places)) {
      await tx
        .insert(places)
        .values(
          rows.map((p) => {
            const hit = index.lookup([p.lon, p.lat] as LonLat, 200);
            return {
              osmId: p.osm_id,
              name: p.name,
              category: p.category,
              lon: p.lon,
              lat: p.lat,
              addrStreet: p.addr_street,
              stars: p.stars,
              cuisine: p.cuisine,
              sectorId: hit ? (sectorIds.get(hit.sector.name) ?? null) : null,
            };
          }),
        )
        .onConflictDoUpdate({
          target: places.osmId,
          set: takeIncoming(places, ['name', 'category', 'lon', 'lat', 'addrStreet', 'stars', 'cuisine', 'sectorId']),
        });
    }
  });

  const counts: ImportCounts = {
    streets: data.roads.length,
    places: data.places.length,
    sectors: data.sectors.length,
    warnings: data.warnings.length,
  };
  log.info(
    `City imported: ${counts.streets} streets, ${counts.places} places, ${counts.sectors} sectors` +
      ` (${counts.warnings} warnings, ${Math.round(performance.now() - t0)} ms). Map data © OpenStreetMap contributors`,
  );
  return counts;
}
