import { defineResource, uniqueNameField } from '../define';

export const carBrandsResource = defineResource({
  key: 'car_brands',
  url: 'car_brands',
  title: 'Car brands',
  route: 'CarBrands',
  permission: 'TYPES',
  readPermission: null,
  table: 'carBrands',
  fields: [uniqueNameField(60)],
  rowActions: [{ key: 'models', label: 'Models', route: 'CarBrandModels', params: { id: 'id' } }],
});

export default carBrandsResource;
