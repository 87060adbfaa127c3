import type { z } from 'zod';
import type { conversationSchema, messageSchema, readReceiptSchema } from './contract/chat';
import { texts, tr } from './i18n';

/** Conversations and messages (shell.md §2.2 /messages, /booking-chat/{id}; §4 the chat connection). */
export const CONVERSATION_KINDS = ['captain', 'passenger', 'booking'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];
export const SENDER_KINDS = ['user', 'captain', 'passenger', 'system'] as const;
export type SenderKind = (typeof SENDER_KINDS)[number];

/** A message's text, at most this long; a message has text, an attachment, or both. */
export const MESSAGE_MAX_CHARS = 2000;
/** Images and voice notes, checked by content: at most this many bytes. */
export const MESSAGE_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
/** Conversations per page of the inbox (the unread poll reads up to UNREAD_POLL_PAGES of them). */
export const CONVERSATIONS_PER_PAGE = 25;
/** Messages loaded at once when a conversation opens or scrolls back. */
export const MESSAGES_PER_PAGE = 50;
/** The chat connection's Socket.IO namespace (authenticated with the chat token, not the access token). */
export const CHAT_NAMESPACE = '/chat';

export type ConversationDto = z.infer<typeof conversationSchema>;
export type ChatMessageDto = z.infer<typeof messageSchema>;
export type ReadReceiptDto = z.infer<typeof readReceiptSchema>;

/** Texts of the messages pages and calls. */
export const CHAT_MSG = texts({
  messagesTitle: 'Messages',
  searchConversations: 'Search conversations',
  noConversations: 'No conversations',
  noMessages: 'No messages yet',
  pickConversation: 'Choose a conversation',
  typeMessage: 'Type a message',
  send: 'Send',
  attach: 'Attach an image or a voice note',
  recordVoice: 'Record a voice note',
  stopRecording: 'Stop recording',
  loadOlder: 'Load older messages',
  seenBy: (names: string) => tr('Seen by {{names}}', { names }),
  you: 'You',
  system: 'System',
  captain: 'Captain',
  passenger: 'Passenger',
  booking: 'Booking',
  allKinds: 'All',
  bookingChatTitle: (id: number) => tr('Chat of order #{{id}}', { id }),
  emptyMessage: 'Write a message or attach a file.',
  messageTooLong: (n: number) => tr('A message may not be longer than {{n}} characters.', { n }),
  attachmentKind: 'Only images (PNG, JPEG, WebP) and voice notes (WAV, WebM, Ogg, MP3) are accepted.',
  attachmentTooLarge: (mb: number) => tr('A file may not be larger than {{mb}} MB.', { mb }),
  unknownConversation: 'Unknown conversation',
  bookingChatNotAllowed: 'This order has no chat: it is pending, immediate, or was not booked in the app.',
  noCaptainConversation: 'This captain has no conversation yet.',
  messageSent: 'Message sent',
  voiceNote: 'Voice note',
  image: 'Image',
} as const);

/** A conversation's preview line: the text, or what the attachment is. */
export function messagePreview(m: { body: string; attachment_kind: 'image' | 'audio' | null }): string {
  if (m.body) return m.body;
  return m.attachment_kind === 'audio' ? CHAT_MSG.voiceNote : m.attachment_kind === 'image' ? CHAT_MSG.image : '';
}
