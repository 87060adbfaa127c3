import { termsStatusSchema } from '../terms';
import { envelope } from './envelope';

export const termsContract = {
  status: envelope(termsStatusSchema),
};
