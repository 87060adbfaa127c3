import { endpoint } from '../endpoint';
import { textBody } from '../envelope';
import type { Filters } from './query';

/** A streamed CSV export (RFC 4180, UTF-8 with BOM, X-Total-Count = its rows). */
export const csvExport = (what: string) =>
  textBody(`${what} of the list's filter as CSV: UTF-8 with BOM, a header row, X-Total-Count rows`, 'text/csv');

/**
 * The CSV exports of the lists: the same query filters as the list (without page and perPage), the rows
 * streamed in the list's order. The web reads them with ExportCsvButton (progress from X-Total-Count).
 */
export const exportEndpoints = {
  passengersCsv: endpoint<Filters>()('GET', 'passenger/export.csv', csvExport('Passengers')),
  captainsCsv: endpoint<Filters>()('GET', 'captain/export.csv', csvExport('Captains')),
  /** The board, the reservations and the rides search (GET booking's filters). */
  bookingsCsv: endpoint<Filters>()('GET', 'booking/export.csv', csvExport('Bookings')),
  paymentRidesCsv: endpoint<Filters>()('GET', 'payment/rides/export.csv', csvExport('Payment rides')),
};
