import type { BookingNoteDto } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { bookingNotes, bookings, users } from '../../../../db/schema';
import { notFound } from '../../../../http/errors';
import { dateOf } from '../../../../lib/clock';
import type { Actor } from '../../model';
import { presentNote } from '../../presenter';
import { audit, type BookingDeps } from '../../store';

/** Marks a booking note solved. */
export async function solveNote(deps: BookingDeps, actor: Actor, noteId: number): Promise<BookingNoteDto> {
  const now = dateOf(deps.clock);
  const { result: note } = await deps.bus.transact(async (tx, record) => {
    const [row] = await tx.update(bookingNotes).set({ solvedAt: now }).where(eq(bookingNotes.id, noteId)).returning();
    if (!row) throw notFound();
    await tx.update(bookings).set({ updatedAt: now }).where(eq(bookings.id, row.bookingId));
    await audit(tx, actor.id, 'note_solved', row.bookingId, { note_id: noteId }, { solved_at: now });
    record('booking.updated', { bookingId: row.bookingId, brief: true });
    return row;
  });
  const [author] = note.authorId ? await deps.db.select().from(users).where(eq(users.id, note.authorId)) : [undefined];
  return presentNote(note, author ? `${author.firstName} ${author.lastName}`.trim() : null);
}
