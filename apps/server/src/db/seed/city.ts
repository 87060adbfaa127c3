import { importCity, loadCityFolder } from '../../modules/city/importer';
import type { Seeder } from './index';

/** Imports the demo city (streets, places, sectors) from ../shared/data/demo-city when it is there. */
export const seedCity: Seeder = {
  name: 'city',
  async run(tx, { log }) {
    const logger = { info: log, warn: log };
    const folder = loadCityFolder(logger);
    if (!folder) return;
    const counts = await importCity(tx, { folder }, logger);
    log(
      `demo city imported: ${counts.streets} streets, ${counts.places} places, ${counts.sectors} sectors (© OpenStreetMap contributors)`,
    );
  },
};
