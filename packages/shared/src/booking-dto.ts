import type { z } from 'zod';
import type {
  airportDetailsSchema,
  bookingNoteSchema,
  bookingPassengerSchema,
  bookingSchema,
  bookingServiceSchema,
  bookingStatusSchema,
  captainRefSchema,
  carSchema,
  paymentSchema,
  pointSchema,
  rideSchema,
} from './contract/booking-dto';
import type { bookingCandidateSchema, bookingLogSchema } from './contract/bookings';

/** The booking as the API presents it (bookings.md §3): one type for the server's presenter and the
 * web app's cards, dialogs and search results, inferred from the contract's schemas. */
export type PointDto = z.infer<typeof pointSchema>;
export type BookingPassengerDto = z.infer<typeof bookingPassengerSchema>;
export type BookingServiceDto = z.infer<typeof bookingServiceSchema>;
export type CaptainRefDto = z.infer<typeof captainRefSchema>;
export type CarDto = z.infer<typeof carSchema>;
export type RideDto = z.infer<typeof rideSchema>;
export type BookingNoteDto = z.infer<typeof bookingNoteSchema>;
export type BookingStatusDto = z.infer<typeof bookingStatusSchema>;
export type PaymentDto = z.infer<typeof paymentSchema>;
export type BookingDto = z.infer<typeof bookingSchema>;
export type AirportDetailsDto = z.infer<typeof airportDetailsSchema>;
/** One audit entry of a booking (GET booking/{id}/logs). */
export type BookingLogDto = z.infer<typeof bookingLogSchema>;
/** A captain the operator may dispatch to (GET booking/{id}/candidates). */
export type BookingCandidateDto = z.infer<typeof bookingCandidateSchema>;
