import type { AirportRequest } from '../../airport';
import { airportContract } from '../airport';
import { endpoint } from '../endpoint';
import type { PageQuery } from './query';

/** The airport desk: file a request, follow the agent's (or the agency's) requests. */
export const airportEndpoints = {
  airportRequests: endpoint<Pick<PageQuery, 'page' | 'perPage'>>()('GET', 'airport/requests', airportContract.page),
  airportRequest: endpoint()('GET', 'airport/requests/:id', airportContract.request),
  createAirportRequest: endpoint<undefined, AirportRequest>()('POST', 'airport/requests', airportContract.request),
};
