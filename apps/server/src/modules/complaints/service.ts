import {
  BOOKING_MSG,
  COMPLAINT_MSG,
  type ComplaintCategoryDto,
  type ComplaintCommentDto,
  type ComplaintDetailDto,
  type ComplaintDto,
  type ComplaintStatus,
  type ComplaintSubject,
} from '@taxi/shared';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  auditLog,
  bookingComplaintCategories,
  bookings,
  captains,
  complaintAudios,
  complaintCategories,
  complaints,
  passengers,
  rides,
  users,
} from '../../db/schema';
import type { AppBus } from '../../events';
import { HttpError, notFound, validationError } from '../../http/errors';
import type { UploadedFile } from '../../http/multipart';
import { type Clock, dateOf } from '../../lib/clock';
import type { FileStorage } from '../../lib/storage';
import { isWav } from '../../lib/wav';
import { checkWavFiles, withStoredWavs } from './audio-files';
import { ComplaintComments } from './comments';
import { personName } from './log';

/** Who a complaint is against: a booking, or a captain or passenger without one. */
export interface ComplaintSubjectRef {
  kind: ComplaintSubject;
  id: number;
}

export interface ComplaintActor {
  id: number;
  government: boolean;
}

/** A wav file by its parsed header (RIFF/WAVE with a valid `fmt ` chunk, lib/wav.ts), whatever its name says. */
export { isWav };

export interface ComplaintDeps {
  db: Db;
  storage: FileStorage;
  clock: Clock;
  /** A category change records booking.updated: the bookings' handlers emit it after commit. */
  bus: AppBus;
  uploadMaxBytes: number;
}

type ComplaintRow = typeof complaints.$inferSelect;

export class ComplaintService {
  /** The comments of complaints and their voice notes. */
  readonly comments: ComplaintComments;

  constructor(private readonly deps: ComplaintDeps) {
    this.comments = new ComplaintComments(deps);
  }

  categories(): Promise<ComplaintCategoryDto[]> {
    return this.deps.db
      .select({ id: complaintCategories.id, name: complaintCategories.name })
      .from(complaintCategories)
      .orderBy(asc(complaintCategories.name));
  }

  private async requireBooking(db: DbOrTx, id: number) {
    const [row] = await db
      .select({ id: bookings.id, meta: bookings.meta, rideId: bookings.rideId })
      .from(bookings)
      .where(eq(bookings.id, id));
    if (!row) throw notFound(COMPLAINT_MSG.unknownBooking);
    return row;
  }

  /** POST complaint/category: stores the booking's complaint category (and its name in meta.complaint_status). */
  async setCategory(actor: ComplaintActor, bookingId: number, categoryId: number | undefined) {
    if (!categoryId) throw validationError('category_id', BOOKING_MSG.chooseCategory);
    const now = dateOf(this.deps.clock);
    const { result } = await this.deps.bus.transact(async (tx, record) => {
      const booking = await this.requireBooking(tx, bookingId);
      const [category] = await tx.select().from(complaintCategories).where(eq(complaintCategories.id, categoryId));
      if (!category) throw validationError('category_id', COMPLAINT_MSG.unknownCategory);
      const [before] = await tx
        .select()
        .from(bookingComplaintCategories)
        .where(eq(bookingComplaintCategories.bookingId, bookingId));
      await tx
        .insert(bookingComplaintCategories)
        .values({ bookingId, categoryId, setBy: actor.id })
        .onConflictDoUpdate({
          target: bookingComplaintCategories.bookingId,
          set: { categoryId, setBy: actor.id, updatedAt: now },
        });
      await tx
        .update(bookings)
        .set({ meta: { ...booking.meta, complaint_status: category.name }, updatedAt: now })
        .where(eq(bookings.id, bookingId));
      await tx.insert(auditLog).values({
        actorId: actor.id,
        action: 'complaint.category',
        entity: 'booking',
        entityId: String(bookingId),
        before: before ? { category_id: before.categoryId } : null,
        after: { category_id: categoryId, name: category.name },
      });
      record('booking.updated', { bookingId });
      return { booking_id: bookingId, category_id: categoryId, category: category.name };
    });
    return result;
  }

  /** The category set on a booking, or null. */
  async bookingCategory(bookingId: number): Promise<number | null> {
    const [row] = await this.deps.db
      .select({ categoryId: bookingComplaintCategories.categoryId })
      .from(bookingComplaintCategories)
      .where(eq(bookingComplaintCategories.bookingId, bookingId));
    return row?.categoryId ?? null;
  }

  async listForBooking(bookingId: number): Promise<ComplaintDto[]> {
    await this.requireBooking(this.deps.db, bookingId);
    const rows = await this.deps.db
      .select({ complaint: complaints, doerFirst: users.firstName, doerLast: users.lastName })
      .from(complaints)
      .leftJoin(users, eq(users.id, complaints.doer))
      .where(eq(complaints.bookingId, bookingId))
      .orderBy(desc(complaints.createdAt), desc(complaints.id));
    return this.presentRows(rows);
  }

