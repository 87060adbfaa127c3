import type { Permission } from './permissions';

/**
 * What raises a notification (shell.md §2.7, §4): each kind's look and who receives it. `permission`
 * kinds go to every staff member whose role holds it (airport roles never: shell.md §6); `direct` kinds
 * go to named users (the reminder's sender, the staff of a conversation).
 */
export const NOTIFICATION_KINDS = [
  'late_booking',
  'late_captain',
  'new_passenger',
  'new_ticket',
  'complaint_filed',
  'complaint_status',
  'besoin_expired',
  'reminder_answered',
  'message_while_away',
  'general',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

interface KindLook {
  /** A theme palette colour (the icon's background). */
  color: string;
  /** A Material icon name (NotificationIcon). */
  icon: string;
  /** Who receives it: holders of this permission, or named users (null). */
  permission: Permission | null;
}

export const NOTIFICATION_LOOK: Record<NotificationKind, KindLook> = {
  late_booking: { color: 'error.main', icon: 'schedule', permission: 'DISPATCHING' },
  late_captain: { color: 'warning.main', icon: 'directions_car', permission: 'DISPATCHING' },
  new_passenger: { color: 'info.main', icon: 'person_add', permission: 'PASSENGERS' },
  new_ticket: { color: 'secondary.main', icon: 'feedback', permission: 'DISPATCHING' },
  complaint_filed: { color: 'warning.main', icon: 'feedback', permission: 'COMPLAINTS' },
  complaint_status: { color: 'info.main', icon: 'feedback', permission: 'COMPLAINTS' },
  besoin_expired: { color: 'error.main', icon: 'warning', permission: 'DISPATCHING' },
  reminder_answered: { color: 'success.main', icon: 'campaign', permission: null },
  message_while_away: { color: 'primary.main', icon: 'chat', permission: null },
  general: { color: 'primary.main', icon: 'notifications', permission: null },
};

/**
 * The notifications' texts as stored (English templates; `{{name}}` filled from the notification's params).
 * Plain strings, not texts(): the server stores the template and the console translates it at render
 * (its string params too, when the catalogue has them: 'With Docs').
 */
export const NOTIFICATION_TEMPLATES = Object.freeze({
  lateBooking: 'Order #{{id}} is still waiting for dispatching',
  lateCaptain: 'Captain {{captain}} is late for order #{{id}}',
  newPassenger: 'New passenger {{name}}: {{docs}}',
  newTicket: 'New ticket #{{id}}: {{type}}',
  complaintFiled: 'Complaint #{{id}} filed on order #{{booking}}',
  complaintFiledNoBooking: 'Complaint #{{id}} filed',
  complaintStatus: 'Complaint #{{id}} is now {{status}}',
  besoinExpired: 'The driver search for order #{{id}} has expired',
  captainAnsweredReminder: 'The captain answered the reminder for order #{{id}}: {{answer}}',
  passengerAnsweredReminder: 'The passenger answered the reminder for order #{{id}}: {{answer}}',
  messageWhileAway: 'New message from {{name}}: {{preview}}',
});
