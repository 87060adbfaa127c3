import type { AiPassPayload, AiPopupPayload, BookingSuggestionPayload } from './ai';
import type { BookingDto } from './booking-dto';
import type { ChatMessageDto, ReadReceiptDto } from './chat';
import type { LocationBatchBytes } from './dispatch';
import type { NewPassengerPayload } from './people';
import type { AiStatus, NotificationItem } from './session';
import type { TicketDismissPayload, TicketDto } from './tickets';

/** Socket.IO event names of the spec, kept as the spec spells them. */
export const EVENTS = {
  newNotification: 'new notification',
  aiStatusUpdated: 'AI status updated',
  newBooking: 'new booking',
  updateBooking: 'update booking',
  lateBooking: 'late booking',
  lateCaptain: 'late captain',
  newTicket: 'new ticket',
  dismissTicket: 'dismiss ticket',
  renewBesoin: 'renew besoin',
  expiredBesoin: 'expired besoin',
  bookingStatusUpdate: 'booking status update',
  aiPassBooking: 'Ai:pass_booking',
  aiNewNowBooking: 'Ai:new_now_booking',
  aiNewSuggestion: 'Ai:new_suggestion',
  aiPassSuggestion: 'Ai:pass_suggestion',
  newPassenger: 'Dashboard:new_passenger',
  bookingSuggestionAvailable: 'Dashboard:booking_suggestion_available',
  bookingSuggestionSent: 'Dashboard:booking_suggestion_sent',
  captainLocationUpdated: 'captain_location_updated',
  /** Ours: the self-test's event, to the consoles of the one who ran it. */
  selfTest: 'System:self_test',
} as const;

export const ROOMS = { users: 'users', captains: 'captains', guests: 'guests' } as const;

export interface LateBookingPayload {
  booking_id: number;
  message: string;
}
export interface LateCaptainPayload {
  booking_id: number;
  captain_name: string;
  message: string;
}

/** Every server → client event, keyed by its EVENTS name (no other name compiles on either side). Payloads
 * later capabilities fill in are typed `unknown` until they are built. */
export interface ServerToClientEvents {
  'new notification': (payload: NotificationItem) => void;
  'AI status updated': (payload: { user_id: number; ai_status: AiStatus }) => void;
  'new booking': (payload: BookingDto) => void;
  'update booking': (payload: BookingDto) => void;
  'booking status update': (payload: BookingDto) => void;
  'late booking': (payload: LateBookingPayload) => void;
  'late captain': (payload: LateCaptainPayload) => void;
  'renew besoin': (payload: { booking_id: number; besoin_date: string | null }) => void;
  'expired besoin': (payload: { booking_id: number }) => void;
  'Dashboard:new_passenger': (payload: NewPassengerPayload) => void;
  captain_location_updated: (payload: LocationBatchBytes) => void;
  'Ai:new_now_booking': (payload: AiPopupPayload) => void;
  'Ai:new_suggestion': (payload: AiPopupPayload) => void;
  'Ai:pass_suggestion': (payload: AiPassPayload) => void;
  'Ai:pass_booking': (payload: AiPassPayload) => void;
  'Dashboard:booking_suggestion_sent': (payload: BookingSuggestionPayload) => void;
  'Dashboard:booking_suggestion_available': (payload: BookingSuggestionPayload) => void;
  /** A ticket joined the queue (to the consoles of staff who take tickets). */
  'new ticket': (payload: TicketDto) => void;
  /** A ticket left the queue (taken or reassigned): every taker's dialog drops it. */
  'dismiss ticket': (payload: TicketDismissPayload) => void;
  'System:self_test': (payload: { nonce: string }) => void;
}

/** A server → client event name: one of EVENTS' values. */
export type ServerEventName = (typeof EVENTS)[keyof typeof EVENTS];

// Both ways: each EVENTS value has a typed payload above, and the payload table names no other event.
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const eventTableMatches: Exactly<ServerEventName, keyof ServerToClientEvents> = true;
void eventTableMatches;

export interface ClientToServerEvents {
  'Ai:pass_booking': (payload: { booking_id: number }) => void;
}

/** The chat connection's events (namespace CHAT_NAMESPACE, opened with the chat token). */
export const CHAT_EVENTS = { message: 'chat:message', read: 'chat:read' } as const;

export interface ChatServerToClientEvents {
  /** A message written in any conversation of the shared inbox. */
  'chat:message': (payload: ChatMessageDto) => void;
  /** A reader's receipt moved (the captain app read, a colleague read). */
  'chat:read': (payload: ReadReceiptDto & { conversation_id: number }) => void;
}
type ChatEventName = (typeof CHAT_EVENTS)[keyof typeof CHAT_EVENTS];
const chatEventTableMatches: Exactly<ChatEventName, keyof ChatServerToClientEvents> = true;
void chatEventTableMatches;
