import { carBrandsResource, carModelsResource } from '@taxi/shared';
import { useParams } from 'react-router';
import { useResourceRow } from '../../../components/DataTable/api';
import { ResourcePage } from '../../../components/DataTable/ResourcePage';
import { defineCatalogueWeb } from '../web';

/** /car_brands/{id}/models: the models of one brand, headed with the brand's name. */
function CarBrandModelsPage() {
  const { id } = useParams();
  const brand = useResourceRow(carBrandsResource, carBrandsResource.url, Number(id) || null);
  const name = brand.data?.name;
  return (
    <ResourcePage
      def={carModelsResource}
      routeParams={{ car_brand_id: 'id' }}
      heading={typeof name === 'string' ? `${carModelsResource.title} — ${name}` : carModelsResource.title}
    />
  );
}

export default defineCatalogueWeb(carModelsResource, { pages: { list: CarBrandModelsPage } });
