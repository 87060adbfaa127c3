import { refreshLayers } from '../../geo/catalogue-hooks';
import type { ServerHooks } from '../service';

/** Location containers: their names qualify the locations the place pickers offer, so every node reloads. */
const hooks: ServerHooks = { afterWrite: refreshLayers };

export default hooks;
