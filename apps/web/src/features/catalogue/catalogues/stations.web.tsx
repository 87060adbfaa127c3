import { stationsResource } from '@taxi/shared';
import { LayerListPage } from '../../geo/layerPages';
import StationPage from '../../geo/StationPage';
import { defineCatalogueWeb } from '../web';

/** A map layer: the generic list under its GeoJSON export and import buttons. */
export default defineCatalogueWeb(stationsResource, {
  pages: { list: () => <LayerListPage def={stationsResource} layer="stations" />, item: StationPage },
});
