import type { z } from 'zod';
import type { smsCodeSchema } from './contract/sms';

/**
 * Outbound SMS and WhatsApp messages and the verification codes sent to passengers and captains
 * (shell.md §2.3: /sms_codes, permission SMS_CODES). Values written once for the server and the web.
 */
export const MESSAGE_CHANNELS = ['sms', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** An outbound message: queued until the provider takes it (sent) or refuses it for good (failed). */
export const OUTBOUND_STATUSES = ['queued', 'sent', 'failed'] as const;
export type OutboundStatus = (typeof OUTBOUND_STATUSES)[number];

export const SMS_RECIPIENT_KINDS = ['passenger', 'captain'] as const;
export type SmsRecipientKind = (typeof SMS_RECIPIENT_KINDS)[number];

export const SMS_CODE_PURPOSES = ['signup', 'login', 'phone_change'] as const;
export type SmsCodePurpose = (typeof SMS_CODE_PURPOSES)[number];

/**
 * sent: issued and live; verified: used once; expired: past its time or replaced by a newer code;
 * failed: the message could not be delivered, or too many wrong tries.
 */
export const SMS_CODE_STATUSES = ['sent', 'verified', 'expired', 'failed'] as const;
export type SmsCodeStatus = (typeof SMS_CODE_STATUSES)[number];

export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_MS = 10 * 60_000;
export const SMS_CODE_MAX_ATTEMPTS = 5;

/** How a code is shown to staff: never the code, at most its last two digits (`••••12`). */
export function maskedCode(hint: string | null | undefined): string {
  const tail = hint && /^\d{2}$/.test(hint) ? hint : '••';
  return `${'•'.repeat(SMS_CODE_LENGTH - 2)}${tail}`;
}

/** A phone number in E.164 (`+` then 8 to 15 digits), from a stored one with spaces, dots or dashes; null if it is not one. */
export function toE164(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const compact = phone
    .trim()
    .replace(/^00/, '+')
    .replace(/[\s().-]/g, '');
  return /^\+[1-9]\d{7,14}$/.test(compact) ? compact : null;
}

export type SmsCodeDto = z.infer<typeof smsCodeSchema>;
