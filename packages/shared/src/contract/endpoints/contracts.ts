import type { z } from 'zod';
import type { captainContractBody } from '../../contracts';
import { contractsContract } from '../contracts';
import { endpoint } from '../endpoint';

/** A captain's contract level. */
export const contractEndpoints = {
  captainContract: endpoint()('GET', 'captain/:id/contract', contractsContract.captainContract),
  setCaptainContract: endpoint<undefined, z.infer<typeof captainContractBody>>()(
    'PUT',
    'captain/:id/contract',
    contractsContract.captainContract,
  ),
};
