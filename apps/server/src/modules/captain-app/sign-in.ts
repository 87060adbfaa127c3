import {
  CAPTAIN_APP_MSG,
  CAPTAIN_CODE_MAX_PER_PHONE,
  CAPTAIN_CODE_PHONE_WINDOW_MS,
  type CaptainProfileDto,
  phoneSearch,
} from '@taxi/shared';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { phoneMatch } from '../../db/phone-match';
import { captains } from '../../db/schema';
import { tooManyAttempts, validationError } from '../../http/errors';
import { dateOf } from '../../lib/clock';
import { firstCarOf, openCaptainSession, refused, workRefusal } from './sessions';

/** The typed number in E.164, read as the console's phone searches read it (the city's region); 422 for a part of one. */
export function phoneOf(typed: string): string {
  const e164 = phoneSearch(typed, undefined, 'number')?.e164;
  if (!e164) throw validationError('phone', CAPTAIN_APP_MSG.wholePhone);
  return e164;
}

/**
 * The captain whose number on file is this one, however it is written there (+377 6…, 06…); the oldest account
 * when two share it (the SMS goes to the number, whose holder owns both).
 */
async function captainByPhone(app: FastifyInstance, e164: string): Promise<number | null> {
  const search = phoneSearch(e164, undefined, 'number');
  if (!search) return null;
  const rows = await app.db
    .select({ id: captains.id, phone: captains.phoneNumber })
    .from(captains)
    .where(phoneMatch(captains.phoneNumber, search))
    .orderBy(asc(captains.id))
    .limit(20);
  const same = rows.find((r) => r.phone && phoneSearch(r.phone, undefined, 'number')?.e164 === e164);
  return same?.id ?? null;
}

/**
 * Sends a login code to the number when it is a captain's; answers the same when it is not (the route tells no
 * one who is a captain). Limited per address and per (number, address) like the staff's code route, every call
 * counting (an SMS costs), and per number whatever the address.
 */
export async function sendCaptainCode(app: FastifyInstance, ip: string, typed: string): Promise<void> {
  const e164 = phoneOf(typed);
  await app.auth.limited(
    'captain_send_code',
    ip,
    e164,
    async () => {
      const perPhone = await app.limiter.hit(
        `captain_send_code:phone:${e164}`,
        CAPTAIN_CODE_MAX_PER_PHONE,
        CAPTAIN_CODE_PHONE_WINDOW_MS,
      );
      if (!perPhone.allowed) throw tooManyAttempts(perPhone.retryAfterMs);
      const captainId = await captainByPhone(app, e164);
      if (captainId === null) return;
      await app.smsCodes.issueCode({ kind: 'captain', id: captainId }, 'login', { to: e164 });
    },
    { everyCallCounts: true },
  );
}

export async function captainProfile(app: FastifyInstance, captainId: number): Promise<CaptainProfileDto> {
  const [row] = await app.db
    .select({
      id: captains.id,
      firstName: captains.firstName,
      lastName: captains.lastName,
      phone: captains.phoneNumber,
      online: captains.online,
    })
    .from(captains)
    .where(eq(captains.id, captainId));
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    phone_number: row.phone,
    online: row.online,
    car: await firstCarOf(app.db, captainId),
  };
}

/**
 * Checks the code and opens a session. A wrong, used or expired code, or a number of no captain, is the same 422;
 * a right code of a captain who may not work is a 403 telling them why (`reason`): blocked, not approved, not
 * active, no car.
 */
export async function captainLogin(app: FastifyInstance, ip: string, typed: string, code: string) {
  const e164 = phoneOf(typed);
  return app.auth.limited('captain_login', ip, e164, async () => {
    const captainId = await captainByPhone(app, e164);
    const check =
      captainId === null
        ? 'not_found'
        : await app.smsCodes.verifyCode({ kind: 'captain', id: captainId }, 'login', code);
    if (check !== 'verified' || captainId === null) throw validationError('code', CAPTAIN_APP_MSG.wrongCode);
    const refusal = await workRefusal(app.db, captainId, dateOf(app.clock));
    if (refusal) throw refused(refusal);
    const session = await openCaptainSession(app.db, captainId, app.clock);
    return {
      token: session.token,
      expires_at: session.expiresAt.toISOString(),
      captain: await captainProfile(app, captainId),
    };
  });
}