  /** Complaints as the API gives them, each with its recordings and its comments (batched over the rows). */
  private async presentRows(
    rows: { complaint: ComplaintRow; doerFirst: string | null; doerLast: string | null }[],
  ): Promise<ComplaintDto[]> {
    const ids = rows.map((r) => r.complaint.id);
    const [audios, comments] = await Promise.all([this.audiosOf(ids), this.comments.ofMany(ids)]);
    return rows.map((r) =>
      present(
        r.complaint,
        personName(r.doerFirst, r.doerLast),
        audios.get(r.complaint.id),
        comments.get(r.complaint.id),
      ),
    );
  }

  private async audiosOf(ids: number[]): Promise<Map<number, string[]>> {
    const out = new Map<number, string[]>();
    if (ids.length === 0) return out;
    const rows = await this.deps.db
      .select()
      .from(complaintAudios)
      .where(inArray(complaintAudios.complaintId, ids))
      .orderBy(asc(complaintAudios.fileName));
    for (const row of rows) out.set(row.complaintId, [...(out.get(row.complaintId) ?? []), row.fileName]);
    return out;
  }

  /** The captain of a booking's ride, or null before one is dispatched. */
  private async captainOfBooking(tx: DbOrTx, rideId: number | null): Promise<number | null> {
    if (!rideId) return null;
    const [ride] = await tx.select({ captainId: rides.captainId }).from(rides).where(eq(rides.id, rideId));
    return ride?.captainId ?? null;
  }

