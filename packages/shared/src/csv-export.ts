import { texts } from './i18n';

/** The header that carries a CSV export's row count, sent before the first row (progress). */
export const CSV_TOTAL_HEADER = 'X-Total-Count';

/**
 * Column headers and cell words of the CSV exports (English sources; the server translates them to the
 * Accept-Language of the request with the catalogues).
 */
export const EXPORT_TEXT = texts({
  id: 'ID',
  name: 'Name',
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  email: 'E-mail',
  whatsapp: 'WhatsApp',
  username: 'Username',
  loyalty: 'Loyalty',
  status: 'Status',
  online: 'Online',
  blockedUntil: 'Blocked until',
  created: 'Created',
  approved: 'Approved',
  withDocuments: 'With documents',
  withoutDocuments: 'Without documents',
  active: 'Active',
  inactive: 'Inactive',
  blocked: 'Blocked',
  yes: 'Yes',
  no: 'No',
  orderId: 'Order',
  datetime: 'Date and time',
  passenger: 'Passenger',
  passengerPhone: 'Passenger phone',
  pickUp: 'Pick-up',
  dropOff: 'Drop-off',
  captain: 'Captain',
  car: 'Car',
  service: 'Service',
  origin: 'Origin',
});
