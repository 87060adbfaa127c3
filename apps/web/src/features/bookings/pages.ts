import type { FeaturePages } from '../../app/pages';

export const pages: FeaturePages = {
  Requests: () => import('./RequestsPage'),
  PhoneBooking: () => import('./PhoneBookingPage'),
  BookingLog: () => import('./BookingLogPage'),
  RidesSearch: () => import('./RidesSearchPage'),
  ReservationsList: () => import('./ReservationsPage'),
};
