import { defineResource, uniqueNameField } from '../define';

/**
 * Airport agencies (shell.md §6): their staff (roles 11 and 12, airport-agency-users) file airport requests
 * at airport/create, and each request belongs to its agency. An inactive agency files no new request; one
 * with staff or requests cannot be deleted.
 */
export const airportAgenciesResource = defineResource({
  key: 'airport_agencies',
  url: 'airport_agencies',
  title: 'Airport agencies',
  route: 'AirportAgencies',
  permission: 'ACCOMMODATION',
  table: 'airportAgencies',
  defaultSort: 'name',
  fields: [
    uniqueNameField(120),
    { name: 'active', label: 'Active', type: 'boolean', sortable: true, default: true },
    { name: 'users_count', label: 'Staff accounts', type: 'number', form: 'none', align: 'right' },
    { name: 'requests_count', label: 'Airport requests', type: 'number', form: 'none', align: 'right' },
    { name: 'created_at', label: 'Created at', type: 'datetime', sortable: true, form: 'none' },
  ],
});

export default airportAgenciesResource;
