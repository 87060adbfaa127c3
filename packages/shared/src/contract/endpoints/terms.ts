import { endpoint } from '../endpoint';
import { termsContract } from '../terms';

/** Where a passenger or a captain stands with the current terms and conditions. */
export const termsEndpoints = {
  passengerTerms: endpoint()('GET', 'passenger/:id/terms', termsContract.status),
  captainTerms: endpoint()('GET', 'captain/:id/terms', termsContract.status),
};
