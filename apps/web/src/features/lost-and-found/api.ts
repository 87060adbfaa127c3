import { useQuery } from '@tanstack/react-query';
import { LOST_ITEM_STATUSES, type LostItemStatus, lostItemMayMove } from '@taxi/shared';
import { useNavigate } from 'react-router';
import { api, apiData, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';

/** Who changed what on an item (GET lost_and_found/{id}/history). */
export function useLostItemHistory(id: number | null) {
  return useQuery({
    queryKey: ['resources', 'lost_and_found', 'history', id],
    queryFn: ({ signal }) => apiData(endpoints.lostItemHistory, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

/** The booking a lost item is linked to: its passenger and the captain of its ride. */
export async function bookingPeople(id: number) {
  const booking = await apiData(endpoints.booking, { params: { id } });
  return {
    passenger: { id: booking.passenger.id, label: booking.passenger.full_name },
    captain: booking.ride ? { id: booking.ride.captain.id, label: booking.ride.captain.full_name } : null,
  };
}

/** Opens (or finds) the conversation with the item's passenger or captain, then shows it on /messages. */
export function useMessageOwner() {
  const navigate = useNavigate();
  return useApiMutation({
    mutationFn: ({ kind, id }: { kind: 'passenger' | 'captain'; id: number }) =>
      api(kind === 'passenger' ? endpoints.openPassengerConversation : endpoints.openCaptainConversation, {
        params: { id },
      }),
    onSuccess: (reply) => navigate(`/messages?conversation=${encodeURIComponent(String(reply.data.id))}`),
  });
}

/** The statuses an item may take from `current` (itself first). */
export const nextStatuses = (current: LostItemStatus): LostItemStatus[] =>
  LOST_ITEM_STATUSES.filter((s) => lostItemMayMove(current, s));
