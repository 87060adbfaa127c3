import type { z } from 'zod';
import type { BookingCreateInput, cancelQuerySchema } from '../../booking-create';
import { bookingsContract } from '../bookings';
import { endpoint } from '../endpoint';
import { exceptionsContract } from '../exceptions';
import { trackingContract } from '../tracking';
import type { Filters, PageQuery } from './query';

type Paging = Pick<PageQuery, 'page' | 'perPage'>;

/** The board, the phone booking page and the booking dialogs. */
export const bookingEndpoints = {
  /** The board and the bookings tables: `group`, `search`, `service_id`, `origin`... */
  bookings: endpoint<Paging & Filters>()('GET', 'booking', bookingsContract.page),
  /** The order search: the search rows' keys, `from_date`, `to_date`. */
  searchBookings: endpoint<Paging & Filters>()('GET', 'booking/search', bookingsContract.page),
  booking: endpoint()('GET', 'bookings/:id', bookingsContract.booking),
  createBooking: endpoint<undefined, BookingCreateInput>()('POST', 'bookings', bookingsContract.booking),
  editOrder: endpoint<undefined, BookingCreateInput>()('PUT', 'bookings/:id/order', bookingsContract.booking),
  cancelBooking: endpoint<Partial<z.input<typeof cancelQuerySchema>>>()(
    'DELETE',
    'bookings/:id',
    bookingsContract.booking,
  ),
  /** PUT bookings/{id} as a time change: answers the new time with the booking. */
  changeTime: endpoint<undefined, { datetime: string; detach_voucher?: boolean }>()(
    'PUT',
    'bookings/:id',
    bookingsContract.update.options[0],
  ),
  /** PUT bookings/{id} as a service change: answers the booking. */
  changeService: endpoint<undefined, { service_id: number }>()(
    'PUT',
    'bookings/:id',
    bookingsContract.update.options[1],
  ),
  dispatch: endpoint()('PUT', 'dispatch/:bookingId/:captainId', bookingsContract.booking),
  /** Takes the booking back from its captain on the way: PENDING again, the AI offers it anew. */
  redispatch: endpoint()('POST', 'booking/:id/redispatch', bookingsContract.booking),
  /** The exceptions board and the toolbar's count: what needs a dispatcher now, oldest first. */
  exceptions: endpoint()('GET', 'exceptions', exceptionsContract.list),
  /** Scheduled bookings waiting for a captain, soonest first (/reservation_queue). */
  reservationQueue: endpoint<{ page?: number; perPage?: number }>()('GET', 'reservation_queue', bookingsContract.page),
  suggestServiceChange: endpoint<undefined, { service_id: number }>()(
    'POST',
    'booking/:id/suggest_service_change',
    bookingsContract.booking,
  ),
  acceptServiceChange: endpoint()('PUT', 'booking/:id/service_change/accept', bookingsContract.booking),
  pendingReminder: endpoint<undefined, { booking_id: number }>()(
    'POST',
    'send_pending_reminder',
    bookingsContract.reminder,
  ),
  dispatchedReminder: endpoint<undefined, { booking_id: number }>()(
    'POST',
    'send_dispatched_reminder',
    bookingsContract.reminder,
  ),
  renewBesoin: endpoint()('POST', 'besoin/renew/:id', bookingsContract.booking),
  touchBooking: endpoint()('PUT', 'booking/:id/touch', bookingsContract.booking),
  solveNote: endpoint()('PUT', 'notes/:noteId', bookingsContract.note),
  bookingStatuses: endpoint()('GET', 'booking/:id/statuses', bookingsContract.statuses),
  bookingLogs: endpoint()('GET', 'booking/:id/logs', bookingsContract.logs),
  candidates: endpoint()('GET', 'booking/:id/candidates', bookingsContract.candidates),
  /** The ranked candidates with each score's parts, and how many captains were left out and why. */
  ranking: endpoint<{ limit?: number; radius_m?: number }>()(
    'GET',
    'dispatch/booking/:id/ranking',
    trackingContract.ranking,
  ),
  airportDetails: endpoint()('GET', 'booking/:id/airport_details', bookingsContract.airportDetails),
  cancellationReasons: endpoint()('GET', 'user_cancellation_reason', bookingsContract.cancellationReasons),
  services: endpoint<Paging>()('GET', 'service', bookingsContract.services),
  /** The payments page's expanded ride: its bookings with their payments. */
  rideBookings: endpoint()('GET', 'payment/ride/:id/bookings', bookingsContract.rideBookings),
};
