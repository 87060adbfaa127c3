import { keepPreviousData, type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  type ChatMessageDto,
  CONVERSATIONS_PER_PAGE,
  type ConversationQuery,
  MESSAGES_PER_PAGE,
  UNREAD_POLL_PAGES,
} from '@taxi/shared';
import { apiData, endpoints } from '../../api/endpoints';

/** Query keys of the messages feature: ['messages', kind, params?]. */
export const chatKeys = {
  all: ['messages'] as const,
  inbox: (query: ConversationQuery) => ['messages', 'inbox', query] as const,
  conversation: (id: number) => ['messages', 'conversation', id] as const,
  thread: (id: number) => ['messages', 'thread', id] as const,
  unread: ['messages', 'unread'] as const,
  bookingChat: (bookingId: number) => ['messages', 'booking', bookingId] as const,
};

export function useInbox(query: ConversationQuery) {
  return useQuery({
    queryKey: chatKeys.inbox(query),
    queryFn: ({ signal }) => apiData(endpoints.conversations, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useConversation(id: number | null) {
  return useQuery({
    queryKey: chatKeys.conversation(id ?? 0),
    queryFn: ({ signal }) => apiData(endpoints.conversation, { params: { id: id as number }, signal }),
    enabled: id !== null,
  });
}

/** A conversation's messages, newest page first; older pages load on demand. */
export function useThread(id: number | null) {
  return useInfiniteQuery({
    queryKey: chatKeys.thread(id ?? 0),
    queryFn: ({ pageParam, signal }) =>
      apiData(endpoints.conversationMessages, {
        params: { id: id as number },
        query: { limit: MESSAGES_PER_PAGE, ...(pageParam ? { before: pageParam } : {}) },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.has_more && last.data.length ? last.data[0].id : undefined),
    enabled: id !== null,
  });
}

/** Messages of a thread in time order (the pages hold newest-first pages of oldest-first messages). */
export function threadMessages(pages: readonly { data: ChatMessageDto[] }[] | undefined): ChatMessageDto[] {
  if (!pages) return [];
  return [...pages].reverse().flatMap((page) => page.data);
}

/**
 * The unread poll (shell.md §4, §9): the unread messages of the inbox's first UNREAD_POLL_PAGES pages of
 * CONVERSATIONS_PER_PAGE conversations, summed by the server in one call.
 */
export async function pollUnread(signal?: AbortSignal): Promise<number> {
  const data = await apiData(endpoints.unreadMessages, {
    query: { pages: UNREAD_POLL_PAGES, perPage: CONVERSATIONS_PER_PAGE },
    signal,
  });
  return data.unread;
}

/** A live message: the open thread and the inbox refresh; the dot is recounted by the next poll. */
export function applyLiveMessage(client: QueryClient, message: ChatMessageDto): void {
  client.setQueryData(chatKeys.thread(message.conversation_id), (data: ThreadData | undefined) => {
    if (!data?.pages.length) return data;
    const [newest, ...rest] = data.pages;
    if (newest.data.some((m) => m.id === message.id)) return data;
    return { ...data, pages: [{ ...newest, data: [...newest.data, message] }, ...rest] };
  });
  void client.invalidateQueries({ queryKey: ['messages', 'inbox'] });
  void client.invalidateQueries({ queryKey: chatKeys.conversation(message.conversation_id) });
  if (message.sender_kind === 'captain' || message.sender_kind === 'passenger')
    void client.invalidateQueries({ queryKey: chatKeys.unread });
}

type ThreadData = { pages: { data: ChatMessageDto[]; has_more: boolean }[]; pageParams: unknown[] };
