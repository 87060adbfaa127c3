import { z } from 'zod';
import { partnerInvoiceSchema } from '../partner-invoices';
import { partnerOptionSchema, partnerPassengerSchema, partnerSummarySchema } from '../partners';
import { bookingSchema } from './booking-dto';
import { csvExport } from './endpoints/exports';
import { binaryBody, envelope, pageEnvelope } from './envelope';

/** The partner desk's calls (hotels, restaurants, companies staff). */
export const partnersContract = {
  partner: envelope(partnerSummarySchema),
  booking: envelope(bookingSchema),
  bookings: pageEnvelope(bookingSchema),
  passenger: envelope(partnerPassengerSchema),
  passengers: pageEnvelope(partnerPassengerSchema),
  /** The partner's invoices by its billing (a month's rides, or each ride), newest first. */
  invoices: envelope(z.object({ billing: z.string(), invoices: z.array(partnerInvoiceSchema) })),
  /** Staff: a partner's invoice lines as CSV (all its invoices, or the one named by `key`). */
  invoicesCsv: csvExport('Partner invoice lines'),
  /** Staff: one of a partner's invoices (named by `key`) as a PDF. */
  invoicePdf: binaryBody("One of the partner's invoices (the one named by key) as a PDF", 'application/pdf'),
  /** Staff: the hotels, restaurants and companies a phone booking may be made for, by name. */
  options: pageEnvelope(partnerOptionSchema),
};
