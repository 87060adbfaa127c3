import { CHAT_EVENTS, CHAT_NAMESPACE, type ChatServerToClientEvents, endpoints } from '@taxi/shared';
import { io, type Socket } from 'socket.io-client';
import { apiData } from '../../api/endpoints';
import { queryClient } from '../../api/queryClient';
import { applyLiveMessage } from './api';

type ChatSocket = Socket<ChatServerToClientEvents>;

/** A refused chat connection (an expired chat token) tries again with a fresh token after this long. */
const RETRY_MS = 15_000;

let socket: ChatSocket | null = null;
let retry: ReturnType<typeof setTimeout> | null = null;

/**
 * The chat connection (shell.md §4): Socket.IO on the chat namespace, authenticated with a fresh chat
 * token (GET generate_chat_token) at every (re)connection. Messages arrive live; receipts refresh the
 * conversation. Without it the inbox still refreshes through the 7-second unread poll.
 */
export function openChatConnection(): () => void {
  if (socket) return closeChatConnection;
  const next: ChatSocket = io(CHAT_NAMESPACE, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    auth: (cb) => {
      apiData(endpoints.chatToken).then(
        (token) => cb({ token }),
        () => cb({ token: '' }),
      );
    },
  });
  next.on(CHAT_EVENTS.message, (message) => applyLiveMessage(queryClient, message));
  next.on(CHAT_EVENTS.read, (receipt) => {
    void queryClient.invalidateQueries({ queryKey: ['messages', 'conversation', receipt.conversation_id] });
  });
  next.on('connect_error', () => {
    // Refused by the server (an expired token, a revoked session): try once more later with a new token.
    if (!next.active && !retry)
      retry = setTimeout(() => {
        retry = null;
        if (socket === next) next.connect();
      }, RETRY_MS);
  });
  next.on('disconnect', (reason) => {
    if (reason === 'io server disconnect' && !retry)
      retry = setTimeout(() => {
        retry = null;
        if (socket === next) next.connect();
      }, RETRY_MS);
  });
  socket = next;
  return closeChatConnection;
}

export function closeChatConnection(): void {
  if (retry) clearTimeout(retry);
  retry = null;
  socket?.disconnect();
  socket = null;
}
