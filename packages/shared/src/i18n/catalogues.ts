import type { Language } from './index';
import ar from './locales/ar.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import type { Catalogue } from './rendered';

/** Every catalogue at once, for the server and the tests (the browser loads one lazily). */
export const CATALOGUES: Record<Exclude<Language, 'en'>, Catalogue> = { fr, ar };
