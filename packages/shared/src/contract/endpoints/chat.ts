import type { ConversationKind } from '../../chat';
import type { NotificationKind } from '../../notifications';
import { chatContract } from '../chat';
import { endpoint } from '../endpoint';
import { notificationsContract } from '../notifications';

export interface ConversationQuery {
  page?: number;
  perPage?: number;
  kind?: ConversationKind;
  search?: string;
  unread?: '1' | '0';
}

export interface NotificationQuery {
  page?: number;
  perPage?: number;
  kind?: NotificationKind;
  unread?: '1' | '0';
  /** City-local days, YYYY-MM-DD. */
  from?: string;
  to?: string;
}

/** Conversations, messages and receipts (/messages, /booking-chat/{id}); the notifications' bell and page. */
export const chatEndpoints = {
  conversations: endpoint<ConversationQuery>()('GET', 'conversations', chatContract.conversations),
  conversation: endpoint()('GET', 'conversations/:id', chatContract.conversation),
  unreadMessages: endpoint<{ pages?: number; perPage?: number }>()('GET', 'conversations/unread', chatContract.unread),
  conversationMessages: endpoint<{ before?: number; limit?: number }>()(
    'GET',
    'conversations/:id/messages',
    chatContract.messages,
  ),
  /** JSON `{ body }` or FormData with `body` and `file`. */
  sendMessage: endpoint<undefined, { body: string } | FormData>()(
    'POST',
    'conversations/:id/messages',
    chatContract.message,
  ),
  readConversation: endpoint<undefined, { message_id?: number }>()('PUT', 'conversations/:id/read', chatContract.read),
  openCaptainConversation: endpoint()('POST', 'conversations/captain/:id', chatContract.conversation),
  openPassengerConversation: endpoint()('POST', 'conversations/passenger/:id', chatContract.conversation),
  captainConversation: endpoint()('GET', 'booking/:id/captain_conversation', chatContract.conversation),
  bookingChat: endpoint()('GET', 'booking/:id/chat', chatContract.conversation),
  notificationList: endpoint<NotificationQuery>()('GET', 'notification', notificationsContract.list),
  unreadNotifications: endpoint()('GET', 'notification/unread_count', notificationsContract.unread),
  readNotifications: endpoint<undefined, { ids: number[] } | { all: true }>()(
    'PUT',
    'notification/read',
    notificationsContract.read,
  ),
};
