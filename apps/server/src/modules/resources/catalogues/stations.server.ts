import { refreshLayers } from '../../geo/catalogue-hooks';
import type { ServerHooks } from '../service';

/** Stations: every node reloads them (queues and the dispatch rule read the index). */
const hooks: ServerHooks = { afterWrite: refreshLayers };

export default hooks;