  /** What a complaint against this subject stores: booking (its ride's captain, its category), captain or passenger. */
  private async subjectColumns(tx: DbOrTx, subject: ComplaintSubjectRef) {
    if (subject.kind === 'booking') {
      const booking = await this.requireBooking(tx, subject.id);
      const [category] = await tx
        .select({ categoryId: bookingComplaintCategories.categoryId })
        .from(bookingComplaintCategories)
        .where(eq(bookingComplaintCategories.bookingId, subject.id));
      return {
        bookingId: subject.id,
        captainId: await this.captainOfBooking(tx, booking.rideId),
        passengerId: null,
        categoryId: category?.categoryId ?? null,
        entityId: subject.id,
      };
    }
    const table = subject.kind === 'captain' ? captains : passengers;
    const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, subject.id));
    if (!row)
      throw notFound(subject.kind === 'captain' ? COMPLAINT_MSG.unknownCaptain : COMPLAINT_MSG.unknownPassenger);
    return {
      bookingId: null,
      captainId: subject.kind === 'captain' ? subject.id : null,
      passengerId: subject.kind === 'passenger' ? subject.id : null,
      categoryId: null,
      entityId: subject.id,
    };
  }

  /**
   * POST complaint/{booking|captain|passenger}/{id}/create: files a complaint with its wav recordings.
   * `actor` null: an app filed it (the simulator's passengers), so it has no doer. The Goverment role never files.
   */
  async create(
    actor: ComplaintActor | null,
    subject: ComplaintSubjectRef,
    input: { description?: string; files: UploadedFile[]; categoryId?: number },
  ): Promise<ComplaintDto> {
    if (actor?.government) throw new HttpError(403, COMPLAINT_MSG.governmentCannotFile);
    await checkWavFiles(input.files, this.deps.uploadMaxBytes);
    const complaint = await withStoredWavs(this.deps.storage, input.files, async (stored) => {
      const row = await this.deps.db.transaction(async (tx) => {
        const columns = await this.subjectColumns(tx, subject);
        const [row] = await tx
          .insert(complaints)
          .values({
            ...columns,
            categoryId: input.categoryId ?? columns.categoryId,
            description: input.description?.trim() ? input.description.trim() : null,
            doer: actor?.id ?? null,
            createdAt: dateOf(this.deps.clock),
          })
          .returning();
        if (stored.length > 0)
          await tx.insert(complaintAudios).values(stored.map((fileName) => ({ complaintId: row.id, fileName })));
        await tx.insert(auditLog).values({
          actorId: actor?.id ?? null,
          action: 'complaint.create',
          entity: 'complaint',
          entityId: String(row.id),
          after: { [`${subject.kind}_id`]: subject.id, description: row.description, audios: stored },
        });
        return row;
      });
      return { row, stored };
    });
    await this.deps.bus.publish([
      {
        name: 'complaint.filed',
        payload: { complaintId: complaint.row.id, bookingId: complaint.row.bookingId, byUserId: actor?.id ?? null },
      },
    ]);
    return present(complaint.row, await this.userName(actor?.id ?? null), complaint.stored);
  }

  private async userName(id: number | null): Promise<string | null> {
    if (!id) return null;
    const [user] = await this.deps.db
      .select({ first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.id, id));
    return personName(user?.first, user?.last);
  }

  /** The complaints of a captain that have no booking (/captain_complaints_no_booking/{id}), newest first. */
  async captainWithoutBooking(captainId: number): Promise<ComplaintDto[]> {
    const [captain] = await this.deps.db.select({ id: captains.id }).from(captains).where(eq(captains.id, captainId));
    if (!captain) throw notFound(COMPLAINT_MSG.unknownCaptain);
    const rows = await this.deps.db
      .select({ complaint: complaints, doerFirst: users.firstName, doerLast: users.lastName })
      .from(complaints)
      .leftJoin(users, eq(users.id, complaints.doer))
      .where(and(eq(complaints.captainId, captainId), isNull(complaints.bookingId)))
      .orderBy(desc(complaints.createdAt), desc(complaints.id));
    return this.presentRows(rows);
  }

  /** GET complaint/{id}: the complaint with its comments, its category and its status history (audit rows). */
  async detail(id: number): Promise<ComplaintDetailDto> {
    const [row] = await this.deps.db
      .select({
        complaint: complaints,
        doerFirst: users.firstName,
        doerLast: users.lastName,
        categoryName: complaintCategories.name,
      })
      .from(complaints)
      .leftJoin(users, eq(users.id, complaints.doer))
      .leftJoin(complaintCategories, eq(complaintCategories.id, complaints.categoryId))
      .where(eq(complaints.id, id));
    if (!row) throw notFound();
    const [audios, comments, history] = await Promise.all([
      this.audiosOf([id]),
      this.comments.of(id),
      this.deps.db
        .select({
          before: auditLog.before,
          after: auditLog.after,
          by: auditLog.actorId,
          first: users.firstName,
          last: users.lastName,
          at: auditLog.createdAt,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(
          and(
            eq(auditLog.entity, 'complaint'),
            eq(auditLog.entityId, String(id)),
            eq(auditLog.action, 'complaint.status'),
          ),
        )
        .orderBy(asc(auditLog.createdAt), asc(auditLog.id)),
    ]);
    return {
      ...present(row.complaint, personName(row.doerFirst, row.doerLast), audios.get(id), comments),
      category_name: row.categoryName ?? null,
      status_history: history.map((h) => ({
        from: (h.before as { status?: ComplaintStatus } | null)?.status ?? null,
        to: (h.after as { status: ComplaintStatus }).status,
        by: h.by,
        by_name: personName(h.first, h.last),
        at: h.at.toISOString(),
      })),
    };
  }

  /**
   * PUT complaint/{id}/update_status: the new status, its history as an audit row (who, before, after),
   * and `complaint.statusChanged` (the complaint handlers are notified).
   */
  async updateStatus(actor: ComplaintActor, id: number, status: ComplaintStatus): Promise<ComplaintDto> {
    const { result } = await this.deps.bus.transact(async (tx, record) => {
      const [before] = await tx.select().from(complaints).where(eq(complaints.id, id)).for('update');
      if (!before) throw notFound();
      const [row] = await tx.update(complaints).set({ status }).where(eq(complaints.id, id)).returning();
      if (before.status !== status) {
        await tx.insert(auditLog).values({
          actorId: actor.id,
          action: 'complaint.status',
          entity: 'complaint',
          entityId: String(id),
          before: { status: before.status },
          after: { status },
        });
        record('complaint.statusChanged', { complaintId: id, status, byUserId: actor.id });
      }
      return row;
    });
    const [doerName, audios, comments] = await Promise.all([
      this.userName(result.doer),
      this.audios(id),
      this.comments.of(id),
    ]);
    return present(result, doerName, audios, comments);
  }

  private async requireComplaint(id: number) {
    const [row] = await this.deps.db.select().from(complaints).where(eq(complaints.id, id));
    if (!row) throw notFound();
    return row;
  }

  async audios(complaintId: number): Promise<string[]> {
    await this.requireComplaint(complaintId);
    return (await this.audiosOf([complaintId])).get(complaintId) ?? [];
  }

  /** The bytes of one recording of this complaint (a name of another complaint is a 404). */
  async audio(complaintId: number, fileName: string): Promise<Buffer> {
    const [row] = await this.deps.db
      .select()
      .from(complaintAudios)
      .where(sql`${complaintAudios.complaintId} = ${complaintId} and ${complaintAudios.fileName} = ${fileName}`);
    if (!row) throw notFound();
    const data = await this.deps.storage.get(row.fileName);
    if (!data) throw notFound();
    return data;
  }
}

/** A complaint as the spec's entity (bookings.md §3): its recordings' names and its comments (a new one has none). */
function present(
  row: ComplaintRow,
  doerName: string | null,
  audios: string[] = [],
  comments: ComplaintCommentDto[] = [],
): ComplaintDto {
  return {
    id: row.id,
    booking_id: row.bookingId,
    captain_id: row.captainId,
    passenger_id: row.passengerId,
    description: row.description,
    doer: row.doer,
    doer_name: doerName,
    status: row.status,
    category_id: row.categoryId,
    entity_id: row.entityId,
    created_at: row.createdAt.toISOString(),
    audios,
    comments,
  };
}
