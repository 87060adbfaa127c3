import { z } from 'zod';
import { cityWallClock } from './city-time';
import { texts, tr } from './i18n';

/** A ride billed to a partner: its booking, when it was picked up (ISO) and what was paid (euros). */
export interface BilledRide {
  booking_id: number;
  at: string;
  passenger: string;
  pickup: string;
  dropoff: string | null;
  amount: number;
}

export const partnerInvoiceLineSchema = z
  .object({
    booking_id: z.number(),
    at: z.string(),
    passenger: z.string(),
    pickup: z.string(),
    dropoff: z.string().nullable(),
    amount: z.number(),
  })
  .meta({ id: 'PartnerInvoiceLine' });

/** One invoice: a month of rides (billing 'monthly') or a single ride (billing 'per_ride'). */
export const partnerInvoiceSchema = z
  .object({
    /** 'YYYY-MM' for a monthly invoice, 'ride-<booking id>' for a ride's own. */
    key: z.string(),
    /** The city month it belongs to, 'YYYY-MM'. */
    month: z.string(),
    rides: z.number(),
    total: z.number(),
    lines: z.array(partnerInvoiceLineSchema),
  })
  .meta({ id: 'PartnerInvoice' });
export type PartnerInvoiceDto = z.infer<typeof partnerInvoiceSchema>;

const cents = (euros: number) => Math.round(euros * 100);

/** An invoice's key (partnerInvoices): its city month 'YYYY-MM' (monthly billing) or 'ride-{booking id}' (per ride). */
export const PARTNER_INVOICE_KEY = /^(?:\d{4}-(?:0[1-9]|1[0-2])|ride-[1-9]\d{0,9})$/;

/** The city month of an instant: 'YYYY-MM'. */
export function cityMonth(iso: string): string {
  const c = cityWallClock(Date.parse(iso));
  return `${c.year}-${String(c.month).padStart(2, '0')}`;
}

/**
 * A partner's invoices from its paid rides, newest first: with 'monthly' billing one invoice per city month
 * holding its rides, with 'per_ride' one invoice per ride. Totals are summed in cents.
 */
export function partnerInvoices(billing: string, rides: readonly BilledRide[]): PartnerInvoiceDto[] {
  const sorted = [...rides].sort((a, b) => b.at.localeCompare(a.at) || b.booking_id - a.booking_id);
  const groups = new Map<string, { month: string; lines: BilledRide[] }>();
  for (const ride of sorted) {
    const month = cityMonth(ride.at);
    const key = billing === 'per_ride' ? `ride-${ride.booking_id}` : month;
    const group = groups.get(key) ?? { month, lines: [] };
    group.lines.push(ride);
    groups.set(key, group);
  }
  return [...groups].map(([key, { month, lines }]) => ({
    key,
    month,
    rides: lines.length,
    total: lines.reduce((sum, l) => sum + cents(l.amount), 0) / 100,
    lines,
  }));
}

/** The columns of a partner's invoice lines as CSV (English sources, translated by the server). */
export const PARTNER_INVOICE_CSV_HEADER = [
  'Invoice',
  'Month',
  'Booking',
  'Date and time',
  'Guest',
  'From',
  'To',
  'Amount',
];

/** An invoice's line with its invoice named: one row of the CSV. */
export interface PartnerInvoiceCsvLine extends BilledRide {
  invoice: string;
  month: string;
}

/** The lines of every invoice, or of the one whose key is `key` (none when no invoice has it), in order. */
export function partnerInvoiceLines(invoices: readonly PartnerInvoiceDto[], key?: string): PartnerInvoiceCsvLine[] {
  return invoices
    .filter((invoice) => key === undefined || invoice.key === key)
    .flatMap((invoice) => invoice.lines.map((line) => ({ ...line, invoice: invoice.key, month: invoice.month })));
}

/** The partner desk's invoices (ours: the spec names billing, not its pages). */
export const PARTNER_INVOICE_UI = texts({
  title: 'Invoices',
  empty: 'No paid ride on your account yet',
  month: 'Month',
  ride: 'Ride',
  rides: 'Rides',
  total: 'Total',
  details: 'Rides of this invoice',
  rideOf: (id: number) => tr('Ride of booking #{{id}}', { id }),
  guest: 'Guest',
  from: 'From',
  to: 'To',
  amount: 'Amount',
  date: 'Date',
  /** Staff, on the partner's page. */
  staffEmpty: "No paid ride on this partner's account yet",
  exportOne: (key: string) => tr('Export the rides of {{key}} as CSV', { key }),
  /** The button that downloads one invoice as a PDF, and its accessible name. */
  pdf: 'Export PDF',
  exportPdf: (key: string) => tr('Export the invoice {{key}} as PDF', { key }),
} as const);

/**
 * The PDF of one invoice (English sources, translated by the server to the caller's language as the CSV's
 * header is). The columns are the CSV's words.
 */
export const PARTNER_INVOICE_PDF = texts({
  invoice: 'Invoice',
  period: 'Period',
  billing: 'Billing',
  issuedOn: 'Issued on',
  rides: 'Rides',
  total: 'Total',
  date: 'Date and time',
  booking: 'Booking',
  guest: 'Guest',
  from: 'From',
  to: 'To',
  amount: 'Amount',
  note: 'Amounts in euros, tips included',
  page: (page: number, pages: number) => tr('Page {{page}} of {{pages}}', { page, pages }),
} as const);
