import {
  APPROVAL_MSG,
  APPROVAL_QUEUE_LIMIT,
  type ApprovalClaimDto,
  type ApprovalItemDto,
  type ApprovalUpdatedPayload,
  PASSENGER_CLAIM_MINUTES,
} from '@taxi/shared';
import { and, desc, eq, gt, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { passengerClaims, passengers, users } from '../../db/schema';
import type { AppBus } from '../../events';
import { conflict, notFound } from '../../http/errors';
import { type Clock, dateOf } from '../../lib/clock';
import { auditPerson, presentPassenger } from './rows';

const MIN = 60_000;

/** A passenger waits for approval: ID card images sent, not approved, not blocked (an under-age removal). */
export const waitingForApproval = and(
  isNull(passengers.approvedAt),
  eq(passengers.approvalBlocked, false),
  or(isNotNull(passengers.idCardFront), isNotNull(passengers.idCardBack)),
) as SQL;

type ClaimRow = typeof passengerClaims.$inferSelect;

const presentClaim = (c: ClaimRow, first: string | null, last: string | null): ApprovalClaimDto => ({
  passenger_id: c.passengerId,
  user_id: c.userId,
  name: `${first ?? ''} ${last ?? ''}`.trim(),
  claimed_at: c.claimedAt.toISOString(),
  expires_at: c.expiresAt.toISOString(),
});

/** The live claim on a passenger (one that has not run out), with its holder's name. */
export async function liveClaim(db: DbOrTx, passengerId: number, now: Date): Promise<ApprovalClaimDto | null> {
  const [row] = await db
    .select({ c: passengerClaims, first: users.firstName, last: users.lastName })
    .from(passengerClaims)
    .innerJoin(users, eq(users.id, passengerClaims.userId))
    .where(and(eq(passengerClaims.passengerId, passengerId), gt(passengerClaims.expiresAt, now)));
  return row ? presentClaim(row.c, row.first, row.last) : null;
}

/** 409 when another operator holds a live claim on the passenger: the wizard is theirs until they let it go. */
export async function assertNotClaimedByOther(db: DbOrTx, passengerId: number, actorId: number, now: Date) {
  const claim = await liveClaim(db, passengerId, now);
  if (claim && claim.user_id !== actorId) throw conflict(APPROVAL_MSG.alreadyTaken(claim.name));
}

/** A decision (approved, documents removed) ends the passenger's claim, whoever held it. */
export async function endClaim(db: DbOrTx, passengerId: number): Promise<void> {
  await db.delete(passengerClaims).where(eq(passengerClaims.passengerId, passengerId));
}

/**
 * The queue of new passengers to approve (ours: the spec's wizard opened by itself on every console). An operator
 * claims one — exactly one of several claiming at once wins, the others get 409 — and the wizard opens for them;
 * every other console shows it taken (Passengers:approval_updated). A claim runs out after PASSENGER_CLAIM_MINUTES
 * unless the open wizard renews it, and is released when the wizard closes without a decision.
 */
export class PassengerApprovals {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly bus?: AppBus,
  ) {}

  async queue(): Promise<{ passengers: ApprovalItemDto[]; total: number }> {
    const now = dateOf(this.clock);
    const rows = await this.db
      .select({ p: passengers, c: passengerClaims, first: users.firstName, last: users.lastName })
      .from(passengers)
      .leftJoin(
        passengerClaims,
        and(eq(passengerClaims.passengerId, passengers.id), gt(passengerClaims.expiresAt, now)),
      )
      .leftJoin(users, eq(users.id, passengerClaims.userId))
      .where(waitingForApproval)
      .orderBy(desc(passengers.updatedAt), desc(passengers.id))
      .limit(APPROVAL_QUEUE_LIMIT);
    const total = await this.db.$count(passengers, waitingForApproval);
    return {
      passengers: rows.map((r) => ({
        passenger: presentPassenger(r.p),
        waiting_since: r.p.updatedAt.toISOString(),
        claim: r.c ? presentClaim(r.c, r.first, r.last) : null,
      })),
      total,
    };
  }

  /**
   * Takes the passenger for the actor (or renews the actor's own claim): one statement, so of two operators at once
   * exactly one row wins; the other gets 409 with the winner's name. 404 unknown, 409 no longer waiting.
   */
  async claim(actorId: number, passengerId: number): Promise<ApprovalClaimDto> {
    const now = dateOf(this.clock);
    const until = new Date(now.getTime() + PASSENGER_CLAIM_MINUTES * MIN);
    const claim = await this.db.transaction(async (tx) => {
      const [p] = await tx
        .select({ id: passengers.id, waiting: sql<boolean>`(${waitingForApproval})` })
        .from(passengers)
        .where(eq(passengers.id, passengerId));
      if (!p) throw notFound();
      if (!p.waiting) throw conflict(APPROVAL_MSG.notWaiting);
      const nowSql = sql`${now.toISOString()}::timestamptz`;
      const [row] = await tx
        .insert(passengerClaims)
        .values({ passengerId, userId: actorId, claimedAt: now, expiresAt: until })
        .onConflictDoUpdate({
          target: passengerClaims.passengerId,
          set: {
            userId: actorId,
            expiresAt: until,
            // A renewal keeps when the claim was taken.
            claimedAt: sql`case when ${passengerClaims.userId} = ${actorId} and ${passengerClaims.expiresAt} > ${nowSql}
              then ${passengerClaims.claimedAt} else ${nowSql} end`,
          },
          setWhere: or(lte(passengerClaims.expiresAt, now), eq(passengerClaims.userId, actorId)),
        })
        .returning();
      if (!row) {
        const holder = await liveClaim(tx, passengerId, now);
        throw conflict(APPROVAL_MSG.alreadyTaken(holder?.name ?? ''));
      }
      if (row.claimedAt.getTime() === now.getTime())
        await auditPerson(tx, actorId, 'passenger.claim', 'passenger', passengerId, {
          expires_at: until.toISOString(),
        });
      return (await liveClaim(tx, passengerId, now)) as ApprovalClaimDto;
    });
    await this.changed(passengerId);
    return claim;
  }

  /** The wizard closed without a decision: the actor's claim goes, the passenger waits again. 409 for another's. */
  async release(actorId: number, passengerId: number): Promise<void> {
    const now = dateOf(this.clock);
    const released = await this.db.transaction(async (tx) => {
      const [p] = await tx.select({ id: passengers.id }).from(passengers).where(eq(passengers.id, passengerId));
      if (!p) throw notFound();
      await assertNotClaimedByOther(tx, passengerId, actorId, now);
      const gone = await tx
        .delete(passengerClaims)
        .where(and(eq(passengerClaims.passengerId, passengerId), eq(passengerClaims.userId, actorId)))
        .returning({ id: passengerClaims.passengerId });
      if (gone.length > 0) await auditPerson(tx, actorId, 'passenger.release', 'passenger', passengerId);
      return gone.length > 0;
    });
    if (released) await this.changed(passengerId);
  }

  /** Tells the consoles (after commit, through the handlers) that the passenger's place in the queue changed. */
  async changed(passengerId: number): Promise<void> {
    await this.bus?.publish([{ name: 'passenger.approvalChanged', payload: { passengerId } }]);
  }

  /** The passenger's place in the queue now: the payload of Passengers:approval_updated. */
  async stateOf(passengerId: number): Promise<ApprovalUpdatedPayload> {
    const now = dateOf(this.clock);
    const [p] = await this.db
      .select({ waiting: sql<boolean>`(${waitingForApproval})` })
      .from(passengers)
      .where(eq(passengers.id, passengerId));
    const waiting = Boolean(p?.waiting);
    return { passenger_id: passengerId, waiting, claim: waiting ? await liveClaim(this.db, passengerId, now) : null };
  }
}
