import { defineResource } from '../define';

/** Models of one brand: the nested list /car_brands/{id}/models. The car-model picker loads 100. */
export const carModelsResource = defineResource({
  key: 'car_models',
  url: 'car_brands/{car_brand_id}/models',
  title: 'Car models',
  route: 'CarBrandModels',
  permission: 'TYPES',
  readPermission: null,
  table: 'carModels',
  parent: { param: 'car_brand_id', field: 'car_brand_id' },
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true, max: 60, sortable: true, searchable: true },
    { name: 'car_brand_id', label: 'Brand', type: 'number', list: false, form: 'none' },
  ],
});

export default carModelsResource;
