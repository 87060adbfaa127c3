import { z } from 'zod';
import { permissionLabel } from '../../permissions';
import { type RoleSubject, staffPolicy } from '../../policies/staff';
import { ADMIN_ROLE_ID } from '../../roles';
import { dataNameField, defineResource, type ResourceRow } from '../define';
import { RESOURCE_MSG } from '../messages';

/** A role row as the staff policy sees it. */
export const roleSubjectOfRow = (row: ResourceRow): RoleSubject => ({
  id: row.id,
  permissions: Array.isArray(row.permission_names) ? row.permission_names.map(String) : [],
});

export const rolesResource = defineResource({
  key: 'roles',
  url: 'roles',
  title: 'Roles',
  route: 'Roles',
  permission: 'USERS',
  table: 'roles',
  fields: [
    dataNameField(60),
    {
      name: 'permissions',
      label: 'Permissions',
      type: 'multireference',
      reference: { url: 'permission', labelField: 'name', perPage: 1000, labelOf: permissionLabel },
    },
  ],
  presented: { permissions_label: z.string(), permission_names: z.array(z.string()) },
  canEdit: (row, ctx) => row.id !== ADMIN_ROLE_ID && staffPolicy.editRole.allows(ctx, roleSubjectOfRow(row)),
  canDelete: (row, ctx) => row.id !== ADMIN_ROLE_ID && staffPolicy.editRole.allows(ctx, roleSubjectOfRow(row)),
  refusals: { edit: RESOURCE_MSG.cannotEditRole, delete: RESOURCE_MSG.cannotEditRole },
});

export default rolesResource;
