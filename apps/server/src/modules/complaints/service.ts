import {
  BOOKING_MSG,
  COMPLAINT_AUDIO_MAX_BYTES,
  COMPLAINT_MSG,
  type ComplaintCategoryDto,
  type ComplaintDto,
  type ComplaintStatus,
} from '@taxi/shared';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  auditLog,
  bookingComplaintCategories,
  bookings,
  complaintAudios,
  complaintCategories,
  complaints,
  rides,
  users,
} from '../../db/schema';
import type { AppBus } from '../../events';
import { HttpError, notFound, validationError } from '../../http/errors';
import type { UploadedFile } from '../../http/multipart';
import { type Clock, dateOf } from '../../lib/clock';
import type { FileStorage } from '../../lib/storage';
import { isWav } from '../../lib/wav';

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
  constructor(private readonly deps: ComplaintDeps) {}

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
    const audios = await this.audiosOf(rows.map((r) => r.complaint.id));
    return rows.map((r) =>
      present(
        r.complaint,
        r.doerFirst ? `${r.doerFirst} ${r.doerLast ?? ''}`.trim() : null,
        audios.get(r.complaint.id),
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

  /** Checks every file before storing any: wav by content, within the size limit. */
  private checkAudios(files: readonly UploadedFile[]): void {
    const limit = Math.min(COMPLAINT_AUDIO_MAX_BYTES, this.deps.uploadMaxBytes);
    files.forEach((file, i) => {
      const field = `wav_files.${i}`;
      if (file.data.length > limit)
        throw validationError(field, COMPLAINT_MSG.audioTooLarge(Math.round(limit / 1048576)));
      if (!isWav(file.data)) throw validationError(field, COMPLAINT_MSG.wavOnly);
    });
  }

  /** POST complaint/booking/{id}/create. */
  async create(
    actor: ComplaintActor,
    bookingId: number,
    input: { description?: string; files: UploadedFile[] },
  ): Promise<ComplaintDto> {
    if (actor.government) throw new HttpError(403, COMPLAINT_MSG.governmentCannotFile);
    this.checkAudios(input.files);
    const stored: string[] = [];
    try {
      for (const file of input.files) stored.push(await this.deps.storage.put(file.data, 'wav'));
      const complaint = await this.deps.db.transaction(async (tx) => {
        const booking = await this.requireBooking(tx, bookingId);
        let captainId: number | null = null;
        if (booking.rideId) {
          const [ride] = await tx
            .select({ captainId: rides.captainId })
            .from(rides)
            .where(eq(rides.id, booking.rideId));
          captainId = ride?.captainId ?? null;
        }
        const categoryId = await tx
          .select({ categoryId: bookingComplaintCategories.categoryId })
          .from(bookingComplaintCategories)
          .where(eq(bookingComplaintCategories.bookingId, bookingId))
          .then((r) => r[0]?.categoryId ?? null);
        const [row] = await tx
          .insert(complaints)
          .values({
            bookingId,
            captainId,
            description: input.description?.trim() ? input.description.trim() : null,
            doer: actor.id,
            categoryId,
            entityId: bookingId,
          })
          .returning();
        if (stored.length > 0)
          await tx.insert(complaintAudios).values(stored.map((fileName) => ({ complaintId: row.id, fileName })));
        await tx.insert(auditLog).values({
          actorId: actor.id,
          action: 'complaint.create',
          entity: 'complaint',
          entityId: String(row.id),
          after: { booking_id: bookingId, description: row.description, audios: stored },
        });
        return row;
      });
      const [user] = await this.deps.db
        .select({ first: users.firstName, last: users.lastName })
        .from(users)
        .where(eq(users.id, actor.id));
      await this.deps.bus.publish([
        { name: 'complaint.filed', payload: { complaintId: complaint.id, bookingId, byUserId: actor.id } },
      ]);
      return present(complaint, user ? `${user.first} ${user.last}`.trim() : null, stored);
    } catch (error) {
      // Nothing half-done: files of a refused complaint are removed.
      for (const name of stored) await this.deps.storage.remove(name);
      throw error;
    }
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
    const [user] = result.doer
      ? await this.deps.db
          .select({ first: users.firstName, last: users.lastName })
          .from(users)
          .where(eq(users.id, result.doer))
      : [];
    return present(result, user ? `${user.first} ${user.last}`.trim() : null, await this.audios(id));
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

function present(row: ComplaintRow, doerName: string | null, audios: string[] = []): ComplaintDto {
  return {
    id: row.id,
    booking_id: row.bookingId,
    captain_id: row.captainId,
    description: row.description,
    doer: row.doer,
    doer_name: doerName,
    status: row.status,
    category_id: row.categoryId,
    entity_id: row.entityId,
    created_at: row.createdAt.toISOString(),
    audios,
  };
}
