import { type QueryClient, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_BELL_COUNT, type NotificationItem, type NotificationQuery, type Paginated } from '@taxi/shared';
import type { TFunction } from 'i18next';
import { apiData, endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/queryKeys';

export function useLatestNotifications(enabled = true) {
  return useQuery({
    queryKey: queryKeys.notifications.latest,
    queryFn: ({ signal }) => apiData(endpoints.notifications, { query: { perPage: NOTIFICATION_BELL_COUNT }, signal }),
    enabled,
  });
}

export function useNotificationsPage(query: NotificationQuery) {
  return useQuery({
    queryKey: queryKeys.notifications.list({ ...query }),
    queryFn: ({ signal }) => apiData(endpoints.notificationList, { query, signal }),
    placeholderData: (previous) => previous,
  });
}

/** The badge: the user's unread notifications, as the server counts them (read state is per recipient). */
export function useUnreadNotifications(enabled = true) {
  return useQuery({
    queryKey: queryKeys.notifications.unread,
    queryFn: async ({ signal }) => (await apiData(endpoints.unreadNotifications, { signal })).unread,
    enabled,
  });
}

/** Marks these notifications (or all) read; the lists and the badge follow. */
export async function markNotificationsRead(client: QueryClient, which: number[] | 'all'): Promise<void> {
  const result = await apiData(endpoints.readNotifications, { body: which === 'all' ? { all: true } : { ids: which } });
  client.setQueryData(queryKeys.notifications.unread, result.unread);
  await client.invalidateQueries({ queryKey: queryKeys.notifications.all });
}

/** A live 'new notification': prepend to the bell list, bump the badge, refresh other lists lazily. */
export function applyNewNotification(client: QueryClient, item: NotificationItem): void {
  client.setQueryData<Paginated<NotificationItem>>(queryKeys.notifications.latest, (page) =>
    page
      ? {
          ...page,
          data: [item, ...page.data.filter((n) => n.id !== item.id)].slice(0, NOTIFICATION_BELL_COUNT),
          total: page.total + 1,
        }
      : page,
  );
  client.setQueryData<number>(queryKeys.notifications.unread, (n) => (n ?? 0) + (item.read ? 0 : 1));
  void client.invalidateQueries({ queryKey: ['notifications', 'list'] });
}

/** The notification in the reader's language: its template, with its text values translated too. */
export function notificationText(t: TFunction, item: Pick<NotificationItem, 'message' | 'template' | 'params'>) {
  if (!item.template) return t(item.message);
  const values = Object.fromEntries(
    Object.entries(item.params ?? {}).map(([k, v]) => [k, typeof v === 'string' ? t(v) : v]),
  );
  return t(item.template, { ...values, interpolation: { escapeValue: false } });
}
