/** The car model list (`GET car_brands/{id}/models`) is asked for only once a brand is chosen. */
export const carModelsEnabled = (brandId: number | null | undefined): brandId is number =>
  typeof brandId === 'number' && Number.isInteger(brandId) && brandId > 0;
