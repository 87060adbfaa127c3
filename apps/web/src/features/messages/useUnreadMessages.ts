import { useQuery } from '@tanstack/react-query';
import { chatPolicy, UNREAD_POLL_MS } from '@taxi/shared';
import { useEffect } from 'react';
import { UNREAD_MESSAGES_KEY } from '../../api/session';
import { usePolicy } from '../auth/currentUser';
import { chatKeys, pollUnread } from './api';
import { openChatConnection } from './chatConnection';

function storedUnread(): number {
  return Number(localStorage.getItem(UNREAD_MESSAGES_KEY) ?? 0) || 0;
}

/**
 * Unread conversation messages for the toolbar's red dot: polled every UNREAD_POLL_MS over up to
 * UNREAD_POLL_PAGES pages of conversations, persisted locally; the chat connection opens beside it and
 * makes a live message count at once.
 */
export function useUnreadMessagesCount(): number {
  const allows = usePolicy();
  const enabled = allows(chatPolicy.inbox);
  useEffect(() => (enabled ? openChatConnection() : undefined), [enabled]);
  const query = useQuery({
    queryKey: chatKeys.unread,
    queryFn: async ({ signal }) => {
      const count = await pollUnread(signal);
      localStorage.setItem(UNREAD_MESSAGES_KEY, String(count));
      return count;
    },
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: true,
    initialData: storedUnread,
    initialDataUpdatedAt: 0,
    retry: false,
  });
  return enabled ? (query.data ?? 0) : 0;
}
