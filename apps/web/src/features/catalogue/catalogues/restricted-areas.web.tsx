import { restrictedAreasResource } from '@taxi/shared';
import { LayerListPage } from '../../geo/layerPages';
import { defineCatalogueWeb } from '../web';

/** A map layer: the generic list under its GeoJSON export and import buttons. */
export default defineCatalogueWeb(restrictedAreasResource, {
  pages: { list: () => <LayerListPage def={restrictedAreasResource} layer="restricted_areas" /> },
});
