import type { PartnerBooking, PartnerKind } from '../../partners';
import { endpoint } from '../endpoint';
import { partnersContract } from '../partners';
import type { PageQuery } from './query';

/** The partner desk: its partner, its bookings (book for a guest), its guests. */
export const partnerEndpoints = {
  partnerSelf: endpoint()('GET', 'partner', partnersContract.partner),
  partnerBookings: endpoint<Pick<PageQuery, 'page' | 'perPage'>>()(
    'GET',
    'partner/bookings',
    partnersContract.bookings,
  ),
  partnerBooking: endpoint()('GET', 'partner/bookings/:id', partnersContract.booking),
  createPartnerBooking: endpoint<undefined, PartnerBooking>()('POST', 'partner/bookings', partnersContract.booking),
  partnerPassengers: endpoint<Pick<PageQuery, 'page' | 'perPage'>>()(
    'GET',
    'partner/passengers',
    partnersContract.passengers,
  ),
  partnerPassenger: endpoint()('GET', 'partner/passengers/:id', partnersContract.passenger),
  partnerInvoices: endpoint()('GET', 'partner/invoices', partnersContract.invoices),
};

/**
 * Staff: the partners a phone booking may be made for; any partner's invoices (its edit page), their CSV and
 * each one's PDF.
 */
export const partnerStaffEndpoints = {
  partnerOptions: endpoint<Pick<PageQuery, 'page' | 'perPage' | 'search'> & { kind?: PartnerKind }>()(
    'GET',
    'partners',
    partnersContract.options,
  ),
  partnerInvoicesOf: endpoint()('GET', 'partners/:id/invoices', partnersContract.invoices),
  partnerInvoicesCsv: endpoint<{ key?: string }>()(
    'GET',
    'partners/:id/invoices/export.csv',
    partnersContract.invoicesCsv,
  ),
  partnerInvoicePdf: endpoint<{ key: string }>()(
    'GET',
    'partners/:id/invoices/export.pdf',
    partnersContract.invoicePdf,
  ),
};
