import { request } from './client';

export interface AppInfo {
  app_env: string;
  version: string;
}

/**
 * GET app_info, before any login (no token). Called with the plain client rather than through the
 * endpoint table: the login page must not load the contract's schemas.
 */
export async function fetchAppInfo(): Promise<AppInfo | undefined> {
  return (await request<AppInfo>('GET', 'app_info', { auth: false })).data;
}
