import { useQuery } from '@tanstack/react-query';
import { groupOrderSchema, pathTo } from '@taxi/shared';
import { apiData, endpoints } from '../../../api/endpoints';

/** The orders of a group on the phone booking page (GET booking?group_order: every status). */
export const groupOrdersKey = (group: string) => ['bookings', 'group', group] as const;

/** A group's orders, as many as a group may hold and more (cancelled cars stay listed). */
export function useGroupOrders(group: string | null) {
  return useQuery({
    queryKey: groupOrdersKey(group ?? ''),
    queryFn: ({ signal }) => apiData(endpoints.bookings, { query: { group_order: group ?? '', perPage: 25 }, signal }),
    enabled: !!group,
  });
}

/** The `grouper` of the page's address when it names a group, else null. */
export function grouperOf(params: URLSearchParams): string | null {
  const parsed = groupOrderSchema.safeParse(params.get('grouper') ?? '');
  return parsed.success ? parsed.data : null;
}

/** The phone booking showing a group's orders, where a car is added to it. */
export const groupOrdersPath = (group: string) =>
  `${pathTo('PhoneBooking')}?show_order_list=1&grouper=${encodeURIComponent(group)}`;
