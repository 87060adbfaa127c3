import { presentOutlines, refreshLayers, sectorColumns } from '../../geo/catalogue-hooks';
import type { ServerHooks } from '../service';

/** Sectors: a valid outline overlapping no other sector, its centroid kept; every node reloads the zones. */
const hooks: ServerHooks = {
  present: async (rows) => presentOutlines(rows),
  beforeSave: (input, { tx, id }) => sectorColumns(tx, input, id),
  afterWrite: refreshLayers,
};

export default hooks;
