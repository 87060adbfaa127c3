import { z } from 'zod';
import {
  airportDetailsSchema,
  bookingNoteSchema,
  bookingSchema,
  bookingStatusSchema,
  captainRefSchema,
  carSchema,
} from './booking-dto';
import { emptyEnvelope, envelope, pageEnvelope } from './envelope';

/** A captain the operator may dispatch to (GET booking/{id}/candidates). */
export const bookingCandidateSchema = z.object({
  captain: captainRefSchema,
  car: carSchema.nullable(),
  distance_m: z.number(),
  eta_s: z.number(),
  online: z.boolean(),
});

/** One audit entry of a booking (GET booking/{id}/logs). */
export const bookingLogSchema = z.object({
  id: z.number(),
  title: z.string(),
  datetime: z.string(),
  doer: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});

export const serviceOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  icon: z.string().nullable(),
  is_pooling: z.boolean(),
  vehicle_type: z.string(),
  seats: z.number(),
});

const booking = envelope(bookingSchema);

export const bookingsContract = {
  services: pageEnvelope(serviceOptionSchema),
  page: pageEnvelope(bookingSchema),
  /** The bookings one payment ride served (pooling: several). */
  rideBookings: envelope(z.array(bookingSchema)),
  cancellationReasons: envelope(z.array(z.object({ id: z.number(), text: z.string() }))),
  booking,
  statuses: envelope(z.array(bookingStatusSchema)),
  logs: envelope(z.array(bookingLogSchema)),
  candidates: envelope(z.array(bookingCandidateSchema)),
  airportDetails: envelope(airportDetailsSchema),
  /** PUT bookings/{id}: a time change answers the new time with the booking; a service change the booking. */
  update: z.union([envelope(z.object({ datetime: z.string(), booking: bookingSchema })), booking]),
  reminder: emptyEnvelope,
  note: envelope(bookingNoteSchema),
};
