import { dataNameField, defineResource } from '../define';

/**
 * Captains' contract templates (/contract_template): the contract text a captain signs. Its levels
 * (contract-template-levels) set the company's commission on each ride; a template in use by a level
 * cannot be deleted (the database refuses, the server answers 409).
 */
export const contractTemplatesResource = defineResource({
  key: 'contract-templates',
  url: 'contract_template',
  title: 'Contract templates',
  route: 'ContractTemplate',
  permission: 'SETTINGS',
  table: 'contractTemplates',
  fields: [
    dataNameField(80),
    { name: 'body', label: 'Text', type: 'textarea', required: true, max: 20000, searchable: true },
    { name: 'active', label: 'Active', type: 'boolean', sortable: true, default: true },
  ],
});

export default contractTemplatesResource;
