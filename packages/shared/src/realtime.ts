import type { AiPassPayload, AiPopupPayload, BookingSuggestionPayload } from './ai';
import type { BookingDto } from './booking-dto';
import { BOOKING_PASSENGER_VIEW } from './booking-view';
import type { ChatMessageDto, ReadReceiptDto } from './chat';
import type { LocationBatchBytes } from './dispatch';
import type { ApprovalUpdatedPayload, NewPassengerPayload } from './people';
import { aiPolicy, bookingPolicy } from './policies/bookings';
import { chatPolicy } from './policies/chat';
import { notificationPolicy } from './policies/city';
import type { Rule } from './policies/core';
import { passengerPolicy, trackingPolicy } from './policies/people';
import { systemPolicy } from './policies/session';
import { ticketPolicy } from './policies/tickets';
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
  /** Ours: a passenger of the approval queue was claimed, released, or left it (approved, documents removed). */
  approvalUpdated: 'Passengers:approval_updated',
  bookingSuggestionAvailable: 'Dashboard:booking_suggestion_available',
  bookingSuggestionSent: 'Dashboard:booking_suggestion_sent',
  captainLocationUpdated: 'captain_location_updated',
  /** Ours: the self-test's event, to the consoles of the one who ran it. */
  selfTest: 'System:self_test',
} as const;

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
  'Passengers:approval_updated': (payload: ApprovalUpdatedPayload) => void;
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

/** What the console asks of the server over the socket; each has its rule in CLIENT_EVENT_POLICY. */
export const CLIENT_EVENTS = {
  /** A popup's countdown reached zero on this console: the AI dispatches (the first console to say so). */
  aiPassBooking: 'Ai:pass_booking',
  /** Follow one captain's position (the ride page's live tracking), answered `{ ok }` by acknowledgement. */
  followCaptain: 'Tracking:follow_captain',
  /** Stop following it. */
  unfollowCaptain: 'Tracking:unfollow_captain',
} as const;

export interface ClientToServerEvents {
  'Ai:pass_booking': (payload: { booking_id: number }) => void;
  'Tracking:follow_captain': (payload: { captain_id: number }, ack?: (answer: { ok: boolean }) => void) => void;
  'Tracking:unfollow_captain': (payload: { captain_id: number }) => void;
}
type ClientEventName = (typeof CLIENT_EVENTS)[keyof typeof CLIENT_EVENTS];
const clientEventTableMatches: Exactly<ClientEventName, keyof ClientToServerEvents> = true;
void clientEventTableMatches;

/** The chat connection's events (namespace CHAT_NAMESPACE, opened with the chat token). */
export const CHAT_EVENTS = { message: 'chat:message', read: 'chat:read' } as const;

export interface ChatServerToClientEvents {
  /** A message written in any conversation of the shared inbox. */
  'chat:message': (payload: ChatMessageDto) => void;
  /** A reader's receipt moved (the captain app read, a colleague read). */
  'chat:read': (payload: ReadReceiptDto & { conversation_id: number }) => void;
}
export type ChatEventName = (typeof CHAT_EVENTS)[keyof typeof CHAT_EVENTS];
const chatEventTableMatches: Exactly<ChatEventName, keyof ChatServerToClientEvents> = true;
void chatEventTableMatches;

// Who receives what. The socket is a second API: each event is sent only to the sockets whose session the named
// rule allows — the rule the HTTP route that reads the same thing uses — so nothing reaches a console by the
// socket that its role could not read through the API.

type PayloadOf<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/**
 * How an event finds its sockets:
 * - `audience`: every socket whose session the rule allows (one room per rule, joined at connect from the session's
 *   rights and changed when they change);
 * - `recipients`: the users the domain names (the notification's recipients, the operator of a popup), each of them
 *   only while the rule allows them.
 */
export type EventDelivery = 'audience' | 'recipients';

