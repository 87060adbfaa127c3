import type { AiSuggestionStatus, BookingStatus, CaptainLiveState, TicketStatus } from '@taxi/shared';
import type { aiSuggestions } from '../db/schema';

/**
 * What happened, recorded by the commands inside their transaction. Handlers run after commit
 * (realtime, live state, AI) or just before it (`within`: durable timers that must commit with the change).
 */
export interface DomainEvents {
  'booking.created': { bookingId: number; now: boolean; datetime: Date };
  /** Order fields changed (time, service, edits, offers, holds, notes). */
  'booking.updated': {
    bookingId: number /** Emitted in the board's list shape rather than the detail one. */;
    brief?: boolean;
  };
  'booking.statusChanged': { bookingId: number; from: BookingStatus; to: BookingStatus };
  'booking.dispatched': { bookingId: number; captainId: number; rideId: number; datetime: Date };
  'booking.cancelled': { bookingId: number; to: BookingStatus };
  'booking.timeChanged': { bookingId: number; datetime: Date; lateTimer: boolean };
  /** The cascade found no captain: the booking is a driver search (besoin) until `besoinDate`. */
  'booking.besoinStarted': { bookingId: number; besoinDate: Date };
  'booking.besoinRenewed': { bookingId: number; besoinDate: Date };
  'booking.besoinExpired': { bookingId: number };
  'captain.stateChanged': { captainId: number; state: CaptainLiveState };
  /** The captain app went online or offline (shifts start and end by it). */
  'captain.onlineChanged': { captainId: number; online: boolean };
  /** A PENDING booking offered to a captain (or, in the cascade's group round, several) until `until`. */
  'booking.offered': { bookingId: number; captainIds: number[]; until: Date };
  /** A group offer another captain won first: the offer is withdrawn from this one. */
  'booking.offerWithdrawn': { bookingId: number; captainId: number };
  /** The captain refused the offer or let it run out: the booking is free for the next one. */
  'booking.offerDeclined': { bookingId: number; captainId: number };
  /** A new or re-opened AI suggestion: operators whose AI is on get the popup. */
  'ai.suggestionProposed': { suggestion: typeof aiSuggestions.$inferSelect };
  /** A suggestion left PROPOSED (dispatched, snoozed, confirmed, refused, expired). */
  'ai.suggestionMoved': { bookingId: number; suggestionId: number; status: AiSuggestionStatus };
  /** A "now" booking still pending after its time (the late-booking timer). */
  'booking.late': { bookingId: number };
  /** The ride's captain has not picked up after the booking's time (the late-captain timer). */
  'booking.lateCaptain': { bookingId: number; captainName: string };
  /** A passenger signed up in the app (with or without ID card images). */
  'passenger.registered': { passengerId: number; name: string; withDocs: boolean };
  /** A passenger of the approval queue was claimed or released, or left it (approved, documents removed). */
  'passenger.approvalChanged': { passengerId: number };
  'complaint.filed': { complaintId: number; bookingId: number | null; byUserId: number | null };
  'complaint.statusChanged': { complaintId: number; status: string; byUserId: number };
  /** A message was written in a conversation (by staff, a captain, a passenger or the system). */
  'message.created': { messageId: number; conversationId: number };
  /** A reader's receipt moved forward in a conversation. */
  'message.read': { conversationId: number; readerKind: 'user' | 'captain' | 'passenger'; readerId: number };
  /** The console reminded the passenger (pending) or the captain (dispatched) of a booking. */
  'booking.reminderSent': { bookingId: number; kind: 'pending' | 'dispatched'; byUserId: number };
  /** A reminder's recipient answered (the captain app, the passenger's reply). */
  /** A ticket was written (the console's form, the apps); a PENDING one joins the takers' queue. */
  'ticket.created': { ticketId: number; pending: boolean };
  /** A ticket got an assignee; `from` PENDING means it left the queue. */
  'ticket.assigned': { ticketId: number; assigneeId: number; from: TicketStatus; byUserId: number | null };
  'reminder.answered': { bookingId: number; sentBy: number | null; by: 'captain' | 'passenger'; answer: string };
}

export type EventName = keyof DomainEvents;
export type DomainEvent = { [K in EventName]: { name: K; payload: DomainEvents[K] } }[EventName];
