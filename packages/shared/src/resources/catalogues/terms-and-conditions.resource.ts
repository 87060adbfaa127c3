import { z } from 'zod';
import { TERMS_AUDIENCES } from '../../terms';
import { defineResource } from '../define';

/**
 * Terms and conditions (T_C): one row per published version and audience. The server numbers the
 * versions (terms-and-conditions.server.ts) and refuses edits; a version nobody accepted yet may be
 * withdrawn. The apps are served the newest version of their audience (TermsService).
 */
export const termsAndConditionsResource = defineResource({
  key: 'terms-and-conditions',
  url: 'terms_and_conditions',
  title: 'Terms and conditions',
  route: 'TermsAndConditions',
  createRoute: 'TermsAndConditionsCreate',
  permission: 'T_C',
  table: 'termsVersions',
  defaultSort: 'created_at',
  fields: [
    {
      name: 'audience',
      label: 'Audience',
      type: 'select',
      required: true,
      sortable: true,
      form: 'create',
      options: TERMS_AUDIENCES.map((value) => ({ value, label: value === 'captain' ? 'Captains' : 'Passengers' })),
    },
    { name: 'version', label: 'Version', type: 'number', sortable: true, form: 'none', align: 'right' },
    { name: 'title', label: 'Title', type: 'text', required: true, max: 160, searchable: true, form: 'create' },
    { name: 'body', label: 'Text', type: 'textarea', required: true, max: 20000, searchable: true, form: 'create' },
    { name: 'created_at', label: 'Published at', type: 'datetime', sortable: true, form: 'none' },
  ],
  presented: { acceptances: z.number().int() },
  canEdit: () => false,
  canDelete: (row) => Number(row.acceptances ?? 0) === 0,
  refusals: {
    edit: 'A published version cannot be changed: publish a new version.',
    delete: 'Accepted terms cannot be withdrawn.',
  },
});

export default termsAndConditionsResource;
