import type { GeoFileLayer, ResourceDef } from '@taxi/shared';
import { ResourcePage } from '../../components/DataTable/ResourcePage';
import { LayerFileButtons } from './LayerFileButtons';

/** A map layer's list page: the generic catalogue list under its GeoJSON export and import buttons. */
export function LayerListPage({ def, layer }: { def: ResourceDef; layer: GeoFileLayer }) {
  return (
    <>
      <LayerFileButtons layer={layer} catalogueKey={def.key} />
      <ResourcePage def={def} />
    </>
  );
}
