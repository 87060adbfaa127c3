import type { FeaturePages } from '../../app/pages';

const page = (name: keyof typeof import('./CataloguePages')) => () =>
  import('./CataloguePages').then((m) => ({ default: m[name] }));

export const pages: FeaturePages = {
  CarBrands: page('CarBrandsPage'),
  CarBrandModels: page('CarBrandModelsPage'),
  Colors: page('ColorsPage'),
  Nationalities: page('NationalitiesPage'),
  Banks: page('BanksPage'),
  RatingCauses: page('RatingCausesPage'),
  CaptainCancellationReasons: page('CaptainCancellationReasonsPage'),
  ChangeCaptainReasons: page('ChangeCaptainReasonsPage'),
  Vouchers: page('VouchersPage'),
  VouchersAdd: page('VouchersAddPage'),
  Voucher: page('VoucherPage'),
};
