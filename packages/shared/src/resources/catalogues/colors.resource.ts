import { dataNameField, defineResource } from '../define';

export const colorsResource = defineResource({
  key: 'colors',
  url: 'colors',
  title: 'Colors',
  route: 'Colors',
  permission: 'TYPES',
  readPermission: null,
  table: 'colors',
  fields: [dataNameField(40), { name: 'hex', label: 'Colour', type: 'color', default: '#000000' }],
});

export default colorsResource;
