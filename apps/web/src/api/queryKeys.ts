import type { QueryValue } from './client';

/** Stable TanStack Query keys. Features add their own keys beside their hooks following the same shape:
 * [domain, kind, params?]. */
export const queryKeys = {
  auth: {
    me: ['auth', 'me'] as const,
    chatToken: ['auth', 'chat-token'] as const,
  },
  appInfo: ['app-info'] as const,
  settings: {
    byKey: (key: string) => ['settings', 'detail', key] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    latest: ['notifications', 'latest'] as const,
    unread: ['notifications', 'unread'] as const,
    list: (params: Record<string, QueryValue>) => ['notifications', 'list', params] as const,
  },
  roles: {
    list: (params: Record<string, QueryValue>) => ['roles', 'list', params] as const,
  },
  permissions: {
    list: ['permissions', 'list'] as const,
  },
};
