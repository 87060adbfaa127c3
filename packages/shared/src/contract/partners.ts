import { z } from 'zod';
import { BOOKING_STATUSES } from '../bookings';
import { partnerInvoiceSchema } from '../partner-invoices';
import { partnerGuestSchema, partnerOptionSchema, partnerSummarySchema } from '../partners';
import { pointSchema } from './booking-dto';
import { csvExport } from './endpoints/exports';
import { binaryBody, envelope, pageEnvelope } from './envelope';

/** The guest of a desk booking as the partner's own record holds it (what its desk typed), or null. */
export const partnerBookingGuestSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  phone_number: z.string(),
});

/**
 * A booking as the partner desk sees it (partner/bookings): its trip, time, seats, room and state, and its
 * guest as the partner typed it. Nothing of the passenger the ride is dispatched for (name, WhatsApp,
 * approval, ID cards, loyalty…), of the captain or of the dispatchers' notes is declared, so none can leak.
 */
export const partnerDeskBookingSchema = z
  .object({
    id: z.number(),
    status: z.enum(BOOKING_STATUSES),
    datetime: z.string(),
    created_at: z.string(),
    now: z.boolean(),
    seats: z.number(),
    room_number: z.string().nullable(),
    service: z.object({ id: z.number(), name: z.string() }),
    service_id: z.number(),
    guest: partnerBookingGuestSchema.nullable(),
    pick_up_location_name: z.string(),
    pick_up_location_details: z.string().nullable(),
    pull_down_location_name: z.string().nullable(),
    pull_down_location_details: z.string().nullable(),
    pick_up_location: pointSchema,
    pull_down_location: pointSchema.nullable(),
  })
  .meta({ id: 'PartnerDeskBooking' });
export type PartnerDeskBookingDto = z.infer<typeof partnerDeskBookingSchema>;

/** The partner desk's calls (hotels, restaurants, companies staff). */
export const partnersContract = {
  partner: envelope(partnerSummarySchema),
  booking: envelope(partnerDeskBookingSchema),
  bookings: pageEnvelope(partnerDeskBookingSchema),
  passenger: envelope(partnerGuestSchema),
  passengers: pageEnvelope(partnerGuestSchema),
  /** The partner's invoices by its billing (a month's rides, or each ride), newest first. */
  invoices: envelope(z.object({ billing: z.string(), invoices: z.array(partnerInvoiceSchema) })),
  /** Staff: a partner's invoice lines as CSV (all its invoices, or the one named by `key`). */
  invoicesCsv: csvExport('Partner invoice lines'),
  /** Staff: one of a partner's invoices (named by `key`) as a PDF. */
  invoicePdf: binaryBody("One of the partner's invoices (the one named by key) as a PDF", 'application/pdf'),
  /** Staff: the hotels, restaurants and companies a phone booking may be made for, by name. */
  options: pageEnvelope(partnerOptionSchema),
};