export interface EventPolicy<P> {
  readonly rule: Rule<void>;
  readonly delivery: EventDelivery;
  /**
   * Receivers the rule allows but `unless` does not get `view(payload)` instead: what the HTTP side shows them (a
   * booking without its passenger's contact for a role that reads no passenger).
   */
  readonly redact?: { readonly unless: Rule<void>; readonly view: (payload: P) => P };
  /** Sockets that follow one subject (a captain on the ride page) get its part under this rule as well. */
  readonly followers?: Rule<void>;
}

const bookingEvent = { rule: bookingPolicy.read, delivery: 'audience', redact: BOOKING_PASSENGER_VIEW } as const;
const boardEvent = { rule: bookingPolicy.read, delivery: 'audience' } as const;

/** Every server → client event of the main namespace and its rule: an event without one does not compile, and the
 * server refuses to start (realtime/policy.ts checks it at start-up, as it does for routes). */
export const EVENT_POLICY = {
  'new notification': { rule: notificationPolicy.list, delivery: 'recipients' },
  'AI status updated': { rule: aiPolicy.ownStatus, delivery: 'recipients' },
  'new booking': bookingEvent,
  'update booking': bookingEvent,
  'booking status update': bookingEvent,
  'late booking': boardEvent,
  'late captain': boardEvent,
  'renew besoin': boardEvent,
  'expired besoin': boardEvent,
  'Dashboard:booking_suggestion_sent': boardEvent,
  'Dashboard:booking_suggestion_available': boardEvent,
  // A new passenger joins the approval queue: whoever may approve a passenger (PUT passengers/{id}/active).
  'Dashboard:new_passenger': { rule: passengerPolicy.change, delivery: 'audience' },
  // The approval queue's changes: its readers (GET passengers/approvals), so every console marks a claim at once.
  'Passengers:approval_updated': { rule: passengerPolicy.approvals, delivery: 'audience' },
  // The whole fleet to the tracking map's readers (GET tracking/captains); one captain to whoever may read its
  // position (GET captain/{id}/location) and follows it.
  captain_location_updated: { rule: trackingPolicy.fleet, delivery: 'audience', followers: trackingPolicy.captain },
  'Ai:new_now_booking': { rule: aiPolicy.popups, delivery: 'recipients' },
  'Ai:new_suggestion': { rule: aiPolicy.popups, delivery: 'recipients' },
  'Ai:pass_suggestion': { rule: aiPolicy.popups, delivery: 'audience' },
  'Ai:pass_booking': { rule: aiPolicy.popups, delivery: 'audience' },
  'new ticket': { rule: ticketPolicy.take, delivery: 'audience' },
  'dismiss ticket': { rule: ticketPolicy.take, delivery: 'audience' },
  'System:self_test': { rule: systemPolicy.selfTest, delivery: 'recipients' },
} as const satisfies { readonly [E in ServerEventName]: EventPolicy<PayloadOf<E>> };

/** The chat namespace's events: the shared inbox's readers. */
export const CHAT_EVENT_POLICY = {
  'chat:message': { rule: chatPolicy.inbox, delivery: 'audience' },
  'chat:read': { rule: chatPolicy.inbox, delivery: 'audience' },
} as const satisfies { readonly [E in ChatEventName]: EventPolicy<Parameters<ChatServerToClientEvents[E]>[0]> };

/** What the console may ask over the socket, and the rule of each. */
export const CLIENT_EVENT_POLICY: { readonly [E in ClientEventName]: { readonly rule: Rule<void> } } = {
  'Ai:pass_booking': { rule: aiPolicy.popups },
  'Tracking:follow_captain': { rule: trackingPolicy.captain },
  'Tracking:unfollow_captain': { rule: trackingPolicy.captain },
};

/** The events whose sockets are picked by the domain (their rule still filters them). */
export type RecipientEventName = {
  [E in ServerEventName]: (typeof EVENT_POLICY)[E]['delivery'] extends 'recipients' ? E : never;
}[ServerEventName];
