import type { z } from 'zod';
import type { captainContractBody } from '../../contracts';
import { endpoint } from '../endpoint';
import { termsContract } from '../terms';

/** Where a passenger or a captain stands with the current terms and conditions; a captain's contract. */
export const termsEndpoints = {
  passengerTerms: endpoint()('GET', 'passenger/:id/terms', termsContract.status),
  captainTerms: endpoint()('GET', 'captain/:id/terms', termsContract.status),
  captainContract: endpoint()('GET', 'captain/:id/contract', termsContract.captainContract),
  setCaptainContract: endpoint<undefined, z.infer<typeof captainContractBody>>()(
    'PUT',
    'captain/:id/contract',
    termsContract.captainContract,
  ),
};
