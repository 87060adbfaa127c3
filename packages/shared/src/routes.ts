import { can, type Permission } from './permissions';
import { bookingPolicy } from './policies/bookings';
import { scheduledMessagePolicy } from './policies/broadcasts';
import type { Actor, Rule } from './policies/core';
import { captainPolicy, passengerPolicy } from './policies/people';
import { ticketPolicy } from './policies/tickets';

/**
 * The route table of shell.md §2.2: every protected route with its name, path (React Router
 * syntax), title, breadcrumb flag and permission. The web app builds its router and drawer from it;
 * the server uses the same permissions on the calls behind each page.
 *
 * `permission: null` means any signed-in staff member. Where the spec's drawer table (§2.3) names a
 * permission it is used; routes outside the drawer take the permission of their drawer parent.
 * A route no feature or catalogue gives a page renders "This page is planned" (apps/web/src/app/router.tsx);
 * apps/web/test/every-route-built.test.ts keeps that list empty.
 */
export interface RouteMeta<N extends string = RouteName> {
  name: N;
  path: string;
  title: string;
  permission: Permission | null;
  breadcrumb?: boolean;
  /** The page sizes itself to the window (its own scrolling list or map): no room kept under it. */
  fullHeight?: boolean;
  /** A page that exists to take one action also needs that action's rule (the server checks the same). */
  rule?: Rule;
}

/** May this user open this page? Its permission, and the rule of the action it is for. */
export function mayOpen(route: Pick<RouteMeta, 'permission' | 'rule'>, actor: Actor): boolean {
  return can(actor.permissions, route.permission) && (!route.rule || route.rule.allows(actor));
}

/** Pages that only take an action: the guard asks the action's rule too (Goverment opens none of them). */
const ACTION_PAGES: Readonly<Record<string, Rule>> = {
  PhoneBooking: bookingPolicy.order,
  BookingLog: bookingPolicy.logs,
  BookingChat: bookingPolicy.change,
  FollowUpTicket: ticketPolicy.file,
  DriversCreate: captainPolicy.change,
  DriversCreateCar: captainPolicy.change,
  ScheduledMessagesStore: scheduledMessagePolicy.change,
  PassengerApprovals: passengerPolicy.approvals,
} satisfies Partial<Record<RouteName, Rule>>;

const r = <const N extends string>(
  name: N,
  path: string,
  title: string,
  permission: Permission | null,
  extra: Partial<Pick<RouteMeta<N>, 'breadcrumb' | 'fullHeight'>> = {},
): RouteMeta<N> => ({
  name,
  path,
  title,
  permission,
  breadcrumb: extra.breadcrumb ?? true,
  ...(extra.fullHeight ? { fullHeight: true } : {}),
  ...(Object.hasOwn(ACTION_PAGES, name) ? { rule: ACTION_PAGES[name] } : {}),
});

export const PUBLIC_PATHS = {
  login: '/login',
  notFound: '/404',
  forbidden: '/forbidden',
  resetPassword: '/reset-password',
  resetPasswordEmail: '/reset-password-email',
} as const;

