import type { ChatEventName, ServerEventName } from '@taxi/shared';

/**
 * Who receives what over the socket: for every pushed event, the demo roles whose consoles receive it when it is
 * raised (for a `recipients` event: when it is raised for that role's user), declared by hand from the spec and the
 * HTTP access table (access-table.ts) — not computed from EVENT_POLICY, so that a rule that drifts fails the socket
 * matrix test. Letters as in access-table.ts: A Admin · D Dispatcher · C Call centre · G Goverment · S Supervisor ·
 * P Q airport desk (no socket, shell.md §6) · H W Y partner desks (no socket: their desks read their own by HTTP).
 *
 * Each row mirrors the HTTP route that reads the same thing:
 * - bookings and their notices: GET booking (ADCGS); the passenger's contact in them: GET passenger/{id} (ADCS);
 * - a new passenger to approve: PUT passengers/{id}/active (ADCS); the approval queue's claims: GET
 *   passengers/approvals (ADCS);
 * - the fleet's positions: GET tracking/captains (ADS); one followed captain's: GET captain/{id}/location (ADCGS);
 * - AI popups: GET ai/suggestions (ADCS); tickets: GET tickets/pending (ADCS); the self-test: POST system/self_test
 *   (AS); the chat: GET conversations (ADCS); notifications: GET notification (ADCGS among the roles with a socket);
 *   one's AI status: GET ai_status (every role with a socket).
 */
export type SocketCase =
  | ServerEventName
  | ChatEventName
  | 'captain_location_updated (a followed captain)'
  | 'booking events with the passenger’s contact';

export const SOCKET_ACCESS: Record<SocketCase, string> = {
  'new booking': 'ADCGS',
  'update booking': 'ADCGS',
  'booking status update': 'ADCGS',
  'booking events with the passenger’s contact': 'ADCS',
  'late booking': 'ADCGS',
  'late captain': 'ADCGS',
  'renew besoin': 'ADCGS',
  'expired besoin': 'ADCGS',
  'Dashboard:booking_suggestion_sent': 'ADCGS',
  'Dashboard:booking_suggestion_available': 'ADCGS',
  'Dashboard:new_passenger': 'ADCS',
  'Passengers:approval_updated': 'ADCS',
  captain_location_updated: 'ADS',
  'captain_location_updated (a followed captain)': 'ADCGS',
  'Ai:new_now_booking': 'ADCS',
  'Ai:new_suggestion': 'ADCS',
  'Ai:pass_suggestion': 'ADCS',
  'Ai:pass_booking': 'ADCS',
  'new ticket': 'ADCS',
  'dismiss ticket': 'ADCS',
  'new notification': 'ADCGS',
  'AI status updated': 'ADCGS',
  'System:self_test': 'AS',
  'chat:message': 'ADCS',
  'chat:read': 'ADCS',
};
