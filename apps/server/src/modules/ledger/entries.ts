import {
  type AccountEntryType,
  type AccountOwnerKind,
  captainShareCents,
  ENTRY_OWNERS,
  signedCents,
} from '@taxi/shared';
import type { DbOrTx } from '../../db/client';
import { accountEntries } from '../../db/schema';

/** One entry to append; `cents` is its size, the sign comes from the type (ledger.ts in shared). */
export interface NewEntry {
  ownerKind: AccountOwnerKind;
  ownerId: number;
  type: AccountEntryType;
  cents: number;
  bookingId?: number | null;
  reference?: string | null;
  note?: string | null;
  actorId?: number | null;
  createdAt: Date;
}

function row(e: NewEntry): typeof accountEntries.$inferInsert {
  if (!ENTRY_OWNERS[e.type].includes(e.ownerKind)) throw new Error(`${e.type} is not an entry of a ${e.ownerKind}`);
  return {
    ownerKind: e.ownerKind,
    ownerId: e.ownerId,
    type: e.type,
    amount: signedCents(e.type, e.cents),
    bookingId: e.bookingId ?? null,
    reference: e.reference ?? null,
    note: e.note ?? null,
    actorId: e.actorId ?? null,
    createdAt: e.createdAt,
  };
}

/**
 * Appends entries (the only write the ledger knows). An entry with a reference is written once per owner,
 * type and reference: a repeated one is skipped. Returns the rows written.
 */
export async function appendEntries(db: DbOrTx, entries: readonly NewEntry[]) {
  if (entries.length === 0) return [];
  return db.insert(accountEntries).values(entries.map(row)).onConflictDoNothing().returning();
}

/**
 * The entries of a paid booking, in the payment's transaction: the passenger's `payment` of fare and tip,
 * and the captain's `ride` of the same less the commission of their contract level (captainShareCents).
 */
export function recordRidePayment(
  tx: DbOrTx,
  p: {
    bookingId: number;
    captainId: number;
    passengerId: number | null;
    fareCents: number;
    tipCents: number;
    commissionPercent: number | null;
    now: Date;
  },
) {
  const reference = `booking:${p.bookingId}`;
  const common = { bookingId: p.bookingId, reference, createdAt: p.now };
  const entries: NewEntry[] = [
    {
      ...common,
      ownerKind: 'captain',
      ownerId: p.captainId,
      type: 'ride',
      cents: captainShareCents(p.fareCents, p.commissionPercent, p.tipCents),
    },
  ];
  if (p.passengerId !== null)
    entries.push({
      ...common,
      ownerKind: 'passenger',
      ownerId: p.passengerId,
      type: 'payment',
      cents: p.fareCents + p.tipCents,
    });
  return appendEntries(tx, entries);
}
