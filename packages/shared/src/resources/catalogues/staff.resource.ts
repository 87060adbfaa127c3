import { z } from 'zod';
import { type StaffSubject, staffPolicy, USER_KINDS, type UserKind } from '../../policies/staff';
import { ADMIN_ROLE_ID } from '../../roles';
import { ACCOUNT_FIELDS } from '../account-fields';
import { dataReference, defineResource, type ResourceRow } from '../define';
import { RESOURCE_MSG } from '../messages';

const names = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

const isUserKind = (value: unknown): value is UserKind => (USER_KINDS as readonly unknown[]).includes(value);

/**
 * An account's row as the staff policy sees it (`user_kind`: staff, partner or airport desk; `roles`: ids;
 * `permission_names`: what they grant). A page of one kind of account (the partner and airport desks' users)
 * gives its kind; a row without one counts as a desk's (the stricter reach).
 */
export const staffSubjectOfRow = (row: ResourceRow, kind?: UserKind): StaffSubject => ({
  id: row.id,
  kind: kind ?? (isUserKind(row.user_kind) ? row.user_kind : 'partner'),
  roleIds: Array.isArray(row.roles) ? row.roles.map(Number) : [],
  permissions: names(row.permission_names),
});

/** Staff users. Role 1 is never offered by the role picker; nobody deletes their own account. */
export const staffResource = defineResource({
  key: 'users',
  url: 'user',
  title: 'Staff',
  route: 'Staff',
  createRoute: 'StaffAdd',
  itemRoute: 'UserProfile',
  permission: 'USERS',
  table: 'users',
  fields: [
    ...ACCOUNT_FIELDS,
    {
      name: 'roles',
      label: 'Roles',
      type: 'multireference',
      required: true,
      reference: dataReference('role', { perPage: 50, excludeIds: [ADMIN_ROLE_ID] }),
    },
    { name: 'active', label: 'Active', type: 'boolean', sortable: true, default: true },
    { name: 'created_at', label: 'Created at', type: 'datetime', sortable: true, form: 'none' },
  ],
  presented: {
    roles_label: z.string(),
    role_list: z.array(z.object({ id: z.number(), name: z.string() })),
    // What the staff policy weighs (the web hides Edit on a user one may not change).
    permission_names: z.array(z.string()),
    user_kind: z.enum(USER_KINDS),
  },
  // The staff policy decides from what the row presents: its roles and every permission they grant.
  canEdit: (row, ctx) => staffPolicy.editUser.allows(ctx, staffSubjectOfRow(row)),
  canDelete: (row, ctx) => row.id !== ctx.id && staffPolicy.editUser.allows(ctx, staffSubjectOfRow(row)),
  canView: (row, ctx) => row.id === ctx.id,
  refusals: {
    edit: RESOURCE_MSG.cannotEditUser,
    delete: (row, ctx) => (row.id === ctx.id ? RESOURCE_MSG.cannotDeleteSelf : RESOURCE_MSG.cannotEditUser),
  },
  rowActions: [{ key: 'profile', label: RESOURCE_MSG.profile, route: 'UserProfile', params: { id: 'id' } }],
});

export default staffResource;
