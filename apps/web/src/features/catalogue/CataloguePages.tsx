import {
  banksResource,
  captainCancellationReasonsResource,
  carBrandsResource,
  carModelsResource,
  changeCaptainReasonsResource,
  colorsResource,
  nationalitiesResource,
  ratingCausesResource,
  vouchersResource,
} from '@taxi/shared';
import { useParams } from 'react-router';
import { useResourceRow } from '../../components/DataTable/api';
import { ResourceFormPage, ResourcePage } from '../../components/DataTable/ResourcePage';

export const CarBrandsPage = () => <ResourcePage def={carBrandsResource} />;

/** /car_brands/{id}/models: the models of one brand. */
export function CarBrandModelsPage() {
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

export const ColorsPage = () => <ResourcePage def={colorsResource} />;
export const NationalitiesPage = () => <ResourcePage def={nationalitiesResource} />;
export const BanksPage = () => <ResourcePage def={banksResource} />;
export const RatingCausesPage = () => <ResourcePage def={ratingCausesResource} />;
export const CaptainCancellationReasonsPage = () => <ResourcePage def={captainCancellationReasonsResource} />;
export const ChangeCaptainReasonsPage = () => <ResourcePage def={changeCaptainReasonsResource} />;
export const VouchersPage = () => <ResourcePage def={vouchersResource} />;
export const VouchersAddPage = () => <ResourceFormPage def={vouchersResource} mode="create" />;
export const VoucherPage = () => <ResourceFormPage def={vouchersResource} mode="edit" />;
