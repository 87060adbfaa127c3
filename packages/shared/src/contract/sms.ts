import { z } from 'zod';
import { OUTBOUND_STATUSES, SMS_CODE_PURPOSES, SMS_CODE_STATUSES, SMS_RECIPIENT_KINDS } from '../sms';
import { pageEnvelope } from './envelope';

/** A verification code as the /sms_codes page lists it: who, where, why and when — never the code. */
export const smsCodeSchema = z
  .object({
    id: z.number(),
    recipient: z.object({
      kind: z.enum(SMS_RECIPIENT_KINDS),
      id: z.number(),
      /** Null when the passenger or captain no longer exists. */
      name: z.string().nullable(),
    }),
    phone: z.string(),
    purpose: z.enum(SMS_CODE_PURPOSES),
    /** The status as of now: a live code past its expiry reads `expired`. */
    status: z.enum(SMS_CODE_STATUSES),
    /** `••••12`: the last two digits at most. */
    code_masked: z.string(),
    /** What became of the message carrying it (null for history without one). */
    delivery: z.enum(OUTBOUND_STATUSES).nullable(),
    attempts: z.number(),
    created_at: z.string(),
    expires_at: z.string(),
    verified_at: z.string().nullable(),
  })
  .meta({ id: 'SmsCode' });

export const smsContract = {
  codes: pageEnvelope(smsCodeSchema),
};
