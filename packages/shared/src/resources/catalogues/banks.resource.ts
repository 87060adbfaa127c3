import { defineResource, uniqueNameField } from '../define';

export const banksResource = defineResource({
  key: 'banks',
  url: 'banks',
  title: 'Banks',
  route: 'Banks',
  permission: 'SETTINGS',
  readPermission: null,
  table: 'banks',
  fields: [
    uniqueNameField(80),
    { name: 'swift', label: 'SWIFT/BIC', type: 'text', min: 8, max: 11, searchable: true },
    { name: 'country', label: 'Country', type: 'text', max: 60, sortable: true, searchable: true },
  ],
});

export default banksResource;
