/**
 * Who may call what: the expected access of every /api route for every demo role, declared by hand
 * from the spec (shell.md §6, bookings.md §6, people.md) — not computed from the policies, so that a
 * policy that drifts fails the matrix test. A new route without a row here fails CI.
 *
 * Letters: A Admin (role 1, every permission) · D Dispatcher · C Call centre · G Goverment ·
 * S Supervisor (USERS, SETTINGS, PUNISHMENT… but not TYPES, PRICE_RULES, CARLO_PAYMENT) ·
 * P Airport agency (role 11) · Q Airport supervisor (role 12). The airport roles hold no permission.
 * H Hotel staff · W Restaurant staff · Y Company staff (partner roles 21-23, no permission: their partner desk).
 * `public` needs no token; `captain` a captain-app session (and no staff token). The POST twins of PUT/PATCH/DELETE routes (`_method`) follow their target.
 */
export const ROLE_LETTERS = {
  A: 'admin@example.com',
  D: 'dispatcher@example.com',
  C: 'callcenter@example.com',
  G: 'gov@example.com',
  S: 'supervisor@example.com',
  P: 'airport@example.com',
  Q: 'airport.supervisor@example.com',
  H: 'hotel@example.com',
  W: 'restaurant@example.com',
  Y: 'company@example.com',
} as const;
export type RoleLetter = keyof typeof ROLE_LETTERS;

export const PUBLIC = 'public';
/**
 * A captain-app route: a captain session only. Every staff token is refused as no captain's (401, like no
 * token), and a captain's token opens no other route (401 on every staff route).
 */
export const CAPTAIN = 'captain';
const EVERYONE = 'ADCGSPQHWY';
/** The airport and partner desks: the pickers of their booking forms. */
const DESKS = 'PQHWY';
/** Staff who hold DISPATCHING or PHONE_BOOKING (the board and the phone booking). */
const DESK = 'ADCGS';
/** The same, less the Goverment role: it changes nothing but complaints (bookings.md §6). */
const DESK_WRITE = 'ADCS';

/**
 * A generic catalogue: reads, then writes; the bulk actions on a selection are writes too (the same rule).
 * `bulk: false` for a list served like one by its own module, without bulk actions.
 */
function catalogue(url: string, read: string, write: string, { bulk = true } = {}): Record<string, string> {
  return {
    [`GET /api/${url}`]: read,
    [`GET /api/${url}/export.csv`]: read,
    [`GET /api/${url}/:id`]: read,
    [`POST /api/${url}`]: write,
    [`PUT /api/${url}/:id`]: write,
    [`DELETE /api/${url}/:id`]: write,
    ...(bulk ? { [`POST /api/${url}/bulk`]: write } : {}),
  };
}

