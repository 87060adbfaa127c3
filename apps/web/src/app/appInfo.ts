import { useQuery } from '@tanstack/react-query';
import { type AppInfo, fetchAppInfo } from '../api/appInfo';
import { queryKeys } from '../api/queryKeys';

export type { AppInfo } from '../api/appInfo';

const DEVELOPMENT: AppInfo = { app_env: 'development', version: '' };

/** GET app_info; any failure counts as development. */
export function useAppInfo() {
  return useQuery({
    queryKey: queryKeys.appInfo,
    queryFn: async () => {
      try {
        return (await fetchAppInfo()) ?? DEVELOPMENT;
      } catch {
        return DEVELOPMENT;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
