import type { ResourceDef } from '@taxi/shared';
import type { FeaturePages, PageLoader } from '../../app/pages';
import type { CatalogueWeb } from './web';

// One file per catalogue: the shared declaration, and optionally its web parts beside this module.
const declarations = import.meta.glob<ResourceDef>(
  '../../../../../packages/shared/src/resources/catalogues/*.resource.ts',
  {
    eager: true,
    import: 'default',
  },
);
const webParts = import.meta.glob<CatalogueWeb>('./catalogues/*.web.tsx', { import: 'default' });

const baseName = (file: string, suffix: string) => file.slice(file.lastIndexOf('/') + 1, -suffix.length);
const webOf = new Map(Object.entries(webParts).map(([file, load]) => [baseName(file, '.web.tsx'), load]));

function loader(name: string, def: ResourceDef, kind: 'list' | 'create' | 'item'): PageLoader {
  return async () => {
    const [web, { cataloguePage }] = await Promise.all([webOf.get(name)?.(), import('./CataloguePage')]);
    return { default: cataloguePage(def, web, kind) };
  };
}

/** The declarations' list, add and item pages; a route some feature draws itself keeps that page. */
function generated(): Record<string, PageLoader> {
  const out: Record<string, PageLoader> = {};
  for (const [file, def] of Object.entries(declarations)) {
    const name = baseName(file, '.resource.ts');
    if (def.route) out[def.route] = loader(name, def, 'list');
    if (def.createRoute) out[def.createRoute] = loader(name, def, 'create');
    if (def.itemRoute) out[def.itemRoute] = loader(name, def, 'item');
  }
  return out;
}

export const fallbackPages = generated() as FeaturePages;
