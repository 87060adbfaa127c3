import { z } from 'zod';
import { staffPolicy } from '../policies/staff';
import { staffSubjectOfRow } from './catalogues/staff.resource';
import type { ResourceRow, RowContext } from './define';
import { RESOURCE_MSG } from './messages';

/**
 * The sign-ins of a partner's desk (hotel, restaurant, company users) or an airport agency's desk: their pages
 * present what the staff policy weighs (`roles`, `permission_names`) and ask its rule, as the staff table does,
 * before offering Edit or Delete.
 */
export const DESK_ACCOUNT_PRESENTED = {
  roles: z.array(z.number()),
  permission_names: z.array(z.string()),
} as const;

export function deskAccountRules(kind: 'partner' | 'airport') {
  const mayChange = (row: ResourceRow, ctx: RowContext) =>
    staffPolicy.editUser.allows(ctx, staffSubjectOfRow(row, kind));
  return {
    canEdit: mayChange,
    canDelete: (row: ResourceRow, ctx: RowContext) => row.id !== ctx.id && mayChange(row, ctx),
    refusals: { edit: RESOURCE_MSG.cannotEditUser, delete: RESOURCE_MSG.cannotEditUser },
  };
}
