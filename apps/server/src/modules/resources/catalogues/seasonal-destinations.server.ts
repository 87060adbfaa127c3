import { refreshLayers } from '../../geo/catalogue-hooks';
import type { ServerHooks } from '../service';

/** Seasonal destinations: the place pickers offer the season's and the fare prices them, so every node reloads. */
const hooks: ServerHooks = { afterWrite: refreshLayers };

export default hooks;
