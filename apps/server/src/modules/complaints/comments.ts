import { BOOKING_MSG, type ComplaintCommentDto } from '@taxi/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { auditLog, complaintCommentAudios, complaintComments, complaints, users } from '../../db/schema';
import { notFound, validationError } from '../../http/errors';
import type { UploadedFile } from '../../http/multipart';
import { dateOf } from '../../lib/clock';
import { checkWavFiles, withStoredWavs } from './audio-files';
import { personName } from './log';
import type { ComplaintActor, ComplaintDeps } from './service';

type CommentRow = typeof complaintComments.$inferSelect;

/** The comments of a complaint with their voice notes (complaint_comments/…, bookings.md §7). */
export class ComplaintComments {
  constructor(private readonly deps: ComplaintDeps) {}

  private async requireComplaint(id: number): Promise<void> {
    const [row] = await this.deps.db.select({ id: complaints.id }).from(complaints).where(eq(complaints.id, id));
    if (!row) throw notFound();
  }

  /** GET complaint_comments/{id}/get_comments: oldest first, each with its recordings. */
  async list(complaintId: number): Promise<ComplaintCommentDto[]> {
    await this.requireComplaint(complaintId);
    return this.of(complaintId);
  }

  /** The comments of a complaint known to exist (every complaint carries them), as `list` gives them. */
  async of(complaintId: number): Promise<ComplaintCommentDto[]> {
    return (await this.ofMany([complaintId])).get(complaintId) ?? [];
  }

  /** The comments of these complaints by complaint, oldest first: two statements however many complaints. */
  async ofMany(complaintIds: readonly number[]): Promise<Map<number, ComplaintCommentDto[]>> {
    const out = new Map<number, ComplaintCommentDto[]>();
    if (complaintIds.length === 0) return out;
    const rows = await this.deps.db
      .select({ comment: complaintComments, first: users.firstName, last: users.lastName })
      .from(complaintComments)
      .leftJoin(users, eq(users.id, complaintComments.doer))
      .where(inArray(complaintComments.complaintId, [...complaintIds]))
      .orderBy(asc(complaintComments.id));
    const audios = new Map<number, string[]>();
    if (rows.length > 0) {
      const files = await this.deps.db
        .select()
        .from(complaintCommentAudios)
        .where(
          inArray(
            complaintCommentAudios.commentId,
            rows.map((r) => r.comment.id),
          ),
        )
        .orderBy(asc(complaintCommentAudios.fileName));
      for (const f of files) audios.set(f.commentId, [...(audios.get(f.commentId) ?? []), f.fileName]);
    }
    for (const r of rows) {
      const comment = present(r.comment, personName(r.first, r.last), audios.get(r.comment.id) ?? []);
      out.set(comment.complaint_id, [...(out.get(comment.complaint_id) ?? []), comment]);
    }
    return out;
  }

  /**
   * POST complaint_comments/{complaintId}/add_comment: the text (never empty) and its wav voice notes,
   * checked by content and size before anything is stored; one audit row.
   */
  async add(
    actor: ComplaintActor,
    complaintId: number,
    input: { comment: string; files: UploadedFile[] },
  ): Promise<ComplaintCommentDto> {
    const text = input.comment.trim();
    if (!text) throw validationError('comment', BOOKING_MSG.commentEmpty);
    await checkWavFiles(input.files, this.deps.uploadMaxBytes);
    await this.requireComplaint(complaintId);
    const { row, stored } = await withStoredWavs(this.deps.storage, input.files, async (stored) => {
      const row = await this.deps.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(complaintComments)
          .values({ complaintId, doer: actor.id, comment: text, createdAt: dateOf(this.deps.clock) })
          .returning();
        if (stored.length > 0)
          await tx.insert(complaintCommentAudios).values(stored.map((fileName) => ({ commentId: row.id, fileName })));
        await tx.insert(auditLog).values({
          actorId: actor.id,
          action: 'complaint.comment',
          entity: 'complaint',
          entityId: String(complaintId),
          after: { comment_id: row.id, comment: text, audios: stored },
        });
        return row;
      });
      return { row, stored };
    });
    const [user] = await this.deps.db
      .select({ first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.id, actor.id));
    return present(row, personName(user?.first, user?.last), [...stored].sort());
  }

  /** GET complaint_comments/{commentId}/audio/{fileName}: a name of another comment is a 404. */
  async audio(commentId: number, fileName: string): Promise<Buffer> {
    const [row] = await this.deps.db
      .select()
      .from(complaintCommentAudios)
      .where(and(eq(complaintCommentAudios.commentId, commentId), eq(complaintCommentAudios.fileName, fileName)));
    if (!row) throw notFound();
    const data = await this.deps.storage.get(row.fileName);
    if (!data) throw notFound();
    return data;
  }
}

function present(row: CommentRow, doerName: string | null, audios: string[]): ComplaintCommentDto {
  return {
    id: row.id,
    complaint_id: row.complaintId,
    doer: row.doer,
    doer_name: doerName,
    comment: row.comment,
    created_at: row.createdAt.toISOString(),
    audios,
  };
}
