import { dataNameField, defineResource } from '../define';

export const nationalitiesResource = defineResource({
  key: 'nationalities',
  url: 'nationalities',
  title: 'Nationalities',
  route: 'Nationalities',
  permission: 'TYPES',
  readPermission: null,
  table: 'nationalities',
  fields: [
    dataNameField(60),
    {
      name: 'code',
      label: 'ISO code',
      type: 'text',
      required: true,
      min: 2,
      max: 2,
      sortable: true,
      searchable: true,
      unique: true,
    },
  ],
});

export default nationalitiesResource;
