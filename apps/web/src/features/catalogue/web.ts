import type { ResourceDef } from '@taxi/shared';
import type { ComponentType } from 'react';
import type { ListParts } from '../../components/DataTable/types';

/**
 * The web side of a catalogue (`catalogues/<name>.web.tsx`, default export): its own cells, expanded
 * rows or form in the generic pages, or whole pages of its own. Rows are typed by the declaration.
 */
export interface CatalogueWeb<D extends ResourceDef = ResourceDef> extends ListParts<D> {
  pages?: { list?: ComponentType; create?: ComponentType; item?: ComponentType };
}

export const defineCatalogueWeb = <D extends ResourceDef>(_def: D, web: CatalogueWeb<D>): CatalogueWeb<D> => web;
