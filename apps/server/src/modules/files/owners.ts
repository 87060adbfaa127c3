import type { FileOwner } from '@taxi/shared/policies/files';
import { eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { complaintAudios, complaintCommentAudios, complaintComments, messages, passengers } from '../../db/schema';

/**
 * The row that references a stored file name, or null when nothing does (an orphan, a name that never
 * existed). Indexed equality lookups (migration 0009): passengers' ID-card columns, then complaint
 * audio, then comment voice notes (complaint_comment_audios_file_name_idx). Captains have no document column today; `captainDocument` is ready for when one is added.
 */
export async function findFileOwner(db: DbOrTx, name: string): Promise<FileOwner | null> {
  const [passenger] = await db
    .select({ id: passengers.id })
    .from(passengers)
    .where(or(eq(passengers.idCardFront, name), eq(passengers.idCardBack, name)))
    .limit(1);
  if (passenger) return { kind: 'passengerDocument', passengerId: passenger.id };
  const [audio] = await db
    .select({ complaintId: complaintAudios.complaintId })
    .from(complaintAudios)
    .where(eq(complaintAudios.fileName, name))
    .limit(1);
  if (audio) return { kind: 'complaintAudio', complaintId: audio.complaintId };
  const [note] = await db
    .select({ commentId: complaintCommentAudios.commentId, complaintId: complaintComments.complaintId })
    .from(complaintCommentAudios)
    .innerJoin(complaintComments, eq(complaintComments.id, complaintCommentAudios.commentId))
    .where(eq(complaintCommentAudios.fileName, name))
    .limit(1);
  if (note) return { kind: 'complaintCommentAudio', complaintId: note.complaintId, commentId: note.commentId };
  const [message] = await db
    .select({ conversationId: messages.conversationId })
    .from(messages)
    .where(eq(messages.attachment, name))
    .limit(1);
  if (message) return { kind: 'messageAttachment', conversationId: message.conversationId };
  return null;
}
