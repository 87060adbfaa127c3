import { pathTo, NOTIFICATION_TEMPLATES as T } from '@taxi/shared';
import type { Db } from '../../db/client';
import type { AppBus } from '../../events';
import { ticketBrief, ticketTakers } from '../tickets/queries';
import type { NotificationService } from './service';

const ride = (id: number) => pathTo('Details', { id });

/** The events the console cares about raise notifications (shell.md §2.7, §4). */
export function registerNotificationHandlers(bus: AppBus, notifications: NotificationService, db: Db): void {
  // A queued ticket: its takers (the consoles that get 'new ticket') are told in the bell too.
  bus.after('ticket.created', async ({ ticketId, pending }) => {
    if (!pending) return;
    const ticket = await ticketBrief(db, ticketId);
    if (!ticket) return;
    const userIds = await ticketTakers(db);
    if (userIds.length === 0) return;
    await notifications.raise({
      kind: 'new_ticket',
      template: T.newTicket,
      params: { id: ticketId, type: ticket.type.title },
      link: pathTo('Ticket', { id: ticketId }),
      userIds,
    });
  });
  bus.after('booking.late', async ({ bookingId }) => {
    await notifications.raise({
      kind: 'late_booking',
      template: T.lateBooking,
      params: { id: bookingId },
      link: ride(bookingId),
    });
  });
  bus.after('booking.lateCaptain', async ({ bookingId, captainName }) => {
    await notifications.raise({
      kind: 'late_captain',
      template: T.lateCaptain,
      params: { id: bookingId, captain: captainName },
      link: ride(bookingId),
    });
  });
  bus.after('booking.besoinExpired', async ({ bookingId }) => {
    await notifications.raise({
      kind: 'besoin_expired',
      template: T.besoinExpired,
      params: { id: bookingId },
      link: ride(bookingId),
    });
  });
  bus.after('passenger.registered', async ({ passengerId, name, withDocs }) => {
    await notifications.raise({
      kind: 'new_passenger',
      template: T.newPassenger,
      params: { name, docs: withDocs ? 'With Docs' : 'Without Docs' },
      link: pathTo('Passenger', { id: passengerId }),
    });
  });
  bus.after('complaint.filed', async ({ complaintId, bookingId }) => {
    await notifications.raise({
      kind: 'complaint_filed',
      template: bookingId === null ? T.complaintFiledNoBooking : T.complaintFiled,
      params: bookingId === null ? { id: complaintId } : { id: complaintId, booking: bookingId },
      link: bookingId === null ? undefined : ride(bookingId),
    });
  });
  bus.after('complaint.statusChanged', async ({ complaintId, status }) => {
    await notifications.raise({
      kind: 'complaint_status',
      template: T.complaintStatus,
      params: { id: complaintId, status },
    });
  });
  bus.after('reminder.answered', async ({ bookingId, sentBy, by, answer }) => {
    if (sentBy === null) return;
    await notifications.raise({
      kind: 'reminder_answered',
      template: by === 'captain' ? T.captainAnsweredReminder : T.passengerAnsweredReminder,
      params: { id: bookingId, answer },
      link: pathTo('BookingLog', { id: bookingId }),
      userIds: [sentBy],
    });
  });
}
