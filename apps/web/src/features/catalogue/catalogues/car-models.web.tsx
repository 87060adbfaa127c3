import { carBrandsResource, carModelsResource } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useResourceRow } from '../../../components/DataTable/api';
import { ResourcePage } from '../../../components/DataTable/ResourcePage';
import { defineCatalogueWeb } from '../web';

/** /car_brands/{id}/models: the models of one brand, headed with the brand's name. */
function CarBrandModelsPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const brand = useResourceRow(carBrandsResource, carBrandsResource.url, Number(id) || null);
  const name = brand.data?.name;
  return (
    <ResourcePage
      def={carModelsResource}
      heading={typeof name === 'string' ? t('Car models — {{brand}}', { brand: name }) : t(carModelsResource.title)}
    />
  );
}

export default defineCatalogueWeb(carModelsResource, { pages: { list: CarBrandModelsPage } });
