import type { AirportRequestSubject } from '../airport';
import { atAirportDesk as atTheDesk, isAirportSupervisor, rule } from './core';

/**
 * The airport desk (roles 11 and 12, shell.md §6). Tenant isolation: a request belongs to the agency that
 * filed it; the agent (role 11) sees the requests it filed, the supervisor (role 12) its agency's.
 */
export const airportPolicy = {
  /** airport/create: file a request, list one's own (or the agency's) requests. */
  desk: rule('airport.desk', atTheDesk),
  /** One request: the agency's, and for role 11 its own. */
  request: rule<AirportRequestSubject>(
    'airport.request',
    (a, r) =>
      atTheDesk(a) &&
      r.agency_id === a.airport_agency_id &&
      (isAirportSupervisor(a) || (r.creator_id !== null && r.creator_id === a.id)),
  ),
} as const;
