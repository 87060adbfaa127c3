import { captainContractSchema } from '../contracts';
import { envelope } from './envelope';

export const contractsContract = {
  captainContract: envelope(captainContractSchema),
};
