import { createHash, randomInt } from 'node:crypto';
import { ANSWER_CODE_ALPHABET, ANSWER_CODE_LENGTH, type SurveyAudience } from '@taxi/shared';
import { and, asc, eq, gte, inArray, isNotNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, captains, passengers, rides } from '../../db/schema';

const DAY_MS = 24 * 3600_000;

/** A new personal answer code (about 50 bits from a cryptographic source). */
export function newAnswerCode(): string {
  let code = '';
  for (let i = 0; i < ANSWER_CODE_LENGTH; i++) code += ANSWER_CODE_ALPHABET[randomInt(ANSWER_CODE_ALPHABET.length)];
  return code;
}

/** Codes are stored hashed: a leaked table answers no survey. */
export const hashAnswerCode = (code: string) => createHash('sha256').update(code).digest('hex');

export interface Person {
  id: number;
  phone: string | null;
}

/**
 * Who a survey reaches at sending: active passengers (with a phone: the SMS carries their code) or
 * active captains; with `recentDays`, only those with a ride in the last N days (a passenger's booking
 * that got a ride, a captain's ride).
 */
export async function audienceOf(
  db: DbOrTx,
  audience: SurveyAudience,
  recentDays: number | null,
  now: Date,
): Promise<Person[]> {
  const since = recentDays === null ? null : new Date(now.getTime() - recentDays * DAY_MS);
  if (audience === 'passengers') {
    const recent =
      since === null
        ? undefined
        : inArray(
            passengers.id,
            db
              .selectDistinct({ id: bookings.passengerId })
              .from(bookings)
              .where(and(isNotNull(bookings.rideId), gte(bookings.datetime, since))),
          );
    const rows = await db
      .select({ id: passengers.id, phone: passengers.phoneNumber })
      .from(passengers)
      .where(and(eq(passengers.active, true), ne(passengers.phoneNumber, ''), recent))
      .orderBy(asc(passengers.id));
    return rows;
  }
  const recent =
    since === null
      ? undefined
      : inArray(captains.id, db.selectDistinct({ id: rides.captainId }).from(rides).where(gte(rides.createdAt, since)));
  return db
    .select({ id: captains.id, phone: captains.phoneNumber })
    .from(captains)
    .where(and(eq(captains.active, true), recent))
    .orderBy(asc(captains.id));
}
