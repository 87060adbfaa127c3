import type { Permission } from '../permissions';
import {
  atAirportDesk,
  atPartnerDesk,
  holds,
  holdsAny,
  isAirport,
  isGovernment,
  isPartnerStaff,
  mayChange,
  rule,
  signedInRule,
} from './core';

/** The city: places, sectors, routes and the base map. */
export const cityPolicy = {
  /** Places, sectors and routes feed the board and the phone booking alike. */
  read: rule('city.read', (a) => holdsAny(a, ['DISPATCHING', 'PHONE_BOOKING'])),
  /** The places pickers: the board, the phone booking and the airport desk's form. */
  places: rule(
    'city.places',
    (a) => holdsAny(a, ['DISPATCHING', 'PHONE_BOOKING']) || atAirportDesk(a) || atPartnerDesk(a),
  ),
  /** Every console draws maps. */
  basemap: signedInRule('city.basemap'),
} as const;

/** A group of typed settings: read with its page's permission, changed with it too (not by the Goverment role). */
const settingsGroupRules = (group: string, permission: Permission) => ({
  read: rule(`settings.${group}.read`, (a) => holds(a, permission)),
  write: rule(`settings.${group}.write`, (a) => mayChange(a, permission)),
});

/** Settings read by the consoles, the season switch, and the settings pages' groups (shell.md §2.3). */
export const settingsPolicy = {
  read: signedInRule('settings.read'),
  setSeason: rule('settings.setSeason', (a) => mayChange(a, 'SETTINGS')),
  general: settingsGroupRules('general', 'SETTINGS'),
  dispatching: settingsGroupRules('dispatching', 'DISPATCHING_CONFIG'),
  bookings: settingsGroupRules('bookings', 'T_C'),
} as const;

/** The notification bell (not on the airport desk). */
export const notificationPolicy = {
  list: rule('notifications.list', (a) => !isAirport(a)),
  /** Marking one's own notifications read. */
  markRead: rule('notifications.markRead', (a) => !isAirport(a)),
} as const;

/** The Carlo payments page. */
export const paymentPolicy = {
  read: rule('payments.read', (a) => holds(a, 'CARLO_PAYMENT')),
} as const;

/** The toolbar's entries (shell.md §2.4): the web asks these, the matching routes check them. */
export const shellPolicy = {
  messages: rule('shell.messages', (a) => holds(a, 'MESSAGES') && !isGovernment(a)),
  notifications: notificationPolicy.list,
  settings: rule('shell.settings', (a) => holds(a, 'SETTINGS')),
  phoneBooking: rule('shell.phoneBooking', (a) => holds(a, 'PHONE_BOOKING')),
  /** The airport agency desk is the user's start page (shell.md §2.2, §6: roles 11 and 12 land on airport/create). */
  airportDesk: rule('shell.airportDesk', (a) => isAirport(a)),
  /** Partner staff (hotels, restaurants, companies) start on their own bookings. */
  partnerDesk: rule('shell.partnerDesk', (a) => isPartnerStaff(a)),
} as const;
