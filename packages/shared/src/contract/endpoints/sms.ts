import { endpoint } from '../endpoint';
import { smsContract } from '../sms';
import type { Filters } from './query';

/** The verification codes sent to passengers and captains. */
export const smsEndpoints = {
  smsCodes: endpoint<Filters>()('GET', 'sms_codes', smsContract.codes),
};
