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
  /** The complaint log (/complaints). */
  complaintsCsv: endpoint<Filters>()('GET', 'complaints/export.csv', csvExport('Complaints')),
  /** The tickets monitoring (/tickets_monitoring). */
  ticketsCsv: endpoint<Filters>()('GET', 'tickets/export.csv', csvExport('Tickets')),
  shiftsCsv: endpoint<Filters>()('GET', 'shifts/export.csv', csvExport('Shifts')),
  /** One's own leave requests, or everyone's for those who see them all (as GET vacations). */
  vacationsCsv: endpoint<Filters>()('GET', 'vacations/export.csv', csvExport('Leave requests')),
  priceRulesCsv: endpoint()('GET', 'priceRules/export.csv', csvExport('Price rules')),
  surveysCsv: endpoint()('GET', 'surveys/export.csv', csvExport('Surveys')),
  /** The audit trail of the timeline's kinds. */
  timelineCsv: endpoint<Filters>()('GET', 'timeline/export.csv', csvExport('Timeline')),
};
