import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEMO_CITY_FOLDER } from '../src/modules/city/importer';

/** The real demo city (read at run time from ../shared/data/demo-city; never copied into the repository). */
export const CITY = DEMO_CITY_FOLDER;
export const PBF = path.join(CITY, 'monaco.osm.pbf');
export const hasCity = existsSync(path.join(CITY, 'roads.geojson'));
export const hasPbf = existsSync(PBF);