/** Every protected route; `as const` so the names form the RouteName union (a misspelt name does not compile). */
export const PROTECTED_ROUTES = [
  // Operations
  r('DebugView', '/debug_view', 'Debug view', 'SETTINGS'),
  // Ours: the call log of the voice connection (the spec names no route for it)
  r('Calls', '/calls', 'Calls', 'PHONE_BOOKING'),
  r('AllNotifications', '/notifications', 'Notifications', null),
  r('AvailableInterviewTimes', '/available_interview_times', 'Available interview times', 'PLANNING'),
  r('Interviews', '/interviews', 'Interviews', 'PLANNING'),
  r('Dashboard', '/dashboard', 'Dashboard', 'STATISTICS'),
  r('Timeline', '/timeline', 'Timeline', 'TIMELINE'),
  r('Requests', '/requests', 'Requests', 'DISPATCHING', { fullHeight: true }),
  // Ours: what needs a dispatcher now (late bookings and captains, unanswered offers…), live
  r('Exceptions', '/exceptions', 'Exceptions', 'DISPATCHING'),
  r('PathDrawer', '/path_drawer', 'Path drawer', 'EDIT_MAP'),
  r('CaptainsMap', '/rides_tracker', 'Tracking', 'MONITORING', { fullHeight: true }),
  r('PhoneBooking', '/phone-bookings', 'Phone Booking', 'PHONE_BOOKING'),
  r('RidesSearch', '/rides_search', 'Rides search', 'DISPATCHING'),
  r('Details', '/rides/:id', 'Ride details', 'DISPATCHING'),
  r('BookingLog', '/log/:id', 'Booking log', 'DISPATCHING'),
  r('BookingChat', '/booking-chat/:id', 'Booking chat', 'DISPATCHING'),
  r('Messages', '/messages', 'Messages', 'MESSAGES'),
  r('TicketsMonitoring', '/tickets_monitoring', 'Tickets monitoring', 'DISPATCHING'),
  r('Ticket', '/ticket/:id', 'Ticket', 'DISPATCHING'),
  r('FollowUpTicket', '/follow_up_ticket', 'Follow-up ticket', 'DISPATCHING'),
  r('Broadcast', '/broadcast', 'Broadcast', 'CAPTAINS'),
  r('Monitor', '/monitor', 'Monitor', 'MONITORING'),
  r('ComplaintsList', '/complaints', 'Complaints', 'COMPLAINTS'),
  r('CaptainComplaintsNoBooking', '/captain_complaints_no_booking/:id', 'Complaints without booking', 'COMPLAINTS'),
  r('ComplaintCategories', '/complaint_categories', 'Complaint categories', 'COMPLAINTS'),
  // Staff
  r('Staff', '/staff', 'Staff', 'USERS'),
  r('StaffAdd', '/staff/add', 'Add staff', 'USERS'),
  r('Roles', '/roles', 'Roles', 'USERS'),
  r('UserProfile', '/users/:id', 'Profile', null),
  r('UserProjectScheduleCalendar', '/users/:id/project_schedule', 'Project schedule', null),
  // Hotels, restaurants, companies, airport agencies
  r('Hotels', '/hotels', 'Hotels', 'ACCOMMODATION'),
  r('HotelsStore', '/hotels/store', 'New hotel', 'ACCOMMODATION'),
  r('HotelsCreate', '/hotels/create', 'New hotel', 'ACCOMMODATION'),
  r('HotelsEdit', '/hotels/edit/:id', 'Edit hotel', 'ACCOMMODATION'),
  r('HotelsUsers', '/hotelsUsers', 'Hotels users', 'ACCOMMODATION'),
  r('Restaurants', '/restaurants', 'Restaurants', 'ACCOMMODATION'),
  r('RestaurantsStore', '/restaurants/store', 'New restaurant', 'ACCOMMODATION'),
  r('RestaurantsCreate', '/restaurants/create', 'New restaurant', 'ACCOMMODATION'),
  r('RestaurantsEdit', '/restaurants/edit/:id', 'Edit restaurant', 'ACCOMMODATION'),
  r('RestaurantsUsers', '/restaurantsUsers', 'Restaurants users', 'ACCOMMODATION'),
  r('Companies', '/companies', 'Companies', 'ACCOMMODATION'),
  r('CompaniesCreate', '/companies/create', 'New company', 'ACCOMMODATION'),
  // Not a spec route: the spec names company users but no page for them; ours, beside hotels' and restaurants'.
  r('CompanyUsers', '/company_users', 'Company users', 'ACCOMMODATION'),
  r('AirportAgencies', '/airport_agencies', 'Airport agencies', 'ACCOMMODATION'),
  r('AirportAgencyUsers', '/airport_agency_users', 'Airport agency users', 'ACCOMMODATION'),
  r('CompanyRequests', '/company-requests', 'Company requests', 'COMPANY_REQUESTS'),
  r('CompanyRequest', '/company-request/:id', 'Company request', 'COMPANY_REQUESTS'),
  // People
  r('UnregisteredPassengers', '/unregistered_passengers', 'Unregistered passengers', 'PASSENGERS'),
  r('Passengers', '/passengers', 'Passengers', 'PASSENGERS'),
  r('Passenger', '/passengers/:id', 'Passenger', 'PASSENGERS'),
  // Ours: the queue of new passengers to approve (the spec's wizard opened by itself; here an operator claims one).
  r('PassengerApprovals', '/passenger_approvals', 'Passengers to approve', 'PASSENGERS'),
  r('UnregisteredCaptains', '/unregistered_captains', 'Unregistered drivers', 'DISPATCHING'),
  r('Captains', '/captains', 'Drivers', 'DISPATCHING'),
  r('Captain', '/captains/:id', 'Driver', 'DISPATCHING'),
  r('CaptainMonthlyBookings', '/captains/:id/monthly-bookings', 'Monthly bookings', 'DISPATCHING'),
  r('DriversMap', '/drivers/map', 'Drivers map', 'MONITORING', { fullHeight: true }),
  r('DriversCreate', '/drivers/create', 'New driver', 'DISPATCHING'),
  r('DriversCreateCar', '/drivers/:id/createCar', 'New car', 'DISPATCHING'),
  r('DriversAnnouncements', '/announcements/', 'Drivers announcements', 'CAPTAINS'),
  r('CarRequests', '/car_requests', 'Car requests', 'CAPTAINS'),
  r('BlockedCaptains', '/blockedCaptains', 'Punishment', 'PUNISHMENT'),
  r('CaptainCancellationReasons', '/captain_cancellation_reasons', 'Captain cancellation reasons', 'DISPATCHING'),
  r('ChangeCaptainReasons', '/change_captain_reasons', 'Change captain reasons', 'DISPATCHING'),
  // Commercial
  r('Vouchers', '/vouchers', 'Vouchers', 'PRICE_RULES'),
  r('VouchersAdd', '/vouchers/add', 'New voucher', 'PRICE_RULES'),
  r('Voucher', '/vouchers/:id', 'Voucher', 'PRICE_RULES'),
  r('RatingCauses', '/rating_causes', 'Rating causes', 'SETTINGS'),
  r('BonusPackage', '/bonus_package', 'Bonus packages', 'PRICE_RULES'),
  r('BonusPackageShow', '/bonus_package/:id', 'Bonus package', 'PRICE_RULES'),
  r('BonusPackageBonuses', '/bonus_package/:id/bonuses', 'Bonuses', 'PRICE_RULES'),
  r('BonusTimeSlices', '/bonus/:id/time_slices', 'Bonus time slices', 'PRICE_RULES'),
  r('ConditionalBonus', '/conditional_bonus', 'Conditional bonus', 'PRICE_RULES'),
  r('Services', '/services', 'Services', 'PRICE_RULES'),
  r('ServicePrices', '/services/:id/prices', 'Service prices', 'PRICE_RULES'),
  r('ServiceLocations', '/services/:id/locations', 'Service locations', 'PRICE_RULES'),
  r('ServiceCars', '/services/:id/cars', 'Service cars', 'PRICE_RULES'),
  r('PriceRules', '/priceRules', 'Price rules', 'PRICE_RULES'),
  r('PriceRulesCreate', '/priceRules/create', 'New price rule', 'PRICE_RULES'),
  r('PriceRulesEdit', '/priceRules/edit/:id', 'Edit price rule', 'PRICE_RULES'),
  r('payments', '/payments', 'Payments', 'CARLO_PAYMENT'),
  r('Banks', '/banks', 'Banks', 'SETTINGS'),
  // Vehicles and types
  r('CarBrands', '/car_brands', 'Car brands', 'TYPES'),
  r('CarBrandModels', '/car_brands/:id/models', 'Car models', 'TYPES'),
  r('Colors', '/colors', 'Colors', 'TYPES'),
  r('VehicleTypesManagement', '/VehicleTypesManagement', 'Vehicle types', 'VEHICLE_TYPE_MANAGEMENT'),
  r('Nationalities', '/nationalities', 'Nationalities', 'TYPES'),
  // Maps
  r('MonacoEditor', '/monaco_editor', 'GeoJSON editor', 'EDIT_MAP'),
  r('MapEditor', '/map_editor', 'Map editor', 'EDIT_MAP'),
  r('LocationContainers', '/location_containers', 'Location containers', 'LOCATIONS'),
  r('LocationContainersAdd', '/location_containers/add', 'New location container', 'LOCATIONS'),
  r('LocationContainer', '/location_containers/:id', 'Location container', 'LOCATIONS'),
  r('Landmarks', '/landmarks', 'Landmarks', 'LANDMARK_MANAGEMENT'),
  r('LandmarksAdd', '/landmarks/add', 'New landmark', 'LANDMARK_MANAGEMENT'),
  r('Landmark', '/landmarks/:id', 'Landmark', 'LANDMARK_MANAGEMENT'),
  r('stations', '/stations', 'Stations', 'LOCATIONS'),
  r('StationsAdd', '/stations/add', 'New station', 'LOCATIONS'),
  r('Station', '/stations/:id', 'Station', 'LOCATIONS'),
  r('Sectors', '/sectors', 'Sectors', 'LOCATIONS'),
  r('Locations', '/locations', 'Sectors', 'LOCATIONS'),
  r('LocationsAdd', '/locations/add', 'New location', 'LOCATIONS'),
  r('Location', '/locations/:id', 'Location', 'LOCATIONS'),
  r('BlacklistLocations', '/blacklist_locations', 'Blacklist locations', 'LOCATIONS'),
  r('BlacklistLocationsAdd', '/blacklist_locations/add', 'New blacklist location', 'LOCATIONS'),
  r('BlacklistLocation', '/blacklist_locations/:id', 'Blacklist location', 'LOCATIONS'),
  r('RestrictedAreas', '/restricted-areas', 'Restricted areas', 'RESTRICTED_AREA'),
  r('RestrictedAreasAdd', '/restricted-areas/add', 'New restricted area', 'RESTRICTED_AREA'),
  r('RestrictedArea', '/restricted-areas/:id', 'Restricted area', 'RESTRICTED_AREA'),
  r('EditSeasonalDestinations', '/SeasonalDestinations/update', 'Seasonal destinations', 'EDIT_DESTINATION_SEASONAL'),
  r('TestMaps', '/testMaps', 'Test maps', 'EDIT_MAP'),
  r('ShiftsMap', '/shifts/map', 'Shifts map', 'PLANNING', { fullHeight: true }),
  // Configuration
  r('Settings', '/settings', 'Settings', 'SETTINGS'),
  r('Dispatching', '/dispatching', 'Dispatching', 'DISPATCHING_CONFIG'),
  r('ReservationsList', '/reservations', 'Reservations', 'RESERVATIONS'),
  r('ReservationQueue', '/reservation_queue', 'Reservation queue', 'RESERVATION_QUEUE'),
  r(
    'seasonal_drivers_reservations_allowance_special_cases',
    '/seasonal_reservations',
    'Seasonal reservations',
    'SETTINGS',
  ),
  r('SeasonalReservationsStore', '/seasonal_reservations/store', 'New seasonal reservation', 'SETTINGS'),
  r('SeasonalReservationsEdit', '/seasonal_reservations/edit/:id', 'Edit seasonal reservation', 'SETTINGS'),
  r('MaxBookingCount', '/MaxBookingCount', 'Max Bookings Counts', 'T_C'),
  r('scheduled_messages', '/scheduled_messages', 'Scheduled messages', 'SETTINGS'),
  r('ScheduledMessagesStore', '/scheduled_messages/store', 'New scheduled message', 'SETTINGS'),
  r('sms_codes', '/sms_codes', 'SMS codes', 'SMS_CODES'),
  r('TermsAndConditions', '/terms_and_conditions', 'Terms and conditions', 'T_C'),
  r('TermsAndConditionsCreate', '/terms_and_conditions/create', 'New terms and conditions', 'T_C'),
  r('Constraints', '/constraints', 'Constraints', 'CONSTRAINTS'),
  r('ConstraintsCreate', '/constraints/create', 'New constraint', 'CONSTRAINTS'),
  r('ConstraintsEdit', '/constraints/edit/:id', 'Edit constraint', 'CONSTRAINTS'),
  r('ContractTemplateLevel', '/contract_template/level', 'Contract template levels', 'SETTINGS'),
  r('ContractTemplate', '/contract_template', 'Contract templates', 'SETTINGS'),
  // Planning and reports
  r('Shifts', '/shifts', 'Shifts', 'PLANNING'),
  r('Vacations', '/vacations', 'Vacations', null),
  r('Events', '/events', 'Events', 'EVENTS_REPORTS'),
  r('EventsCreate', '/events/create', 'New event', 'EVENTS_REPORTS'),
  r('EventsReport', '/events/report', 'Events report', 'EVENTS_REPORTS'),
  r('Event', '/events/:id', 'Event', 'EVENTS_REPORTS'),
  r('BarStatistics', '/BarStatistics', 'Statistics', 'STATISTICS'),
  r('Surveys', '/surveys', 'Surveys', 'SURVEYS'),
  r('Survey', '/survey/:id', 'Survey', 'SURVEYS'),
  r('SurveysCreate', '/surveys/create', 'New survey', 'SURVEYS'),
  r('lost_and_found', '/lost_and_found', 'Lost and found', 'LOST_AND_FOUND'),
  r('LostAndFoundStore', '/lost_and_found/store', 'New lost and found', 'LOST_AND_FOUND'),
  r('LostAndFoundEdit', '/lost_and_found/edit/:id', 'Edit lost and found', 'LOST_AND_FOUND'),
  r('Test', '/test', 'Test', 'SETTINGS'),
  // Airport agency landing (shell.md §2.2: airport users land on airport/create)
  r('AirportCreate', '/airport/create', 'Airport request', null),
  // The partner desk: hotel, restaurant and company staff land on their own bookings
  r('PartnerBookings', '/partner/bookings', 'Our bookings', null),
] as const;

/** The name of a protected route: `pathTo('Detials')` does not compile. */
export type RouteName = (typeof PROTECTED_ROUTES)[number]['name'];

const byName = new Map<string, RouteMeta>(PROTECTED_ROUTES.map((route) => [route.name, route]));

export function routeByName(name: RouteName): RouteMeta {
  const route = byName.get(name);
  if (!route) throw new Error(`Unknown route name ${name}`);
  return route;
}

/** Fills a route path's parameters: pathTo('Details', { id: 5 }) → '/rides/5'. */
export function pathTo(name: RouteName, params: Record<string, string | number> = {}): string {
  return routeByName(name).path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Route ${name} needs parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}

/** Marks the routes a capability has built (called once per feature at module load on the web). */
export const HOME_PATH = '/requests';
export const AIRPORT_HOME_PATH = '/airport/create';
export const PARTNER_HOME_PATH = '/partner/bookings';
