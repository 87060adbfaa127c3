import { sectorsResource } from '@taxi/shared';
import { LayerListPage } from '../../geo/layerPages';
import { defineCatalogueWeb } from '../web';

/** A map layer: the generic list under its GeoJSON export and import buttons. */
export default defineCatalogueWeb(sectorsResource, {
  pages: { list: () => <LayerListPage def={sectorsResource} layer="sectors" /> },
});
