import { texts, tr } from './i18n';

/** Why a voucher is refused at booking (422 on voucher_code). */
export const VOUCHER_MSG = texts({
  notYetValid: 'This voucher is not valid yet',
  expired: 'This voucher has expired',
  notForService: 'This voucher does not apply to this service',
  usedUp: 'This voucher has been used up',
  usedUpByPassenger: (max: number) => tr('This passenger has already used this voucher {{max}} times', { max }),
});
