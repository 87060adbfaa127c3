import { z } from 'zod';
import { AIRPORT_SUPERVISOR_ROLE_ID } from '../../roles';
import { ACCOUNT_FIELDS } from '../account-fields';
import { defineResource } from '../define';
import { DESK_ACCOUNT_PRESENTED, deskAccountRules } from '../desk-accounts';

/** The airport desk's two roles (shell.md §6): the agent files and follows its own requests, the supervisor the agency's. */
export const AIRPORT_AGENCY_ROLES = [
  { value: 11, label: 'Agent' },
  { value: AIRPORT_SUPERVISOR_ROLE_ID, label: 'Supervisor' },
] as const;

/**
 * Airport agency users: the sign-ins of an agency's desk, holding role 11 or 12 and nothing else. They land on
 * airport/create, and the requests they file are their agency's.
 */
export const airportAgencyUsersResource = defineResource({
  key: 'airport_agency_users',
  url: 'airport_agency_users',
  title: 'Airport agency users',
  route: 'AirportAgencyUsers',
  permission: 'ACCOMMODATION',
  table: 'users',
  fields: [
    ...ACCOUNT_FIELDS,
    {
      name: 'airport_agency_id',
      label: 'Agency',
      type: 'reference',
      required: true,
      reference: { url: 'airport_agencies', labelField: 'name', perPage: 100 },
    },
    { name: 'role_id', label: 'Role', type: 'select', required: true, options: AIRPORT_AGENCY_ROLES, default: 11 },
    { name: 'active', label: 'Active', type: 'boolean', sortable: true, default: true },
    { name: 'created_at', label: 'Created at', type: 'datetime', sortable: true, form: 'none' },
  ],
  presented: { airport_agency_id_label: z.string(), ...DESK_ACCOUNT_PRESENTED },
  ...deskAccountRules('airport'),
});

export default airportAgencyUsersResource;
