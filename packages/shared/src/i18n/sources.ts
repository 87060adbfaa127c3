import { AI_LABELS, AI_MSG } from '../ai';
import { BONUS_MSG, DAYS_OF_WEEK } from '../bonuses';
import { BOOKING_MSG } from '../booking-messages';
import { BOOKING_UI } from '../booking-ui';
import { CODE_LABELS, HISTORY_LABELS, STATUS_LABELS } from '../bookings';
import { BROADCAST_LABELS, BROADCAST_MSG } from '../broadcasts';
import { CAR_REQUEST_LABELS, CAR_REQUEST_MSG } from '../car-requests';
import { CHAT_MSG } from '../chat';
import { COMPLAINT_MSG, COMPLAINT_STATUSES } from '../complaints';
import { CONTRACT_MSG } from '../contracts';
import { POSITION_MSG, UNAVAILABILITY_ANSWER } from '../dispatch';
import { DRAWER } from '../drawer';
import { FARE_MSG } from '../fares';
import { FLEET_MSG } from '../fleet';
import { ENTRY_TYPE_LABELS, LEDGER_MSG } from '../ledger';
import { MSG } from '../messages';
import { NOTIFICATION_TEMPLATES } from '../notifications';
import { PEOPLE_MSG } from '../people';
import { EVENTS_MSG } from '../resources/catalogues/city-events.resource';
import { LOST_FOUND_MSG } from '../resources/catalogues/lost-and-found.resource';
import { PAYMENTS_MSG } from '../resources/catalogues/payment-rides.resource';
import { RESERVATION_MSG } from '../resources/catalogues/seasonal-reservations.resource';
import type { ResourceDef } from '../resources/define';
import { RESOURCE_MSG } from '../resources/messages';
import { resourceSourceTexts } from '../resources/texts';
import { RIDE_UI, TRACKING_UI } from '../ride-ui';
import { PROTECTED_ROUTES } from '../routes';
import { SETTING_LABELS, SETTING_MSG } from '../settings';
import { SURVEY_LABELS, SURVEY_MSG } from '../surveys';
import { TERMS_MSG } from '../terms';
import { TICKET_MSG, TICKET_STATUS_LABELS, TICKET_TYPE_TEXTS } from '../tickets';
import { VOUCHER_MSG } from '../vouchers';
import { sourceStrings } from './index';

/**
 * Every English text the shared package holds outside `t()`/`tr()` calls: the texts() objects, page
 * titles and the drawer. The catalogue test asks each of them (and each literal text of a t() call in the code)
 * to have a French and an Arabic translation.
 */
export function sharedSourceTexts(catalogues: readonly ResourceDef[]): string[] {
  const out: string[] = [];
  for (const object of [
    MSG,
    TERMS_MSG,
    CONTRACT_MSG,
    BOOKING_UI,
    BOOKING_MSG,
    RIDE_UI,
    TRACKING_UI,
    AI_MSG,
    AI_LABELS,
    STATUS_LABELS,
    CODE_LABELS,
    HISTORY_LABELS,
    COMPLAINT_MSG,
    UNAVAILABILITY_ANSWER,
    POSITION_MSG,
    PEOPLE_MSG,
    RESOURCE_MSG,
    PAYMENTS_MSG,
    LOST_FOUND_MSG,
    EVENTS_MSG,
    CHAT_MSG,
    NOTIFICATION_TEMPLATES,
    BROADCAST_MSG,
    BROADCAST_LABELS,
    FARE_MSG,
    ENTRY_TYPE_LABELS,
    LEDGER_MSG,
    BONUS_MSG,
    FLEET_MSG,
    VOUCHER_MSG,
    TICKET_MSG,
    TICKET_STATUS_LABELS,
    TICKET_TYPE_TEXTS,
    SURVEY_MSG,
    SURVEY_LABELS,
    CAR_REQUEST_MSG,
    CAR_REQUEST_LABELS,
    SETTING_LABELS,
    SETTING_MSG,
    RESERVATION_MSG,
  ]) {
    sourceStrings(object, out);
  }
  out.push(...resourceSourceTexts(catalogues));
  out.push(...COMPLAINT_STATUSES, ...DAYS_OF_WEEK);
  for (const route of PROTECTED_ROUTES) out.push(route.title);
  for (const item of DRAWER) {
    if ('group' in item) {
      out.push(item.group);
      for (const entry of item.entries) out.push(entry.title);
    } else out.push(item.title);
  }
  return [...new Set(out)];
}
