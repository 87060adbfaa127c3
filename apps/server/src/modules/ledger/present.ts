import type { AccountEntryDto, AccountEntryType, AccountOwnerKind } from '@taxi/shared';
import type { accountEntries } from '../../db/schema';

export type EntryRow = typeof accountEntries.$inferSelect & { actorName?: string | null };

export const presentAccountEntry = (r: EntryRow): AccountEntryDto => ({
  id: r.id,
  owner_kind: r.ownerKind as AccountOwnerKind,
  owner_id: r.ownerId,
  type: r.type as AccountEntryType,
  amount: r.amount,
  booking_id: r.bookingId,
  reference: r.reference,
  note: r.note,
  actor: r.actorId === null ? null : { id: r.actorId, name: r.actorName ?? '' },
  created_at: r.createdAt.toISOString(),
});
