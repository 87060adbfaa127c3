import { type QueryClient, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_BELL_COUNT, type NotificationItem, type Paginated } from '@taxi/shared';
import { apiData, endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/queryKeys';
import { UNSEEN_NOTIFICATIONS_KEY } from '../../api/session';

export function useLatestNotifications(enabled = true) {
  return useQuery({
    queryKey: queryKeys.notifications.latest,
    queryFn: ({ signal }) => apiData(endpoints.notifications, { query: { perPage: NOTIFICATION_BELL_COUNT }, signal }),
    enabled,
  });
}

export function useNotificationsPage(page: number, perPage: number) {
  const params = { page, perPage };
  return useQuery({
    queryKey: queryKeys.notifications.list(params),
    queryFn: ({ signal }) => apiData(endpoints.notifications, { query: params, signal }),
    placeholderData: (previous) => previous,
  });
}

/** Badge count: live notifications received since the bell menu was last opened, kept across reloads. */
export function readUnseen(): number {
  return Number(localStorage.getItem(UNSEEN_NOTIFICATIONS_KEY) ?? 0) || 0;
}

export function useUnseenCount() {
  return useQuery({
    queryKey: queryKeys.notifications.unseen,
    queryFn: readUnseen,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function setUnseen(client: QueryClient, count: number): void {
  localStorage.setItem(UNSEEN_NOTIFICATIONS_KEY, String(count));
  client.setQueryData(queryKeys.notifications.unseen, count);
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
  setUnseen(client, readUnseen() + 1);
  void client.invalidateQueries({ queryKey: ['notifications', 'list'] });
}
