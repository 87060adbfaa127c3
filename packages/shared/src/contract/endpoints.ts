import { airportEndpoints } from './endpoints/airport';
import { bookingEndpoints } from './endpoints/bookings';
import { broadcastEndpoints } from './endpoints/broadcasts';
import { chatEndpoints } from './endpoints/chat';
import { companyRequestEndpoints } from './endpoints/company-requests';
import { complaintEndpoints } from './endpoints/complaints';
import { contractEndpoints } from './endpoints/contracts';
import { eventEndpoints, lostAndFoundEndpoints } from './endpoints/events';
import { exportEndpoints } from './endpoints/exports';
import { fareEndpoints } from './endpoints/fares';
import { fleetEndpoints } from './endpoints/fleet';
import { geoEndpoints } from './endpoints/geo';
import { partnerEndpoints, partnerStaffEndpoints } from './endpoints/partners';
import { peopleEndpoints } from './endpoints/people';
import { planningEndpoints } from './endpoints/planning';
import { pushEndpoints } from './endpoints/push';
import { ratingEndpoints } from './endpoints/ratings';
import { reportsEndpoints } from './endpoints/reports';
import { rideEndpoints } from './endpoints/rides';
import { smsEndpoints } from './endpoints/sms';
import { surveyEndpoints } from './endpoints/surveys';
import { systemEndpoints } from './endpoints/system';
import { termsEndpoints } from './endpoints/terms';
import { ticketEndpoints } from './endpoints/tickets';
import { timelineEndpoints } from './endpoints/timeline';
import { voiceEndpoints } from './endpoints/voice';

export { catalogueEndpoints, referenceEndpoint } from './endpoints/catalogue';
export type { ConversationQuery, NotificationQuery } from './endpoints/chat';
export { csvExport } from './endpoints/exports';
export type { PageQuery } from './endpoints/query';
export type { AiStatusPatch } from './endpoints/system';
export type { NewTicketBody } from './endpoints/tickets';
export type { TimelineQuery } from './endpoints/timeline';

/**
 * The calls the web makes through `api(endpoint, ...)`: one entry per route, its response schema from
 * the contract the server validates its replies with, and the query and body types it takes.
 */
export const endpoints = {
  ...systemEndpoints,
  ...peopleEndpoints,
  ...bookingEndpoints,
  ...rideEndpoints,
  ...complaintEndpoints,
  ...ratingEndpoints,
  ...exportEndpoints,
  ...chatEndpoints,
  ...pushEndpoints,
  ...smsEndpoints,
  ...broadcastEndpoints,
  ...fareEndpoints,
  ...fleetEndpoints,
  ...geoEndpoints,
  ...ticketEndpoints,
  ...surveyEndpoints,
  ...eventEndpoints,
  ...lostAndFoundEndpoints,
  ...termsEndpoints,
  ...contractEndpoints,
  ...airportEndpoints,
  ...partnerEndpoints,
  ...partnerStaffEndpoints,
  ...companyRequestEndpoints,
  ...planningEndpoints,
  ...timelineEndpoints,
  ...reportsEndpoints,
  ...voiceEndpoints,
};
