import { texts } from './i18n';

/** Every permission string the console knows (shell.md §2.3 and §6). One definition, used by the
 * server's seed and guards and by the web app's drawer, routes and buttons. */
export const PERMISSIONS = [
  'DISPATCHING',
  'PHONE_BOOKING',
  'TIMELINE',
  'MONITORING',
  'COMPLAINTS',
  'USERS',
  'PASSENGERS',
  'MESSAGES',
  'CAPTAINS',
  'LOCATIONS',
  'LANDMARK_MANAGEMENT',
  'EDIT_MAP',
  'EDIT_DESTINATION_SEASONAL',
  'RESTRICTED_AREA',
  'TYPES',
  'VEHICLE_TYPE_MANAGEMENT',
  'ACCOMMODATION',
  'COMPANY_REQUESTS',
  'SETTINGS',
  'DISPATCHING_CONFIG',
  'RESERVATIONS',
  'EVENTS_REPORTS',
  'PUNISHMENT',
  'PRICE_RULES',
  'PLANNING',
  'CONSTRAINTS',
  'SURVEYS',
  'RESERVATION_QUEUE',
  'T_C',
  'STATISTICS',
  'SMS_CODES',
  'CARLO_PAYMENT',
  'LOST_AND_FOUND',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** What each permission is called on the Roles page, in the console's language (the codes stay the API's). */
export const PERMISSION_LABELS: Record<Permission, string> = texts({
  DISPATCHING: 'Dispatching',
  PHONE_BOOKING: 'Phone booking',
  TIMELINE: 'Timeline',
  MONITORING: 'Monitoring',
  COMPLAINTS: 'Complaints',
  USERS: 'Users and roles',
  PASSENGERS: 'Passengers',
  MESSAGES: 'Messages',
  CAPTAINS: 'Captains',
  LOCATIONS: 'Locations',
  LANDMARK_MANAGEMENT: 'Landmarks',
  EDIT_MAP: 'Map editing',
  EDIT_DESTINATION_SEASONAL: 'Seasonal destinations',
  RESTRICTED_AREA: 'Restricted areas',
  TYPES: 'Types',
  VEHICLE_TYPE_MANAGEMENT: 'Vehicle types',
  ACCOMMODATION: 'Accommodation',
  COMPANY_REQUESTS: 'Company requests',
  SETTINGS: 'Settings',
  DISPATCHING_CONFIG: 'Dispatching configuration',
  RESERVATIONS: 'Reservations',
  EVENTS_REPORTS: 'Events reports',
  PUNISHMENT: 'Punishments',
  PRICE_RULES: 'Price rules',
  PLANNING: 'Planning',
  CONSTRAINTS: 'Constraints',
  SURVEYS: 'Surveys',
  RESERVATION_QUEUE: 'Reservation queue',
  T_C: 'Terms and conditions',
  STATISTICS: 'Statistics',
  SMS_CODES: 'SMS codes',
  CARLO_PAYMENT: 'Carlo payments',
  LOST_AND_FOUND: 'Lost and found',
});

/** A permission's name for people; a code the console does not know stays as it is. */
export function permissionLabel(code: string): string {
  return isPermission(code) ? PERMISSION_LABELS[code] : code;
}

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/** A permission check tests membership of the string in the user's list (shell.md §6).
 * `null` means "any signed-in staff member". */
export function can(userPermissions: readonly string[] | undefined, permission: Permission | null): boolean {
  if (permission === null) return true;
  return !!userPermissions && userPermissions.includes(permission);
}
