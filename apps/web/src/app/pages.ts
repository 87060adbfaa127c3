import { PROTECTED_ROUTES, type RouteName } from '@taxi/shared';
import type { ComponentType } from 'react';

/** A page is loaded lazily: `() => import('./CaptainsPage')` where the module's default export is the page. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/** What every `src/features/<domain>/pages.ts` exports: route name (from PROTECTED_ROUTES) → page loader. */
export type FeaturePages = Readonly<Partial<Record<RouteName, PageLoader>>>;

/**
 * `fallbackPages`: pages drawn only when no feature registers the route (the catalogues' generic pages).
 * Exported from `pages.ts` they are in every visitor's first bundle; from `fallbackPages.ts` they are
 * loaded with the first page that needs one.
 */
const modules = import.meta.glob<{ pages?: FeaturePages; fallbackPages?: FeaturePages }>('../features/*/pages.ts', {
  eager: true,
});
const lazyFallbacks = import.meta.glob<FeaturePages>('../features/*/fallbackPages.ts', { import: 'fallbackPages' });
const known = new Set<string>(PROTECTED_ROUTES.map((route) => route.name));

function add(out: Record<string, PageLoader>, file: string, pages: FeaturePages, fallback: boolean): void {
  for (const [name, loader] of Object.entries(pages)) {
    if (!loader || (fallback && out[name])) continue;
    if (!known.has(name)) console.error(`${file}: ${name} is not a route name of PROTECTED_ROUTES`);
    else if (out[name]) console.error(`${file}: a page for ${name} is already registered`);
    else out[name] = loader;
  }
}

function merge(): Record<string, PageLoader> {
  const out: Record<string, PageLoader> = {};
  for (const [file, mod] of Object.entries(modules)) add(out, file, mod.pages ?? {}, false);
  for (const [file, mod] of Object.entries(modules)) add(out, file, mod.fallbackPages ?? {}, true);
  return out;
}

/** Route name → page, merged from every feature. The router reads it; nobody edits it. */
export const PAGES: Readonly<Record<string, PageLoader>> = merge();

let fallbacks: Promise<Readonly<Record<string, PageLoader>>> | null = null;

/** The page of a route no feature registered: a lazily loaded fallback page, or undefined (planned). */
export async function fallbackPage(name: string): Promise<PageLoader | undefined> {
  fallbacks ??= Promise.all(
    Object.entries(lazyFallbacks).map(async ([file, load]) => [file, await load()] as const),
  ).then((loaded) => {
    const out: Record<string, PageLoader> = {};
    for (const [file, pages] of loaded) add(out, file, pages, true);
    return out;
  });
  return (await fallbacks)[name];
}
