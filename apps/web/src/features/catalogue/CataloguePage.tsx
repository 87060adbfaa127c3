import type { ResourceDef } from '@taxi/shared';
import { ResourceFormPage, ResourcePage } from '../../components/DataTable/ResourcePage';
import type { CatalogueWeb } from './web';

export type CataloguePageKind = 'list' | 'create' | 'item';

/** A declaration's page of one kind: the catalogue's own page if it has one, else the generic one. */
export function cataloguePage(def: ResourceDef, web: CatalogueWeb | undefined, kind: CataloguePageKind) {
  const own = web?.pages?.[kind];
  if (own) return own;
  if (kind === 'list') return () => <ResourcePage def={def} parts={web} />;
  return () => <ResourceFormPage def={def} mode={kind === 'create' ? 'create' : 'edit'} Form={web?.Form} />;
}
