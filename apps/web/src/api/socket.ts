import type { ClientToServerEvents, ServerEventName, ServerToClientEvents } from '@taxi/shared';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { http } from './client';
import { queryClient } from './queryClient';
import { getToken } from './session';

export type TaxiSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type SocketStatus = 'idle' | 'connected' | 'reconnecting' | 'offline';
type Handler = (payload: never) => void;

let socket: TaxiSocket | null = null;
let status: SocketStatus = 'idle';
const statusListeners = new Set<() => void>();
/** Handlers survive reconnects and socket re-creation: they are attached to every new socket. */
const handlers = new Map<ServerEventName, Set<Handler>>();

function setStatus(next: SocketStatus): void {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener();
}

function dispatch(event: string, payload: unknown): void {
  for (const handler of handlers.get(event as ServerEventName) ?? []) (handler as (p: unknown) => void)(payload);
}

/** Long enough for this tab's own logout to finish (its socket goes first) before the session is checked. */
const SESSION_CHECK_DELAY_MS = 300;

/**
 * The server ended the socket or refused it (its session was ended: logout elsewhere, logout
 * everywhere, an admin, a password, role or activity change, or the token expired). Ask check_auth:
 * its 401 runs the app's logout flow (session cleared, the login page; "Token has expired" said so).
 * If the session turns out fine, connect again once. Nothing to do when this tab logged out itself
 * or switched sessions meanwhile.
 */
function checkSessionAfter(ended: TaxiSocket, token: string, reconnect: boolean): void {
  setTimeout(() => {
    if (socket !== ended || getToken() !== token) return;
    http.get('check_auth').then(
      () => {
        if (reconnect && socket === ended && !ended.connected) ended.connect();
      },
      () => {
        // A 401 was handled by the app's logout flow; a network error leaves the socket offline.
      },
    );
  }, SESSION_CHECK_DELAY_MS);
}

/** Opens the live socket with the access token (not for airport roles: the caller decides). */
export function connectSocket(token: string): TaxiSocket {
  if (socket) {
    const auth = socket.auth as { token?: string };
    if (auth.token === token) return socket;
    disconnectSocket();
  }
  const next: TaxiSocket = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'] });
  next.on('connect', () => {
    setStatus('connected');
    // Events sent before this connection were missed: while away, and on the first connection too, between a page's
    // first fetch and the socket's handshake. Refetch what is on screen; a fetch still running is left to finish
    // (it read the server a moment ago), so a page's first paint does not wait for the socket.
    void queryClient.refetchQueries({ type: 'active' }, { cancelRefetch: false });
  });
  next.on('disconnect', (reason) => {
    // A disconnect by either side is final (no automatic reconnection); anything else is retried.
    const final = reason === 'io client disconnect' || reason === 'io server disconnect';
    setStatus(final ? 'offline' : 'reconnecting');
    if (reason === 'io server disconnect') checkSessionAfter(next, token, true);
  });
  next.on('connect_error', () => {
    setStatus(next.active ? 'reconnecting' : 'offline');
    // Refused by the server (not a network error, which is retried): the token may be dead.
    if (!next.active) checkSessionAfter(next, token, false);
  });
  next.io.on('reconnect_failed', () => setStatus('offline'));
  next.onAny((event: string, payload: unknown) => dispatch(event, payload));
  socket = next;
  setStatus('reconnecting');
  return next;
}

export function disconnectSocket(): void {
  socket?.disconnect();
  socket = null;
  setStatus('idle');
}

export function getSocket(): TaxiSocket | null {
  return socket;
}

/** Subscribes to a server event for as long as the caller wants; returns the unsubscribe function. */
export function onSocketEvent<E extends ServerEventName>(event: E, handler: ServerToClientEvents[E]): () => void {
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
  }
  set.add(handler as Handler);
  return () => set.delete(handler as Handler);
}

/** React helper: `useSocketEvent(EVENTS.newNotification, (n) => ...)`. The latest handler is always used. */
export function useSocketEvent<E extends ServerEventName>(event: E, handler: ServerToClientEvents[E]): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const relay = ((payload: never) => (ref.current as Handler)(payload)) as ServerToClientEvents[E];
    return onSocketEvent(event, relay);
  }, [event]);
}

function subscribeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

export function useSocketStatus(): SocketStatus {
  return useSyncExternalStore(subscribeStatus, () => status);
}
