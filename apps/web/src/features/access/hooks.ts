import { useQuery } from '@tanstack/react-query';
import { type Paginated, PICKER_PAGE_SIZE, pickableRoles, type RoleRef } from '@taxi/shared';
import { http } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';

export interface PermissionRow {
  id: number;
  name: string;
}

/** Roles for pickers: page size 50, role id 1 excluded (shell.md §6). */
export function usePickableRoles() {
  const params = { perPage: PICKER_PAGE_SIZE };
  return useQuery({
    queryKey: queryKeys.roles.list(params),
    queryFn: ({ signal }) => http.get<Paginated<RoleRef>>('role', params, signal),
    select: (page) => pickableRoles(page.data),
  });
}

export function usePermissionCatalogue() {
  return useQuery({
    queryKey: queryKeys.permissions.list,
    queryFn: ({ signal }) => http.get<Paginated<PermissionRow>>('permission', undefined, signal),
    select: (page) => page.data,
  });
}
