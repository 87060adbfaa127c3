import { locationContainersResource } from '@taxi/shared';
import { LayerListPage } from '../../geo/layerPages';
import { defineCatalogueWeb } from '../web';

/** Groups of locations: the generic list under the GeoJSON export (their points) and import buttons. */
export default defineCatalogueWeb(locationContainersResource, {
  pages: { list: () => <LayerListPage def={locationContainersResource} layer="location_containers" /> },
});
