import { useQuery } from '@tanstack/react-query';
import { PICKER_PAGE_SIZE, pickableRoles } from '@taxi/shared';
import { apiData, endpoints } from '../../api/endpoints';
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
    queryFn: ({ signal }) => apiData(endpoints.roles, { query: params, signal }),
    select: (page) => pickableRoles(page.data),
  });
}

export function usePermissionCatalogue() {
  return useQuery({
    queryKey: queryKeys.permissions.list,
    queryFn: ({ signal }) => apiData(endpoints.permissions, { signal }),
    select: (page) => page.data,
  });
}
