import { ADMIN_ROLE_ID } from '../roles';
import { defineResource, uniqueNameField } from './define';
import { RESOURCE_MSG } from './messages';

/** Staff users. Role 1 is never offered by the role picker; nobody deletes their own account. */
export const staffResource = defineResource({
  key: 'users',
  url: 'user',
  title: 'Staff',
  route: 'Staff',
  createRoute: 'StaffAdd',
  itemRoute: 'UserProfile',
  permission: 'USERS',
  fields: [
    {
      name: 'first_name',
      label: 'First name',
      type: 'text',
      required: true,
      max: 60,
      sortable: true,
      searchable: true,
    },
    { name: 'last_name', label: 'Last name', type: 'text', required: true, max: 60, sortable: true, searchable: true },
    {
      name: 'email',
      label: 'Email',
      type: 'email',
      required: true,
      max: 120,
      sortable: true,
      searchable: true,
      unique: true,
    },
    { name: 'password', label: 'Password', type: 'password', required: true, form: 'both' },
    {
      name: 'roles',
      label: 'Roles',
      type: 'multireference',
      required: true,
      reference: { url: 'role', labelField: 'name', perPage: 50, excludeIds: [ADMIN_ROLE_ID] },
    },
    { name: 'active', label: 'Active', type: 'boolean', sortable: true, default: true },
    { name: 'created_at', label: 'Created at', type: 'datetime', sortable: true, form: 'none' },
  ],
  canDelete: (row, ctx) => row.id !== ctx.userId,
  canView: (row, ctx) => row.id === ctx.userId,
  rowActions: [{ key: 'profile', label: RESOURCE_MSG.profile, route: 'UserProfile', params: { id: 'id' } }],
});

export const rolesResource = defineResource({
  key: 'roles',
  url: 'roles',
  title: 'Roles',
  route: 'Roles',
  permission: 'USERS',
  fields: [
    uniqueNameField(60),
    {
      name: 'permissions',
      label: 'Permissions',
      type: 'multireference',
      reference: { url: 'permission', labelField: 'name', perPage: 1000 },
    },
  ],
  canEdit: (row) => row.id !== ADMIN_ROLE_ID,
  canDelete: (row) => row.id !== ADMIN_ROLE_ID,
});
