import { type BookingStatus, HISTORY_LABELS, STATUS_LABELS } from './bookings';
import { texts, tr } from './i18n';

/** Interface texts of the ride details page and the tracking maps (ours; the spec names the sections). */
export const RIDE_UI = texts({
  mapCredit: '© OpenStreetMap contributors',
  mapUnavailable: 'The map cannot be shown in this browser (WebGL is off).',
  title: (id: number | string) => tr('Ride #{{id}}', { id }),
  openPage: 'Open the ride page',
  close: 'Close',
  summary: 'Order summary',
  order: 'Order',
  status: 'Status',
  passenger: 'Passenger',
  captain: 'Captain',
  car: 'Car',
  service: 'Service',
  orderTime: 'Order time',
  createdAt: 'Created',
  pickup: 'Pickup',
  dropoff: 'Dropoff',
  price: 'Price',
  origin: 'Origin',
  none: '—',
  notAssigned: 'Not assigned yet',
  geofence: 'Geofence log',
  geofenceEntered: 'Entered pickup radius',
  geofenceLeft: 'Left pickup radius',
  noGeofence: 'The captain has not entered the pickup radius',
  history: 'Status history',
  historyStatus: 'Status',
  historyTime: 'Time',
  noHistory: 'No status history',
  payments: 'Payments',
  fare: 'Fare',
  paymentType: 'Type',
  paymentStatus: 'Status',
  paymentAmount: 'Amount',
  paymentTime: 'Time',
  paymentTotal: 'Total (done payments)',
  noPayments: 'No payments',
  complaintCategory: 'Complaint category',
  save: 'Save',
  complaints: 'Complaints',
  addComplaint: 'Add complaint',
  noComplaints: 'No complaints for this order',
  complaintId: 'ID',
  complaintDescription: 'Description',
  complaintAuthor: 'Author',
  complaintStatus: 'Status',
  complaintAudio: 'Audio',
  complaintTime: 'Created',
  description: 'Description',
  wavFiles: 'Audio files (wav)',
  chooseFiles: 'Choose wav files',
  cancel: 'Cancel',
  ok: 'Ok',
  play: 'Play',
  download: 'Download',
  map: 'Map',
  legendPickup: 'Pickup',
  legendDropoff: 'Dropoff',
  legendStatus: 'Status points',
  legendCaptain: 'Captain (live)',
  legendRoute: 'Route',
  liveOn: 'Live tracking',
  /** The ride map's button that frames pickup, dropoff and the whole route. */
  fitRoute: 'Fit route',
  notFound: 'This order does not exist.',
  loadFailed: 'The order could not be loaded.',
  geofenceNoCaptain: 'No captain was assigned to this order, so there is no pickup radius log.',
  geofenceCancelled: 'The order was cancelled before the captain reached the pickup radius.',
  geofenceNeverEntered:
    'The ride finished but no position of the captain was reported within the pickup radius (the phone may have been offline, or the passenger was picked up away from the pin).',
} as const);

export const TRACKING_UI = texts({
  searchLabel: 'Search by name or plate',
  captains: 'Captains',
  online: (n: number) => tr('{{n}} online', { n }),
  noMatch: 'No captain matches',
  selected: 'Selected captain',
  selectHint: 'Click a captain on the map or in the list',
  state: 'State',
  plate: 'Plate',
  speed: 'Speed',
  lastReport: 'Last report',
  position: 'Position',
  clear: 'Clear',
  stackTitle: (n: number) => tr('{{n}} captains here', { n }),
  loading: 'Loading captains…',
  stateLabels: {
    OFFLINE: 'Offline',
    FREE: 'Free',
    OFFERED: 'Offered',
    TO_PICKUP: 'To pickup',
    AT_PICKUP: 'At pickup',
    ON_TRIP: 'On trip',
  },
  speedKmh: (speed: number | string) => tr('{{speed}} km/h', { speed }),
  moreInList: (n: number) => tr('{{n}} more: refine the search', { n }),
} as const);

/**
 * History labels of the statuses the spec leaves without one, in the console's language (their French, in the
 * catalogue, in the same style as the spec's: 'En attente', 'Chauffeur en route', …).
 */
export const HISTORY_EXTRA_LABELS: Partial<Record<BookingStatus, string>> = texts({
  PENDING: 'Awaiting dispatch',
  STARTED: 'Driver on the way',
  ARRIVED: 'Driver at pickup',
  DELETED: 'Order deleted',
  SYSTEM_CANCELLED: 'Cancelled by the CC',
  REJECTED: 'Refused',
  AT_DESTINATION: 'Arrived at destination',
  CANCELLED: 'Order cancelled',
});

/** Every status row of the ride page's history has a label: the spec's, else ours, never a raw code. */
export function historyLabel(status: BookingStatus): string {
  return HISTORY_LABELS[status] ?? HISTORY_EXTRA_LABELS[status] ?? STATUS_LABELS[status] ?? status;
}
