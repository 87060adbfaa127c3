import { randomInt } from 'node:crypto';
import {
  type MessageChannel,
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_MS,
  type SmsCodePurpose,
  type SmsRecipientKind,
  toE164,
} from '@taxi/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { captains, passengers, smsCodes } from '../../db/schema';
import { type Clock, dateOf } from '../../lib/clock';
import { hmacSha256, safeEqual } from '../../lib/crypto';
import type { MessageService } from './messages';

/** The label of the SMS-code key derived from the server secret. */
export const SMS_CODE_KEY = 'taxi/sms-code/v1';

export interface SmsRecipient {
  kind: SmsRecipientKind;
  id: number;
}

/** What a check of a code found. Only `verified` lets the caller go on. */
export type SmsCodeCheck = 'verified' | 'wrong' | 'expired' | 'too_many_attempts' | 'not_found';

export interface IssuedCode {
  id: number;
  messageId: number;
  expiresAt: Date;
}

export class RecipientWithoutPhoneError extends Error {
  constructor(recipient: SmsRecipient) {
    super(`${recipient.kind} ${recipient.id} has no phone number in international form`);
    this.name = 'RecipientWithoutPhoneError';
  }
}

export interface SmsCodeServiceDeps {
  db: Db;
  clock: Clock;
  messages: MessageService;
  /** Keys the code HMACs (derived from the server secret). */
  codeKey: Buffer;
}

/** A code of SMS_CODE_LENGTH digits from the CSPRNG (leading zeros kept). */
function newCode(): string {
  return String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
}

function messageText(code: string): string {
  return `Your verification code is ${code}. It expires in ${SMS_CODE_TTL_MS / 60_000} minutes. Never share it.`;
}

/**
 * Verification codes for passengers and captains (sign-up, login, a phone change), sent by SMS or
 * WhatsApp. A code is stored only as an HMAC-SHA-256 bound to its recipient and purpose; it works once,
 * until SMS_CODE_TTL_MS on the server's clock, for SMS_CODE_MAX_ATTEMPTS tries. A new code for the same
 * recipient and purpose replaces the live one.
 */
export class SmsCodeService {
  constructor(private readonly deps: SmsCodeServiceDeps) {
    // A code whose message could not be delivered is of no use: it shows as failed.
    deps.messages.onFailed(async (messageId, tx) => {
      await tx
        .update(smsCodes)
        .set({ status: 'failed' })
        .where(and(eq(smsCodes.messageId, messageId), eq(smsCodes.status, 'sent')));
    });
  }

  private hash(recipient: SmsRecipient, purpose: SmsCodePurpose, code: string): string {
    return hmacSha256(this.deps.codeKey, `${recipient.kind}:${recipient.id}:${purpose}:${code}`);
  }

  private async phoneOf(db: DbOrTx, recipient: SmsRecipient, channel: MessageChannel): Promise<string | null> {
    const table = recipient.kind === 'passenger' ? passengers : captains;
    const [row] = await db
      .select({ phone: table.phoneNumber, whatsapp: table.whatsappNumber })
      .from(table)
      .where(eq(table.id, recipient.id));
    if (!row) return null;
    const first = channel === 'whatsapp' ? row.whatsapp : row.phone;
    const second = channel === 'whatsapp' ? row.phone : row.whatsapp;
    return toE164(first) ?? toE164(second);
  }

  /**
   * Makes a code, stores its hash and queues the message carrying it (one transaction). `to` (E.164) is the
   * number to send it to when the caller has read it already (the captain app's sign-in: the number typed, which
   * is the one on file however it is written there); otherwise the recipient's number on file.
   */
  async issueCode(
    recipient: SmsRecipient,
    purpose: SmsCodePurpose,
    options: { channel?: MessageChannel; to?: string } = {},
  ): Promise<IssuedCode> {
    const { db, clock, messages } = this.deps;
    const channel = options.channel ?? 'sms';
    const code = newCode();
    const now = dateOf(clock);
    const expiresAt = new Date(now.getTime() + SMS_CODE_TTL_MS);
    return db.transaction(async (tx) => {
      const phone = toE164(options.to) ?? (await this.phoneOf(tx, recipient, channel));
      if (!phone) throw new RecipientWithoutPhoneError(recipient);
      await tx
        .update(smsCodes)
        .set({ status: 'expired' })
        .where(
          and(
            eq(smsCodes.recipientKind, recipient.kind),
            eq(smsCodes.recipientId, recipient.id),
            eq(smsCodes.purpose, purpose),
            eq(smsCodes.status, 'sent'),
          ),
        );
      const messageId = await messages.queue(
        { channel, to: phone, body: messageText(code), purpose: `sms_code.${purpose}`, secret: code },
        tx,
      );
      const [row] = await tx
        .insert(smsCodes)
        .values({
          recipientKind: recipient.kind,
          recipientId: recipient.id,
          phone,
          codeHash: this.hash(recipient, purpose, code),
          codeHint: code.slice(-2),
          purpose,
          messageId,
          createdAt: now,
          expiresAt,
        })
        .returning({ id: smsCodes.id });
      return { id: row.id, messageId, expiresAt };
    });
  }

  /**
   * Checks the recipient's newest code for this purpose: right, live and tried fewer than
   * SMS_CODE_MAX_ATTEMPTS times → `verified`, and the code is used up. Compared in constant time.
   */
  async verifyCode(recipient: SmsRecipient, purpose: SmsCodePurpose, code: string): Promise<SmsCodeCheck> {
    const { db, clock } = this.deps;
    const [row] = await db
      .select()
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.recipientKind, recipient.kind),
          eq(smsCodes.recipientId, recipient.id),
          eq(smsCodes.purpose, purpose),
        ),
      )
      .orderBy(desc(smsCodes.id))
      .limit(1);
    if (!row || row.status === 'verified') return 'not_found';
    if (row.status === 'failed') return row.attempts >= SMS_CODE_MAX_ATTEMPTS ? 'too_many_attempts' : 'not_found';
    const now = dateOf(clock);
    if (row.status === 'expired' || row.expiresAt.getTime() <= now.getTime()) {
      if (row.status === 'sent') await db.update(smsCodes).set({ status: 'expired' }).where(eq(smsCodes.id, row.id));
      return 'expired';
    }
    const given = code.trim();
    if (!safeEqual(row.codeHash, this.hash(recipient, purpose, given))) {
      // Counted in one statement, so tries racing each other are all counted.
      const [counted] = await db
        .update(smsCodes)
        .set({
          attempts: sql`${smsCodes.attempts} + 1`,
          status: sql`case when ${smsCodes.attempts} + 1 >= ${SMS_CODE_MAX_ATTEMPTS} then 'failed' else ${smsCodes.status} end`,
        })
        .where(and(eq(smsCodes.id, row.id), eq(smsCodes.status, 'sent')))
        .returning({ attempts: smsCodes.attempts });
      if (!counted) return 'not_found';
      return counted.attempts >= SMS_CODE_MAX_ATTEMPTS ? 'too_many_attempts' : 'wrong';
    }
    // Used once: of two checks racing with the right code, one wins.
    const used = await db
      .update(smsCodes)
      .set({ status: 'verified', verifiedAt: now })
      .where(and(eq(smsCodes.id, row.id), eq(smsCodes.status, 'sent')))
      .returning({ id: smsCodes.id });
    return used.length === 1 ? 'verified' : 'not_found';
  }
}
