import { holds, rule } from './core';

/** Verification codes sent by SMS (shell.md §2.3: sms_codes needs SMS_CODES). */
export const smsPolicy = {
  /** The list of codes sent: who, phone, purpose, status and times; never a code. */
  codes: rule('sms.codes', (a) => holds(a, 'SMS_CODES')),
} as const;
