import { useQuery } from '@tanstack/react-query';
import { request } from '../api/client';
import { queryKeys } from '../api/queryKeys';

export interface AppInfo {
  app_env: string;
  version: string;
}

const DEVELOPMENT: AppInfo = { app_env: 'development', version: '' };

/** GET app_info; any failure counts as development. */
export function useAppInfo() {
  return useQuery({
    queryKey: queryKeys.appInfo,
    queryFn: async () => {
      try {
        return (await request<AppInfo>('GET', 'app_info', { auth: false })).data ?? DEVELOPMENT;
      } catch {
        return DEVELOPMENT;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
