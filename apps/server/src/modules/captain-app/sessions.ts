import {
  CAPTAIN_REFUSAL_TEXT,
  CAPTAIN_TOKEN_TTL_MS,
  type CaptainActor,
  type CaptainRefusal,
  captainWorkRefusal,
} from '@taxi/shared';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { captainSessions, captains, cars } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { type Clock, dateOf } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/crypto';

/** A signed-in captain as the auth hook reads them with the token: nothing is cached between requests. */
export interface CaptainSession extends CaptainActor {
  sessionId: number;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** What the refusal rule needs of a captain: their row's flags and whether a car is theirs. */
const factsColumns = {
  id: captains.id,
  registered: captains.registered,
  active: captains.active,
  blockedUntil: captains.blockedUntil,
  // Written out in full: drizzle leaves columns unqualified inside sql``, where `id` would be the car's.
  hasCar: sql<boolean>`exists (select 1 from "cars" where "cars"."captain_id" = "captains"."id")`,
};

type FactsRow = { registered: boolean; active: boolean; blockedUntil: Date | null; hasCar: boolean };

export const refusalOf = (row: FactsRow, now: Date): CaptainRefusal | null =>
  captainWorkRefusal(
    { registered: row.registered, active: row.active, blocked_until: row.blockedUntil, has_car: !!row.hasCar },
    now,
  );

/** The 403 telling a captain why they may not work: a `reason` kind and its message. */
export const refused = (reason: CaptainRefusal) =>
  new HttpError(403, CAPTAIN_REFUSAL_TEXT[reason], undefined, undefined, reason);

/** Why the captain may not work now (null: they may); undefined for an unknown captain. */
export async function workRefusal(
  db: DbOrTx,
  captainId: number,
  now: Date,
): Promise<CaptainRefusal | null | undefined> {
  const [row] = await db.select(factsColumns).from(captains).where(eq(captains.id, captainId));
  return row ? refusalOf(row, now) : undefined;
}

/** The session of a bearer token, with its captain's facts (one statement), or undefined. */
export async function findCaptainSession(db: Db, token: string, now: Date): Promise<CaptainSession | undefined> {
  const [row] = await db
    .select({
      ...factsColumns,
      sessionId: captainSessions.id,
      expiresAt: captainSessions.expiresAt,
      revokedAt: captainSessions.revokedAt,
    })
    .from(captainSessions)
    .innerJoin(captains, eq(captains.id, captainSessions.captainId))
    .where(eq(captainSessions.tokenHash, sha256(token)))
    .limit(1);
  if (!row) return undefined;
  return {
    id: row.id,
    refusal: refusalOf(row, now),
    sessionId: row.sessionId,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
  };
}

/** A new session for the captain: the token is returned once and stored only as its sha256. */
export async function openCaptainSession(
  db: DbOrTx,
  captainId: number,
  clock: Clock,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const now = dateOf(clock);
  const expiresAt = new Date(now.getTime() + CAPTAIN_TOKEN_TTL_MS);
  await db.insert(captainSessions).values({ tokenHash: sha256(token), captainId, expiresAt, createdAt: now });
  return { token, expiresAt };
}

export async function revokeCaptainSession(db: DbOrTx, sessionId: number, now: Date): Promise<void> {
  await db
    .update(captainSessions)
    .set({ revokedAt: now })
    .where(and(eq(captainSessions.id, sessionId), isNull(captainSessions.revokedAt)));
}

/** Whether the captain still has a session that is neither revoked nor expired (another phone of theirs). */
export async function hasLiveCaptainSession(db: DbOrTx, captainId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: captainSessions.id })
    .from(captainSessions)
    .where(
      and(
        eq(captainSessions.captainId, captainId),
        isNull(captainSessions.revokedAt),
        gt(captainSessions.expiresAt, now),
      ),
    )
    .limit(1);
  return !!row;
}

/** The captain's first car (the one a ride gets, as the dispatch engine picks it). */
export async function firstCarOf(db: DbOrTx, captainId: number) {
  const [car] = await db
    .select({ id: cars.id, number: cars.number, vehicle_type: cars.vehicleType, seats: cars.seats })
    .from(cars)
    .where(eq(cars.captainId, captainId))
    .orderBy(asc(cars.id))
    .limit(1);
  return car ?? null;
}
