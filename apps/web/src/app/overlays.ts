import type { ComponentType } from 'react';

/** What a `src/features/<domain>/overlays.ts` exports: components mounted once inside the shell (global
 * dialogs and popups of shell.md §2.5, the order search dialog...). They render nothing until needed. */
export type FeatureOverlays = readonly ComponentType[];

const modules = import.meta.glob<{ overlays: FeatureOverlays }>('../features/*/overlays.ts', { eager: true });

export const OVERLAYS: readonly ComponentType[] = Object.values(modules).flatMap((mod) => mod.overlays ?? []);
