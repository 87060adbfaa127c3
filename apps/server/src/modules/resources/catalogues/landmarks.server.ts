import { refreshLayers } from '../../geo/catalogue-hooks';
import type { ServerHooks } from '../service';

/** Landmarks: every node reloads their aliases (the place pickers search them). */
const hooks: ServerHooks = { afterWrite: refreshLayers };

export default hooks;
