import { z } from 'zod';
import { dataNameField, dataReference, defineResource } from '../define';

/**
 * Levels of the contract templates (contract_template/level): each sets the company's commission on a
 * ride, which the captain's ledger entry of every paid ride deducts. The captain form's level picker
 * loads 50 (people.md §2, §7: `GET contract_template/level?perPage=50`, rows with contract_template.name).
 */
export const contractTemplateLevelsResource = defineResource({
  key: 'contract-template-levels',
  url: 'contract_template/level',
  title: 'Contract template levels',
  route: 'ContractTemplateLevel',
  permission: 'SETTINGS',
  readPermission: 'DISPATCHING',
  table: 'contractTemplateLevels',
  fields: [
    dataNameField(80),
    {
      name: 'contract_template_id',
      label: 'Contract template',
      type: 'reference',
      required: true,
      reference: dataReference('contract_template'),
    },
    {
      name: 'commission_percent',
      label: 'Commission (%)',
      type: 'number',
      required: true,
      min: 0,
      max: 100,
      sortable: true,
      align: 'right',
      default: 20,
    },
  ],
  presented: {
    contract_template_id_label: z.string().nullable(),
    contract_template: z.object({ name: z.string() }).nullable(),
  },
});

export default contractTemplateLevelsResource;
