import { PROTECTED_ROUTES } from '@taxi/shared';
import type { ComponentType } from 'react';

/** A page is loaded lazily: `() => import('./CaptainsPage')` where the module's default export is the page. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/** What every `src/features/<domain>/pages.ts` exports: route name (from PROTECTED_ROUTES) → page loader. */
export type FeaturePages = Readonly<Record<string, PageLoader>>;

const modules = import.meta.glob<{ pages: FeaturePages }>('../features/*/pages.ts', { eager: true });
const known = new Set(PROTECTED_ROUTES.map((route) => route.name));

function merge(): Record<string, PageLoader> {
  const out: Record<string, PageLoader> = {};
  for (const [file, mod] of Object.entries(modules)) {
    for (const [name, loader] of Object.entries(mod.pages ?? {})) {
      if (!known.has(name)) console.error(`${file}: ${name} is not a route name of PROTECTED_ROUTES`);
      else if (out[name]) console.error(`${file}: a page for ${name} is already registered`);
      else out[name] = loader;
    }
  }
  return out;
}

/** Route name → page, merged from every feature. The router reads it; nobody edits it. */
export const PAGES: Readonly<Record<string, PageLoader>> = merge();
