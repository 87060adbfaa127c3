import { z } from 'zod';
import { PARTNER_FIELDS } from '../../partners';
import { defineResource } from '../define';

/** Companies (shell.md §2.2): partners of kind 'company' with their address, contacts, billing, services and limit. */
export const companiesResource = defineResource({
  key: 'companies',
  url: 'companies',
  title: 'Companies',
  route: 'Companies',
  createRoute: 'CompaniesCreate',
  permission: 'ACCOMMODATION',
  pointPicker: true,
  table: 'partners',
  scope: { field: 'kind', equals: 'company' },
  fields: PARTNER_FIELDS,
  presented: { service_ids_label: z.string(), users_count: z.number().int() },
});

export default companiesResource;
