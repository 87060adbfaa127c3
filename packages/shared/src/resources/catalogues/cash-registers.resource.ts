import { dataNameField, defineResource } from '../define';

/** No page: the captain activation dialog loads `GET cash_registers`. */
export const cashRegistersResource = defineResource({
  key: 'cash_registers',
  url: 'cash_registers',
  title: 'Cash registers',
  route: null,
  permission: 'SETTINGS',
  readPermission: null,
  table: 'cashRegisters',
  fields: [dataNameField(60)],
});

export default cashRegistersResource;
