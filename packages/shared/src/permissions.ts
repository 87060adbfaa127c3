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

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/** A permission check tests membership of the string in the user's list (shell.md §6).
 * `null` means "any signed-in staff member". */
export function can(userPermissions: readonly string[] | undefined, permission: Permission | null): boolean {
  if (permission === null) return true;
  return !!userPermissions && userPermissions.includes(permission);
}