export const ACCESS: Record<string, string> = {
  // system and session
  'GET /api/app_info': PUBLIC,
  'GET /api/health': PUBLIC,
  'GET /api/ready': PUBLIC,
  'GET /api/dev/outbox': PUBLIC,
  // the debug view (SETTINGS)
  'GET /api/system/status': 'AS',
  'POST /api/system/self_test': 'AS',
  // the voice connection: PHONE_BOOKING holders (the SIP server's questions carry the voice key instead)
  'GET /api/voice/credentials': DESK_WRITE,
  'GET /api/voice/caller': DESK_WRITE,
  'POST /api/voice/calls/answered': DESK_WRITE,
  'POST /api/voice/calls/ended': DESK_WRITE,
  'POST /api/voice/calls/outgoing': DESK_WRITE,
  'POST /api/voice/calls/booking': DESK_WRITE,
  'GET /api/calls': DESK_WRITE,
  'GET /api/voice/operators': DESK_WRITE,
  'POST /api/voice/calls/transfer': DESK_WRITE,
  'GET /api/voice/sip/registration': PUBLIC,
  'GET /api/voice/sip/session': PUBLIC,
  'GET /api/voice/sip/next': PUBLIC,
  'GET /api/voice/sip/event': PUBLIC,
  // the OpenAPI document and its reference UI
  'GET /api/docs': PUBLIC,
  'GET /api/docs/json': PUBLIC,
  'GET /api/docs/yaml': PUBLIC,
  'GET /api/docs/static/index.html': PUBLIC,
  'GET /api/docs/static/swagger-initializer.js': PUBLIC,
  'GET /api/docs/static/*': PUBLIC,
  'POST /api/admin_send_code': PUBLIC,
  'POST /api/admin_login': PUBLIC,
  'POST /api/password/forgot': PUBLIC,
  'POST /api/password/reset': PUBLIC,
  'GET /api/check_auth': EVERYONE,
  'PUT /api/online': EVERYONE,
  'PUT /api/preferences': EVERYONE,
  'PUT /api/logout': EVERYONE,
  'PUT /api/logout_all': EVERYONE,
  'GET /api/generate_chat_token': 'ADCS',
  'GET /api/ai_status': EVERYONE,
  'PUT /api/ai_status': EVERYONE,
  'GET /api/setting': EVERYONE,
  'PUT /api/setting/season': 'AS',
  // the settings pages: /settings (SETTINGS), /dispatching (DISPATCHING_CONFIG), /MaxBookingCount (T_C)
  'GET /api/settings/general': 'AS',
  'PUT /api/settings/general': 'AS',
  'GET /api/settings/dispatching': 'AS',
  'PUT /api/settings/dispatching': 'AS',
  'GET /api/settings/bookings': 'A',
  'PUT /api/settings/bookings': 'A',
  // the reservation queue (RESERVATION_QUEUE) and the seasonal allowances (SETTINGS)
  'GET /api/reservation_queue': 'AS',
  ...catalogue('seasonal_reservations', 'AS', 'AS'),
  'GET /api/role': EVERYONE,
  'GET /api/permission': EVERYONE,
  // the bell and browser push: every console but the airport desk's (partner staff get their own)
  'GET /api/notification': 'ADCGSHWY',
  'GET /api/notification/unread_count': 'ADCGSHWY',
  'PUT /api/notification/read': 'ADCGSHWY',
  // conversations (MESSAGES, never the Goverment role); the booking chat also needs DISPATCHING
  'GET /api/conversations': 'ADCS',
  'GET /api/conversations/unread': 'ADCS',
  'GET /api/conversations/:id': 'ADCS',
  'GET /api/conversations/:id/messages': 'ADCS',
  'POST /api/conversations/:id/messages': 'ADCS',
  'PUT /api/conversations/:id/read': 'ADCS',
  'POST /api/conversations/captain/:id': 'ADCS',
  'POST /api/conversations/passenger/:id': 'ADCS',
  'GET /api/booking/:id/captain_conversation': 'ADCS',
  'GET /api/booking/:id/chat': 'ADCS',
  'POST /api/chat/dev/app_message': 'ADCS',
  // web push: staff who get notifications (not the airport desk)
  'GET /api/push/public_key': 'ADCGSHWY',
  'POST /api/push/subscribe': 'ADCGSHWY',
  'DELETE /api/push/subscribe': 'ADCGSHWY',
  'GET /api/files/:name': EVERYONE,

  // city and tracking
  // map layers (issue 15): LOCATIONS, LANDMARK_MANAGEMENT (A S), RESTRICTED_AREA, EDIT_DESTINATION_SEASONAL, EDIT_MAP (A)
  ...catalogue('location_containers', 'AS', 'AS'),
  ...catalogue('locations', 'AS', 'AS'),
  ...catalogue('landmarks', 'AS', 'AS'),
  ...catalogue('stations', 'AS', 'AS'),
  ...catalogue('blacklist_locations', 'AS', 'AS'),
  ...catalogue('restricted_areas', 'A', 'A'),
  ...catalogue('seasonal_destinations', 'A', 'A'),
  ...catalogue('geo/sectors', 'AS', 'A'),
  ...catalogue('beesline/area_cluster', EVERYONE, 'AS'),
  // the timeline: TIMELINE holders (staff actions only for USERS or SETTINGS holders, inside the route)
  'GET /api/timeline': 'ADS',
  'GET /api/timeline/export.csv': 'ADS',
  'GET /api/timeline/booking/:id': 'ADS',
  'GET /api/geo/lookup': 'AS',
  'GET /api/geo/check': DESK,
  'GET /api/geo/layers/:layer': 'AS',
  'PUT /api/geo/layers/:layer': 'AS',
  'GET /api/stations/:id/queue': 'ADCGS',
  'GET /api/places': `${DESK}${DESKS}`,
  'GET /api/sectors': DESK,
  'GET /api/city/route': DESK,
  'GET /api/city/basemap': EVERYONE,
  'GET /api/tracking/captains': 'ADS',
  'GET /api/geo/supply-demand': 'ADS',
  'GET /api/captain/:id/location': DESK,
  'GET /api/ride/:rideId/route': DESK,
  'GET /api/dispatch/booking/:id/ranking': DESK,

  // passengers: the Goverment role reads none
  'GET /api/passenger': 'ADCS',
  'GET /api/passenger/export.csv': 'ADCS',
  'GET /api/passenger/:id': 'ADCS',
  'PUT /api/passenger/:id': 'ADCS',
  'PUT /api/passenger/:id/remove_documents': 'ADCS',
  'PUT /api/passengers/:id/active': 'ADCS',
  // the approval queue: whoever may approve a passenger
  'GET /api/passengers/approvals': 'ADCS',
  'POST /api/passengers/:id/claim': 'ADCS',
  'DELETE /api/passengers/:id/claim': 'ADCS',
  'POST /api/passengers/dev/register': 'ADCS',
  'GET /api/passenger/:id/account_entries': 'ADCS',
  // accounts (the ledger): who reads the person, and the payments desk; manual entries by the desk
  'GET /api/passenger/:id/account': 'ADCS',
  'POST /api/passenger/:id/account/entries': 'A',
  'GET /api/captain/:id/account': 'ADS',
  'POST /api/captain/:id/account/entries': 'A',
  'POST /api/captain/:id/account/payout': 'A',
  'PUT /api/captain/:id/bank_account': 'A',
  'GET /api/passenger/:id/bookings': 'ADCS',
  'GET /api/passenger/:id/terms': 'ADCS',

  // captains
  'GET /api/captain': DESK,
  'GET /api/captain/export.csv': DESK,
  'GET /api/captain/search': DESK,
  'GET /api/captain/:id': DESK,
  'GET /api/captain/:id/rating': DESK,
  'GET /api/captain/:id/cars': DESK,
  'GET /api/captain/:id/terms': DESK,
  'GET /api/captain/:id/contract': DESK,
  'PUT /api/captain/:id/contract': DESK_WRITE,
  // what a captain and their car offer (the booking constraints they satisfy)
  'GET /api/captain/:id/capabilities': DESK,
  'PUT /api/captain/:id/capabilities': DESK_WRITE,
  'GET /api/captain/:id/bookings': DESK,
  'GET /api/captain/:id/monthly-bookings': DESK,
  'GET /api/captain/blocked': 'AS',
  'POST /api/captain': DESK_WRITE,
  'POST /api/captain/:id/cars': DESK_WRITE,
  'PUT /api/captain/:id/active': DESK_WRITE,
  'POST /api/captain/bulk': DESK_WRITE,
  'PUT /api/captain/:id/block': 'AS',
  'PUT /api/captain/:id/unblock': 'AS',

  // bookings: the Goverment role opens details and nothing else
  'GET /api/service': `${DESK}${DESKS}`,
  // the partner desk (hotels, restaurants, companies staff); object-level rules in partners-isolation.test.ts
  'GET /api/partner': 'HWY',
  'GET /api/partner/bookings': 'HWY',
  'GET /api/partner/bookings/:id': 'HWY',
  'POST /api/partner/bookings': 'HWY',
  'GET /api/partner/passengers': 'HWY',
  'GET /api/partner/passengers/:id': 'HWY',
  'GET /api/partner/invoices': 'HWY',
  // the phone booking's partner picker: whoever makes phone bookings (as POST /api/bookings)
  'GET /api/partners': DESK_WRITE,
  'GET /api/partners/:id/invoices': 'A',
  'GET /api/partners/:id/invoices/export.csv': 'A',
  'GET /api/partners/:id/invoices/export.pdf': 'A',
  // partners and their staff accounts (ACCOMMODATION)
  ...catalogue('hotels', 'A', 'A'),
  ...catalogue('restaurants', 'A', 'A'),
  ...catalogue('companies', 'A', 'A'),
  ...catalogue('hotel_users', 'A', 'A'),
  ...catalogue('restaurant_users', 'A', 'A'),
  ...catalogue('company_users', 'A', 'A'),
  // airport agencies and their desks' sign-ins (ACCOMMODATION)
  ...catalogue('airport_agencies', 'A', 'A'),
  ...catalogue('airport_agency_users', 'A', 'A'),
  // company requests (COMPANY_REQUESTS)
  'GET /api/company_requests': 'A',
  'GET /api/company_requests/:id': 'A',
  'POST /api/company_requests': 'A',
  'PUT /api/company_requests/:id/approve': 'A',
  'PUT /api/company_requests/:id/reject': 'A',
  // the airport desk (airport/create): roles 11 and 12 of an agency; object-level rules in airport.test.ts
  'GET /api/airport/requests': 'PQ',
  'GET /api/airport/requests/:id': 'PQ',
  'POST /api/airport/requests': 'PQ',
  'GET /api/booking': DESK,
  'GET /api/booking/export.csv': DESK,
  'GET /api/booking/search': DESK,
  // the exceptions board and its toolbar count: whoever reads the board (the Goverment role reads, acts on nothing)
  'GET /api/exceptions': DESK,
  'GET /api/user_cancellation_reason': DESK,
  'GET /api/bookings/:id': DESK,
  'GET /api/booking/:id/statuses': DESK,
  'GET /api/booking/:id/ratings': DESK,
  'GET /api/booking/:id/candidates': DESK,
  'GET /api/booking/:id/airport_details': DESK,
  'GET /api/booking/:id/logs': DESK_WRITE,
  'PUT /api/booking/:id/touch': DESK_WRITE,
  'POST /api/bookings': DESK_WRITE,
  'DELETE /api/bookings/:id': DESK_WRITE,
  'PUT /api/dispatch/:bookingId/:captainId': DESK_WRITE,
  'POST /api/booking/:id/redispatch': DESK_WRITE,
  'POST /api/send_pending_reminder': DESK_WRITE,
  'POST /api/send_dispatched_reminder': DESK_WRITE,
  'POST /api/besoin/renew/:id': DESK_WRITE,
  'PUT /api/bookings/:id': DESK_WRITE,
  'PUT /api/booking/:id': DESK_WRITE,
  'PUT /api/bookings/:id/order': DESK_WRITE,
  'POST /api/booking/:id/suggest_service_change': DESK_WRITE,
  'PUT /api/booking/:id/service_change/accept': DESK_WRITE,
  'PUT /api/notes/:noteId': DESK_WRITE,

  // the AI
  'POST /api/booking/:id/let_ai_dispatch_it': DESK_WRITE,
  'POST /api/booking/:id/snooze': DESK_WRITE,
  'POST /api/booking/:id/confirm_suggestion': DESK_WRITE,
  'POST /api/booking/:id/refuse_suggestion': DESK_WRITE,
  'POST /api/ai/dev/accept/:id': DESK_WRITE,
  'POST /api/ai/dev/refuse/:id': DESK_WRITE,
  'POST /api/bookings/dev/late/:id': DESK_WRITE,
  'POST /api/bookings/dev/not-moving/:id': DESK_WRITE,
  'GET /api/ai/suggestions': DESK_WRITE,

  // complaints: the Goverment role reads them (its comments and statuses come with the complaints pages)
  'GET /api/complaint-category': DESK,
  'GET /api/complaint/booking/:id': DESK,
  'GET /api/complaint/:id/audio': DESK,
  'GET /api/complaint/:id/audio/:fileName': DESK,
  'POST /api/complaint/category': DESK_WRITE,
  'POST /api/complaint/booking/:id/create': DESK_WRITE,
  // tickets: the desk reads them (the Goverment role too); those who take tickets (not the Goverment role) act
  'GET /api/ticket_types': DESK,
  'GET /api/tickets': DESK,
  'GET /api/tickets/export.csv': DESK,
  'GET /api/tickets/:id': DESK,
  'GET /api/tickets/pending': DESK_WRITE,
  'POST /api/tickets': DESK_WRITE,
  'PUT /api/tickets/follow_up_progress': DESK_WRITE,
  'PUT /api/tickets/:id/assign': DESK_WRITE,
  'PUT /api/tickets/:id/reassign': DESK_WRITE,
  'PUT /api/tickets/:id/status': DESK_WRITE,
  'POST /api/tickets/:id/comments': DESK_WRITE,
  'POST /api/tickets/dev/raise': DESK_WRITE,
  // the complaint log, a complaint's dialog and the complaints without booking: COMPLAINTS holders
  'GET /api/complaints': 'ADCGS',
  'GET /api/complaints/export.csv': 'ADCGS',
  'GET /api/complaint/:id': 'ADCGS',
  'GET /api/complaint/captain/:id': 'ADCGS',
  'POST /api/complaint/captain/:id/create': DESK_WRITE,
  'POST /api/complaint/passenger/:id/create': DESK_WRITE,
  // comments: COMPLAINTS holders, the Goverment role included (its work is complaints)
  'GET /api/complaint_comments/:id/get_comments': 'ADCGS',
  'POST /api/complaint_comments/:complaintId/add_comment': 'ADCGS',
  'GET /api/complaint_comments/:commentId/audio/:fileName': 'ADCGS',
  // the verdict is the Goverment role's alone (people.md §4; complaintPolicy.setStatus)
  'PUT /api/complaint/:id/update_status': 'G',

  // messages to captains: broadcasts with CAPTAINS (the Goverment role holds none), scheduled ones with SETTINGS
  'GET /api/broadcast': 'ADS',
  'GET /api/broadcast/preview': 'ADS',
  'GET /api/broadcast/targets': 'ADS',
  'GET /api/broadcast/:id': 'ADS',
  'POST /api/broadcast': 'ADS',
  'GET /api/scheduled_messages': 'AS',
  'POST /api/scheduled_messages': 'AS',
  'PUT /api/scheduled_messages/:id/cancel': 'AS',
  'DELETE /api/scheduled_messages/:id': 'AS',
  'GET /api/scheduled_messages/:id/runs': 'AS',
  // surveys (SURVEYS: Admin and Supervisor); the recipients' app answers with its personal code, no token
  'GET /api/surveys': 'AS',
  'GET /api/surveys/export.csv': 'AS',
  'GET /api/surveys/:id': 'AS',
  'GET /api/surveys/:id/results': 'AS',
  'POST /api/surveys': 'AS',
  'PUT /api/surveys/:id': 'AS',
  'PUT /api/surveys/:id/send': 'AS',
  'PUT /api/surveys/:id/close': 'AS',
  'POST /api/surveys/dev/answer': 'AS',
  'GET /api/survey_answer/:code': PUBLIC,
  'POST /api/survey_answer/:code': PUBLIC,
  // captains' car requests (CAPTAINS, never the Goverment role)
  'GET /api/car_requests': 'ADS',
  'GET /api/car_requests/:id': 'ADS',
  'PUT /api/car_requests/:id/approve': 'ADS',
  'PUT /api/car_requests/:id/refuse': 'ADS',
  'POST /api/car_requests/dev/file': 'ADS',

  // the project schedule (people.md §7): every staff member keeps their own; the calendar of someone
  // else needs USERS (checked on the row: the matrix's unknown ids answer 404 or 422)
  'GET /api/projects': EVERYONE,
  'GET /api/project': EVERYONE,
  'GET /api/last-project-schedule': EVERYONE,
  'POST /api/user-project-schedules': EVERYONE,
  'PUT /api/user-project-schedules/:id': EVERYONE,
  'GET /api/user-project-schedules': EVERYONE,
  // captains' shifts and their coverage (PLANNING; the Goverment role holds it not)
  'GET /api/shifts': 'AS',
  'GET /api/shifts/export.csv': 'AS',
  'GET /api/shifts/coverage': 'AS',
  'GET /api/shifts/map': 'AS',
  'GET /api/shifts/:id': 'AS',
  'POST /api/shifts': 'AS',
  'PUT /api/shifts/:id': 'AS',
  'DELETE /api/shifts/:id': 'AS',
  // staff leaves (/vacations: any staff member asks; USERS holders see all and decide, the Goverment role never)
  'GET /api/vacations': EVERYONE,
  'GET /api/vacations/export.csv': EVERYONE,
  'POST /api/vacations': EVERYONE,
  'GET /api/vacations/coverage': 'AS',
  'PUT /api/vacations/:id/approve': 'AS',
  'PUT /api/vacations/:id/refuse': 'AS',
  // captain applicants' interviews (PLANNING; a 'passed' outcome also needs the captain activation rule)
  'GET /api/available_interview_times': 'AS',
  'POST /api/available_interview_times': 'AS',
  'DELETE /api/available_interview_times/:id': 'AS',
  'GET /api/interviews': 'AS',
  'POST /api/interviews': 'AS',
  'PUT /api/interviews/:id/outcome': 'AS',

  // catalogues
  ...catalogue('announcements', 'ADS', 'ADS'),
  // lost and found (LOST_AND_FOUND) and city events (EVENTS_REPORTS; today's layer also with MONITORING)
  ...catalogue('lost_and_found', 'AS', 'AS'),
  'GET /api/lost_and_found/:id/history': 'AS',
  ...catalogue('events', 'AS', 'AS'),
  'GET /api/events/report': 'AS',
  'GET /api/events/report/export.csv': 'AS',
  'GET /api/events/today': 'ADS',
  ...catalogue('car_brands', EVERYONE, 'A'),
  ...catalogue('car_brands/:car_brand_id/models', EVERYONE, 'A'),
  ...catalogue('colors', EVERYONE, 'A'),
  ...catalogue('nationalities', EVERYONE, 'A'),
  ...catalogue('banks', EVERYONE, 'AS'),
  ...catalogue('rating_causes', EVERYONE, 'AS'),
  // COMPLAINTS holders read; they write, but the Goverment role changes no catalogue
  ...catalogue('complaint_categories', 'ADCGS', DESK_WRITE),
  ...catalogue('cash_registers', EVERYONE, 'AS'),
  ...catalogue('captain_cancellation_reasons', EVERYONE, DESK_WRITE),
  ...catalogue('change_captain_reasons', EVERYONE, DESK_WRITE),
  ...catalogue('voucher', 'A', 'A'),
  ...catalogue('terms_and_conditions', 'A', 'A'),
  ...catalogue('contract_template', 'AS', 'AS'),
  ...catalogue('contract_template/level', DESK, 'AS'),
  // bonuses (PRICE_RULES): packages, their bonuses and time slices, conditional bonuses
  ...catalogue('bonus_package', 'A', 'A'),
  ...catalogue('bonus_package/:bonus_package_id/bonuses', 'A', 'A'),
  ...catalogue('bonus/:bonus_id/time_slices', 'A', 'A'),
  ...catalogue('conditional_bonus', 'A', 'A'),
  ...catalogue('vehicle_types', EVERYONE, 'A'),
  // the phone booking offers the constraints: every signed-in staff member reads them
  ...catalogue('constraints', EVERYONE, 'A'),
  ...catalogue('roles', 'AS', 'AS'),
  // staff: a user's own profile is readable by them (the row rule decides; an unknown id is 404 for all)
  ...catalogue('user', 'AS', 'AS'),
  'GET /api/user/:id': EVERYONE,
  'DELETE /api/user/:id/sessions': 'AS',

  // verification codes sent by SMS: SMS_CODES, which only the admin holds
  'GET /api/sms_codes': 'A',
  // fares: the phone booking's estimate, a booking's price and its reasons, prices and price rules (PRICE_RULES)
  'POST /api/fare/quote': `${DESK}${DESKS}`,
  'GET /api/booking/:id/fare': DESK,
  'GET /api/services/:id/prices': 'A',
  'PUT /api/services/:id/prices': 'A',
  // which vehicle types serve a service and where it runs (PRICE_RULES, like its prices)
  'GET /api/services/:id/cars': 'A',
  'PUT /api/services/:id/cars': 'A',
  'GET /api/services/:id/locations': 'A',
  'PUT /api/services/:id/locations': 'A',
  ...catalogue('priceRules', 'A', 'A', { bulk: false }),

  // payments
  'GET /api/payment/rides': 'A',
  'GET /api/payment/rides/export.csv': 'A',
  'GET /api/payment/ride/:id/bookings': 'A',

  // reports: the dashboard and statistics (STATISTICS), the control room's monitor (MONITORING)
  'GET /api/reports/dashboard': 'AS',
  'GET /api/reports/monitor': 'ADS',
  'GET /api/reports/statistics': 'AS',
  'GET /api/reports/statistics/export.csv': 'AS',

  // the captain app: sign-in by SMS code, then the captain's own session
  'POST /api/captain-app/send_code': PUBLIC,
  'POST /api/captain-app/login': PUBLIC,
  'GET /api/captain-app/me': CAPTAIN,
  'POST /api/captain-app/logout': CAPTAIN,
  'POST /api/captain-app/online': CAPTAIN,
  'POST /api/captain-app/offline': CAPTAIN,
  'POST /api/captain-app/positions': CAPTAIN,
  'GET /api/captain-app/offers': CAPTAIN,
  'POST /api/captain-app/offers/:bookingId/answer': CAPTAIN,
  'GET /api/captain-app/rides/current': CAPTAIN,
  'GET /api/captain-app/cancellation-reasons': CAPTAIN,
  'POST /api/captain-app/bookings/:id/step': CAPTAIN,
  'POST /api/captain-app/bookings/:id/cancel': CAPTAIN,
};
