import type { FeaturePages } from '../../app/pages';

export const pages: FeaturePages = {
  Passengers: () => import('./PassengersPage'),
  Passenger: () => import('./PassengerPage'),
  UnregisteredPassengers: () => import('./UnregisteredPassengersPage'),
  PassengerApprovals: () => import('./PassengerApprovalsPage'),
  Captains: () => import('./CaptainsPage'),
  Captain: () => import('./CaptainPage'),
  UnregisteredCaptains: () => import('./UnregisteredCaptainsPage'),
  CaptainMonthlyBookings: () => import('./CaptainMonthlyBookingsPage'),
  DriversCreate: () => import('./CreateDriverPage'),
  DriversCreateCar: () => import('./CreateCarPage'),
  BlockedCaptains: () => import('./BlockedCaptainsPage'),
};
