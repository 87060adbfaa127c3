import { AI_LABELS, AI_MSG } from '../ai';
import { AIRPORT_MSG } from '../airport';
import { BONUS_MSG, DAYS_OF_WEEK } from '../bonuses';
import { BOOKING_GROUP_MSG, BOOKING_GROUP_UI } from '../booking-groups';
import { BOOKING_MSG } from '../booking-messages';
import { BOOKING_UI } from '../booking-ui';
import { CODE_LABELS, HISTORY_LABELS, STATUS_LABELS } from '../bookings';
import { BROADCAST_LABELS, BROADCAST_MSG } from '../broadcasts';
import { CAPTAIN_APP_MSG } from '../captain-app';
import { APPEARANCE_CONSTRAINT_LABELS, CAPTAIN_CONSTRAINT_MSG, CAPTAIN_CONSTRAINT_UI } from '../captain-constraints';
import { CAR_REQUEST_LABELS, CAR_REQUEST_MSG } from '../car-requests';
import { CHAT_MSG } from '../chat';
import { COMPANY_REQUEST_MSG } from '../company-requests';
import { COMPLAINT_MSG, COMPLAINT_STATUSES } from '../complaints';
import { CONTRACT_MSG } from '../contracts';
import { EXPORT_TEXT } from '../csv-export';
import { DEMO_DATA } from '../demo-data';
import { POSITION_MSG, UNAVAILABILITY_ANSWER } from '../dispatch';
import { DISPATCH_UI } from '../dispatch-ui';
import { DRAWER } from '../drawer';
import { EXCEPTION_KIND_TEXTS, EXCEPTIONS_UI } from '../exceptions';
import { FARE_MSG, PRICE_RULE_EFFECT_LABELS } from '../fares';
import { FLEET_MSG } from '../fleet';
import { GEO_MSG } from '../geo-rules';
import { INTERVIEW_MSG } from '../interviews';
import { ENTRY_TYPE_LABELS, LEDGER_MSG } from '../ledger';
import { MAP_EDITOR_UI } from '../map-editor-ui';
import { MSG } from '../messages';
import { NOT_MOVING_UI } from '../not-moving';
import { NOTIFICATION_TEMPLATES } from '../notifications';
import { PARTNER_INVOICE_CSV_HEADER, PARTNER_INVOICE_PDF, PARTNER_INVOICE_UI } from '../partner-invoices';
import { PARTNER_KIND_LABELS, PARTNER_MSG, PARTNER_UI } from '../partners';
import { PEOPLE_MSG } from '../people';
import { PERMISSION_LABELS } from '../permissions';
import { PROJECT_SCHEDULE_MSG } from '../project-schedule';
import { RATING_MSG, RATING_UI } from '../ratings';
import { REPORTS_MSG, REPORTS_UI } from '../reports/texts';
import { EVENTS_MSG } from '../resources/catalogues/city-events.resource';
import { LOST_FOUND_MSG } from '../resources/catalogues/lost-and-found.resource';
import { PAYMENTS_MSG } from '../resources/catalogues/payment-rides.resource';
import { RESERVATION_MSG } from '../resources/catalogues/seasonal-reservations.resource';
import type { ResourceDef } from '../resources/define';
import { RESOURCE_MSG } from '../resources/messages';
import { resourceSourceTexts } from '../resources/texts';
import { HISTORY_EXTRA_LABELS, RIDE_UI, TRACKING_UI } from '../ride-ui';
import { PROTECTED_ROUTES } from '../routes';
import { SETTING_LABELS, SETTING_MSG, SETTING_VALUE_LABELS } from '../settings';
import { SHIFT_MSG } from '../shifts';
import { SHIFTS_MAP_MSG } from '../shifts-map';
import { SUPPLY_DEMAND_MSG } from '../supply-demand';
import { SURVEY_LABELS, SURVEY_MSG } from '../surveys';
import { SELF_TEST_UI } from '../system-self-test';
import { SYSTEM_STATUS_UI } from '../system-status';
import { TERMS_MSG } from '../terms';
import { TICKET_MSG, TICKET_STATUS_LABELS, TICKET_TYPE_TEXTS } from '../tickets';
import { ACTION_LABELS, ENTITY_LABELS, TIMELINE_UI } from '../timeline';
import { VACATION_MSG } from '../vacations';
import { VOICE_MSG, VOICE_SHORTCUT_LABELS, VOICE_UI } from '../voice';
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
    PROJECT_SCHEDULE_MSG,
    SHIFT_MSG,
    TIMELINE_UI,
    ACTION_LABELS,
    ENTITY_LABELS,
    PARTNER_INVOICE_UI,
    PARTNER_INVOICE_CSV_HEADER,
    PARTNER_INVOICE_PDF,
    SYSTEM_STATUS_UI,
    SELF_TEST_UI,
    VOICE_UI,
    VOICE_MSG,
    VOICE_SHORTCUT_LABELS,
    SHIFTS_MAP_MSG,
    SUPPLY_DEMAND_MSG,
    VACATION_MSG,
    INTERVIEW_MSG,
    BOOKING_UI,
    BOOKING_MSG,
    BOOKING_GROUP_MSG,
    BOOKING_GROUP_UI,
    CAPTAIN_APP_MSG,
    CAPTAIN_CONSTRAINT_MSG,
    CAPTAIN_CONSTRAINT_UI,
    APPEARANCE_CONSTRAINT_LABELS,
    DISPATCH_UI,
    NOT_MOVING_UI,
    EXCEPTION_KIND_TEXTS,
    EXCEPTIONS_UI,
    RIDE_UI,
    TRACKING_UI,
    MAP_EDITOR_UI,
    AI_MSG,
    AI_LABELS,
    STATUS_LABELS,
    CODE_LABELS,
    HISTORY_LABELS,
    HISTORY_EXTRA_LABELS,
    PERMISSION_LABELS,
    COMPLAINT_MSG,
    RATING_MSG,
    RATING_UI,
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
    PRICE_RULE_EFFECT_LABELS,
    EXPORT_TEXT,
    ENTRY_TYPE_LABELS,
    LEDGER_MSG,
    BONUS_MSG,
    FLEET_MSG,
    GEO_MSG,
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
    ...Object.values(SETTING_VALUE_LABELS),
    RESERVATION_MSG,
    AIRPORT_MSG,
    PARTNER_MSG,
    PARTNER_UI,
    PARTNER_KIND_LABELS,
    COMPANY_REQUEST_MSG,
    REPORTS_MSG,
    REPORTS_UI,
    DEMO_DATA,
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
