import { can, type Permission } from './permissions';
import { shellPolicy } from './policies/city';
import type { Actor, Rule } from './policies/core';
import { type RouteName, routeByName } from './routes';

/** The side drawer of shell.md §2.3: entries in order, some grouped. Titles come from the spec's
 * table where it gives one, otherwise from the route table. */
export interface DrawerEntry {
  route: RouteName;
  title: string;
  permission: Permission | null;
  /** Shown only to whom this rule allows too (a desk's own home). */
  rule?: Rule;
}
export interface DrawerGroup {
  group: string;
  entries: DrawerEntry[];
}
export type DrawerItem = DrawerEntry | DrawerGroup;

const e = (route: RouteName, permission: Permission | null, title?: string, rule?: Rule): DrawerEntry => ({
  route,
  title: title ?? routeByName(route).title,
  permission,
  ...(rule ? { rule } : {}),
});

export const DRAWER: readonly DrawerItem[] = [
  // Ours: the desks' own homes (where they land after login), first in their drawers.
  e('AirportCreate', null, undefined, shellPolicy.airportDesk),
  e('PartnerBookings', null, undefined, shellPolicy.partnerDesk),
  e('Requests', 'DISPATCHING', 'Requests'),
  // Ours: the exceptions board, beside the board it watches.
  e('Exceptions', 'DISPATCHING'),
  e('PhoneBooking', 'PHONE_BOOKING'),
  // Ours: the call log of the voice connection, beside the phone booking it feeds.
  e('Calls', 'PHONE_BOOKING'),
  e('Timeline', 'TIMELINE'),
  e('CaptainsMap', 'MONITORING', 'Tracking'),
  e('ComplaintsList', 'COMPLAINTS'),
  e('ComplaintCategories', 'COMPLAINTS'),
  e('Staff', 'USERS'),
  e('Captains', 'DISPATCHING', 'Drivers'),
  e('Passengers', 'PASSENGERS'),
  // Ours: the new passengers waiting for approval, beside the passengers.
  e('PassengerApprovals', 'PASSENGERS'),
  e('Messages', 'MESSAGES'),
  e('DriversAnnouncements', 'CAPTAINS'),
  {
    group: 'Maps',
    entries: [
      e('Locations', 'LOCATIONS', 'Sectors'),
      e('stations', 'LOCATIONS'),
      e('Landmarks', 'LANDMARK_MANAGEMENT'),
      e('MapEditor', 'EDIT_MAP'),
      e('EditSeasonalDestinations', 'EDIT_DESTINATION_SEASONAL'),
      e('MonacoEditor', 'EDIT_MAP'),
      e('RestrictedAreas', 'RESTRICTED_AREA'),
    ],
  },
  {
    group: 'Types',
    entries: [e('CarBrands', 'TYPES'), e('Colors', 'TYPES'), e('VehicleTypesManagement', 'VEHICLE_TYPE_MANAGEMENT')],
  },
  {
    group: 'Accommodation',
    entries: [
      e('Hotels', 'ACCOMMODATION'),
      e('HotelsUsers', 'ACCOMMODATION'),
      e('Restaurants', 'ACCOMMODATION'),
      e('RestaurantsUsers', 'ACCOMMODATION'),
      e('Companies', 'ACCOMMODATION'),
      e('CompanyUsers', 'ACCOMMODATION'),
      e('AirportAgencies', 'ACCOMMODATION'),
      e('AirportAgencyUsers', 'ACCOMMODATION'),
    ],
  },
  e('CompanyRequests', 'COMPANY_REQUESTS'),
  e('Settings', 'SETTINGS'),
  e('Dispatching', 'DISPATCHING_CONFIG'),
  e('ReservationsList', 'RESERVATIONS'),
  e('EventsReport', 'EVENTS_REPORTS'),
  e('BlockedCaptains', 'PUNISHMENT', 'Punishment'),
  e('PriceRules', 'PRICE_RULES'),
  { group: 'Planning', entries: [e('ShiftsMap', 'PLANNING'), e('Shifts', 'PLANNING')] },
  e('Constraints', 'CONSTRAINTS'),
  e('Surveys', 'SURVEYS'),
  e('ReservationQueue', 'RESERVATION_QUEUE'),
  e('TermsAndConditions', 'T_C'),
  e('BarStatistics', 'STATISTICS', 'Statistics'),
  e('Vacations', null),
  e('scheduled_messages', 'SETTINGS'),
  e('MaxBookingCount', 'T_C', 'Max Bookings Counts'),
  e('sms_codes', 'SMS_CODES'),
  e('seasonal_drivers_reservations_allowance_special_cases', 'SETTINGS'),
  e('payments', 'CARLO_PAYMENT'),
  e('lost_and_found', 'LOST_AND_FOUND'),
];

export function isDrawerGroup(item: DrawerItem): item is DrawerGroup {
  return 'group' in item;
}

/** Entries whose permission (or rule) the user lacks are hidden; a group with no visible child is hidden. */
export function visibleDrawer(actor: Actor): DrawerItem[] {
  const shown = (entry: DrawerEntry) =>
    can(actor.permissions, entry.permission) && (!entry.rule || entry.rule.allows(actor));
  const out: DrawerItem[] = [];
  for (const item of DRAWER) {
    if (isDrawerGroup(item)) {
      const entries = item.entries.filter(shown);
      if (entries.length > 0) out.push({ group: item.group, entries });
    } else if (shown(item)) {
      out.push(item);
    }
  }
  return out;
}
