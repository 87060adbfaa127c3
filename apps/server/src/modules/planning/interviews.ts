import { cityLocalToDate, type InterviewSlotDto, INTERVIEW_MSG as M, type Paginated } from '@taxi/shared';
import { and, asc, count, eq, gt, gte, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { auditLog, captains, interviewSlots, users } from '../../db/schema';
import { conflict, notFound, validationError } from '../../http/errors';
import { paginate } from '../../http/pagination';
import { type Clock, dateOf } from '../../lib/clock';
import type { CaptainService } from '../people/captains';

type Row = typeof interviewSlots.$inferSelect;

export interface SlotFilters {
  /** Only free slots (no applicant yet). */
  free?: boolean;
  /** Only booked slots (the interviews). */
  booked?: boolean;
  /** Only slots without an outcome. */
  waiting?: boolean;
  /** Slots from this instant on. */
  from?: Date;
}

/**
 * Interview slots and the interviews held in them. Publishing needs a future window that does not overlap
 * the interviewer's other slots; booking is one applicant per slot (409 when it was taken) and one waiting
 * interview per applicant; the outcome 'passed' runs the captain activation of the people module (with its
 * cash register), 'failed' refuses the applicant with a reason.
 */
export class InterviewService {
  constructor(private readonly deps: { db: Db; clock: Clock; captains: Pick<CaptainService, 'activateCaptain'> }) {}

  private select(db: DbOrTx = this.deps.db) {
    return db
      .select({
        slot: interviewSlots,
        interviewer: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
        applicant: sql<string | null>`${captains.firstName} || ' ' || ${captains.lastName}`,
        phone: captains.phoneNumber,
      })
      .from(interviewSlots)
      .innerJoin(users, eq(users.id, interviewSlots.interviewerId))
      .leftJoin(captains, eq(captains.id, interviewSlots.captainId));
  }

  private present(r: {
    slot: Row;
    interviewer: string;
    applicant: string | null;
    phone: string | null;
  }): InterviewSlotDto {
    const s = r.slot;
    return {
      id: s.id,
      starts_at: s.startsAt.toISOString(),
      ends_at: s.endsAt.toISOString(),
      interviewer: { id: s.interviewerId, name: r.interviewer },
      applicant:
        s.captainId !== null && r.applicant !== null
          ? { id: s.captainId, full_name: r.applicant, phone_number: r.phone }
          : null,
      outcome: s.outcome,
      outcome_reason: s.outcomeReason,
      decided_at: s.decidedAt?.toISOString() ?? null,
    };
  }

  async list(f: SlotFilters & { page: number; perPage: number; url: string }): Promise<Paginated<InterviewSlotDto>> {
    const parts: SQL[] = [];
    if (f.free) parts.push(isNull(interviewSlots.captainId));
    if (f.booked) parts.push(isNotNull(interviewSlots.captainId));
    if (f.waiting) parts.push(isNull(interviewSlots.outcome));
    if (f.from) parts.push(gte(interviewSlots.startsAt, f.from));
    const where = parts.length ? and(...parts) : undefined;
    return paginate(
      {
        count: async () => (await this.deps.db.select({ n: count() }).from(interviewSlots).where(where))[0].n,
        rows: async (limit, offset) =>
          (
            await this.select()
              .where(where)
              .orderBy(asc(interviewSlots.startsAt), asc(interviewSlots.id))
              .limit(limit)
              .offset(offset)
          ).map((r) => this.present(r)),
      },
      f,
    );
  }

  async get(id: number, db: DbOrTx = this.deps.db): Promise<InterviewSlotDto> {
    const [row] = await this.select(db).where(eq(interviewSlots.id, id));
    if (!row) throw notFound();
    return this.present(row);
  }

  /** POST available_interview_times: the publisher interviews. */
  async publish(actorId: number, input: { starts_at: string; ends_at: string }): Promise<InterviewSlotDto> {
    const start = cityLocalToDate(input.starts_at) ?? dateOf(this.deps.clock);
    const end = cityLocalToDate(input.ends_at) ?? start;
    if (start <= dateOf(this.deps.clock)) throw validationError('starts_at', M.inThePast);
    const id = await this.deps.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, actorId)).for('update');
      const [clash] = await tx
        .select({ id: interviewSlots.id })
        .from(interviewSlots)
        .where(
          and(
            eq(interviewSlots.interviewerId, actorId),
            lt(interviewSlots.startsAt, end),
            gt(interviewSlots.endsAt, start),
          ),
        )
        .limit(1);
      if (clash) throw validationError('starts_at', M.overlap);
      const [row] = await tx
        .insert(interviewSlots)
        .values({ interviewerId: actorId, startsAt: start, endsAt: end, createdAt: dateOf(this.deps.clock) })
        .returning({ id: interviewSlots.id });
      await this.audit(tx, actorId, 'publish', row.id, input);
      return row.id;
    });
    return this.get(id);
  }

  /** DELETE available_interview_times/{id}: a free slot only. */
  async remove(actorId: number, id: number): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(interviewSlots).where(eq(interviewSlots.id, id)).for('update');
      if (!row) throw notFound();
      if (row.captainId !== null) throw conflict(M.notFree);
      await tx.delete(interviewSlots).where(eq(interviewSlots.id, id));
      await this.audit(tx, actorId, 'remove', id, null);
    });
  }

  /** POST interviews: an applicant into a free slot; 409 when someone took it first. */
  async book(actorId: number, slotId: number, captainId: number): Promise<InterviewSlotDto> {
    await this.deps.db.transaction(async (tx) => {
      const [captain] = await tx
        .select({ id: captains.id, active: captains.active, registered: captains.registered })
        .from(captains)
        .where(eq(captains.id, captainId))
        .for('update');
      if (!captain || captain.active || captain.registered) throw validationError('captain_id', M.notApplicant);
      const history = await tx
        .select({ id: interviewSlots.id, outcome: interviewSlots.outcome })
        .from(interviewSlots)
        .where(eq(interviewSlots.captainId, captainId));
      if (history.some((h) => h.outcome === 'failed')) throw validationError('captain_id', M.refusedBefore);
      if (history.some((h) => h.outcome === null)) throw validationError('captain_id', M.alreadyBooked);
      const [slot] = await tx.select().from(interviewSlots).where(eq(interviewSlots.id, slotId));
      if (!slot) throw validationError('slot_id', M.notBooked);
      const [taken] = await tx
        .update(interviewSlots)
        .set({ captainId, bookedAt: dateOf(this.deps.clock) })
        .where(and(eq(interviewSlots.id, slotId), isNull(interviewSlots.captainId)))
        .returning({ id: interviewSlots.id });
      if (!taken) throw conflict(M.taken);
      await this.audit(tx, actorId, 'book', slotId, { captain_id: captainId });
    });
    return this.get(slotId);
  }

  /**
   * PUT interviews/{id}/outcome. 'passed' activates the captain through the people module's command (its
   * cash register rule answers 422), then records the outcome; 'failed' records the refusal and its reason.
   */
  async decide(
    actorId: number,
    slotId: number,
    body: { outcome: 'passed'; cash_register_id: number } | { outcome: 'failed'; reason: string },
  ): Promise<InterviewSlotDto> {
    const [slot] = await this.deps.db.select().from(interviewSlots).where(eq(interviewSlots.id, slotId));
    if (!slot) throw notFound();
    if (slot.captainId === null) throw conflict(M.notBooked);
    if (slot.outcome !== null) throw conflict(M.decided);
    if (body.outcome === 'passed')
      await this.deps.captains.activateCaptain(actorId, slot.captainId, body.cash_register_id);
    await this.deps.db.transaction(async (tx) => {
      const [done] = await tx
        .update(interviewSlots)
        .set({
          outcome: body.outcome,
          outcomeReason: body.outcome === 'failed' ? body.reason : null,
          decidedBy: actorId,
          decidedAt: dateOf(this.deps.clock),
        })
        .where(and(eq(interviewSlots.id, slotId), isNull(interviewSlots.outcome)))
        .returning({ id: interviewSlots.id });
      if (!done) throw conflict(M.decided);
      if (body.outcome === 'passed')
        await tx
          .update(captains)
          .set({ registered: true })
          .where(eq(captains.id, slot.captainId as number));
      await this.audit(tx, actorId, body.outcome, slotId, body);
    });
    return this.get(slotId);
  }

  private async audit(tx: Tx, actorId: number, action: string, id: number, after: unknown) {
    await tx.insert(auditLog).values({ actorId, action, entity: 'interview', entityId: String(id), after });
  }
}
