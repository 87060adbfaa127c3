import { locationsResource } from '@taxi/shared';
import { LayerListPage } from '../../geo/layerPages';
import { defineCatalogueWeb } from '../web';

/** A map layer: the generic list under its GeoJSON export and import buttons. */
export default defineCatalogueWeb(locationsResource, {
  pages: { list: () => <LayerListPage def={locationsResource} layer="locations" /> },
});
