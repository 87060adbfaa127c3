import { z } from 'zod';
import { texts, tr } from '../../i18n';
import { defineResource } from '../define';

/** Texts of the payments page (ours; the spec names the page, its permission and the expand call). */
export const PAYMENTS_MSG = texts({
  title: 'Payments',
  created: 'Created',
  captain: 'Captain',
  car: 'Car',
  bookings: 'Bookings',
  total: 'Total',
  statuses: 'Payments by status',
  rideNotFound: 'Ride not found',
  noBookings: 'No bookings on this ride',
  noPayments: 'No payments',
  searchHint: 'Captain or plate',
  bookingId: 'Booking',
  status: 'Status',
  passenger: 'Passenger',
  route: 'Pickup → Dropoff',
  time: 'Time',
  payments: 'Payments',
  expandRide: (id: number) => tr('Show the bookings of ride #{{id}}', { id }),
  collapseRide: (id: number) => tr('Hide the bookings of ride #{{id}}', { id }),
  ridesOf: (id: number) => tr('Bookings of ride #{{id}}', { id }),
} as const);

/** Sort keys of GET payment/rides. */
export const PAYMENT_RIDE_SORTS = ['id', 'created_at', 'total'] as const;
export type PaymentRideSort = (typeof PAYMENT_RIDE_SORTS)[number];

/** A row of GET payment/rides: a ride with its captain, car, bookings count and DONE total in euros. */
export const paymentRideRowSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  captain: z.object({ id: z.number(), full_name: z.string() }),
  captain_label: z.string(),
  car: z.object({ number: z.string() }).nullable(),
  car_label: z.string(),
  bookings_count: z.number(),
  /** Sum of the DONE payments of the ride's bookings, in euros. */
  total: z.number(),
  /** Payments of the ride's bookings counted by status (`{ DONE: 2, PENDING: 1 }`). */
  statuses: z.record(z.string(), z.number()),
  statuses_label: z.string(),
});
export type PaymentRideRow = z.infer<typeof paymentRideRowSchema>;

/**
 * The payments page (read-only): rides, each expanding to its bookings (`GET payment/ride/{id}/bookings`,
 * BookingDto[] with payments). No table: the server lists it with a dedicated query.
 */
export const paymentRidesResource = defineResource({
  key: 'payment_rides',
  url: 'payment/rides',
  title: PAYMENTS_MSG.title,
  route: 'payments',
  permission: 'CARLO_PAYMENT',
  readOnly: true,
  defaultSort: 'id',
  row: paymentRideRowSchema,
  fields: [
    { name: 'created_at', label: PAYMENTS_MSG.created, type: 'datetime', sortable: true, form: 'none' },
    { name: 'captain', label: PAYMENTS_MSG.captain, type: 'text', searchable: true, form: 'none' },
    { name: 'car', label: PAYMENTS_MSG.car, type: 'text', searchable: true, form: 'none' },
    { name: 'bookings_count', label: PAYMENTS_MSG.bookings, type: 'number', form: 'none', align: 'right' },
    { name: 'total', label: PAYMENTS_MSG.total, type: 'number', sortable: true, form: 'none', align: 'right' },
    { name: 'statuses', label: PAYMENTS_MSG.statuses, type: 'text', form: 'none' },
  ],
  expand: {
    url: 'payment/ride/{id}/bookings',
    columns: [
      { name: 'id', label: PAYMENTS_MSG.bookingId },
      { name: 'status', label: PAYMENTS_MSG.status },
      { name: 'passenger', label: PAYMENTS_MSG.passenger },
      { name: 'route', label: PAYMENTS_MSG.route },
      { name: 'datetime', label: PAYMENTS_MSG.time },
      { name: 'payments', label: PAYMENTS_MSG.payments },
    ],
  },
});

export default paymentRidesResource;
