import { useQuery } from '@tanstack/react-query';
import { sessionPolicy } from '@taxi/shared';
import { apiData, endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/queryKeys';
import { usePolicy } from '../auth/currentUser';

/** GET generate_chat_token: the token of the chat connection (messages feature). Failures are only logged. */
export function useChatToken() {
  const allows = usePolicy();
  return useQuery({
    queryKey: queryKeys.auth.chatToken,
    queryFn: ({ signal }) => apiData(endpoints.chatToken, { signal }),
    enabled: allows(sessionPolicy.chatToken),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
