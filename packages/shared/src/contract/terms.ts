import { captainContractSchema } from '../contracts';
import { termsStatusSchema } from '../terms';
import { envelope } from './envelope';

export const termsContract = {
  status: envelope(termsStatusSchema),
  captainContract: envelope(captainContractSchema),
};
