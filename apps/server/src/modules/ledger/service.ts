import {
  type AccountDto,
  type AccountEntryDto,
  type AccountEntryType,
  type AccountOwnerKind,
  eurosToCents,
  LEDGER_MSG,
  MANUAL_ENTRY_TYPES,
  type ManualEntryInput,
} from '@taxi/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { accountEntries, auditLog, captains, passengers, users } from '../../db/schema';
import { notFound, validationError } from '../../http/errors';
import { paginate } from '../../http/pagination';
import { type Clock, dateOf } from '../../lib/clock';
import { appendEntries } from './entries';
import { payoutTargets } from './payout';
import { presentAccountEntry } from './present';

export interface EntryQuery {
  type?: AccountEntryType;
  page: number;
  perPage: number;
  url?: string;
}

const ownerTables = { captain: captains, passenger: passengers } as const;
const ownerOf = (kind: AccountOwnerKind, id: number) =>
  and(eq(accountEntries.ownerKind, kind), eq(accountEntries.ownerId, id));

/** Captain and passenger accounts: balances summed from the entries, pages of entries, manual entries. */
export class LedgerService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private async assertOwner(db: DbOrTx, kind: AccountOwnerKind, id: number) {
    const table = ownerTables[kind];
    const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
    if (!row) throw notFound(kind === 'captain' ? LEDGER_MSG.unknownCaptain : LEDGER_MSG.unknownPassenger);
  }

  /** The balance in cents: the sum of the owner's entries (an index-only scan of the owner index). */
  async balance(kind: AccountOwnerKind, id: number, db: DbOrTx = this.db): Promise<number> {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${accountEntries.amount}), 0)` })
      .from(accountEntries)
      .where(ownerOf(kind, id));
    return Number(row?.total ?? 0);
  }

  /** A page of the owner's entries, newest first, optionally of one type. */
  async entries(kind: AccountOwnerKind, id: number, q: EntryQuery) {
    const where = and(ownerOf(kind, id), q.type ? eq(accountEntries.type, q.type) : undefined);
    return paginate<AccountEntryDto>(
      {
        count: async () => (await this.db.select({ n: count() }).from(accountEntries).where(where))[0]?.n ?? 0,
        rows: async (limit, offset) => {
          const rows = await this.db
            .select({
              entry: accountEntries,
              actorName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
            })
            .from(accountEntries)
            .leftJoin(users, eq(users.id, accountEntries.actorId))
            .where(where)
            .orderBy(desc(accountEntries.createdAt), desc(accountEntries.id))
            .limit(limit)
            .offset(offset);
          return rows.map((r) => presentAccountEntry({ ...r.entry, actorName: r.actorName }));
        },
      },
      q,
    );
  }

  async account(kind: AccountOwnerKind, id: number, q: EntryQuery): Promise<AccountDto> {
    await this.assertOwner(this.db, kind, id);
    const [balance, entries, payout] = await Promise.all([
      this.balance(kind, id),
      this.entries(kind, id, q),
      kind === 'captain' ? payoutTargets(this.db, id) : undefined,
    ]);
    return { owner_kind: kind, owner_id: id, balance, entries, ...(payout ? { payout } : {}) };
  }

  /** A wallet adjustment by staff: an entry of a manual type with a note, and its audit row. */
  async addManualEntry(
    actorId: number,
    kind: AccountOwnerKind,
    id: number,
    input: ManualEntryInput,
  ): Promise<AccountEntryDto> {
    if (!MANUAL_ENTRY_TYPES[kind].includes(input.type)) throw validationError('type', LEDGER_MSG.notManualType);
    const entry = await this.db.transaction(async (tx) => {
      await this.assertOwner(tx, kind, id);
      const [written] = await appendEntries(tx, [
        {
          ownerKind: kind,
          ownerId: id,
          type: input.type,
          cents: eurosToCents(input.amount),
          note: input.note,
          actorId,
          createdAt: dateOf(this.clock),
        },
      ]);
      await tx.insert(auditLog).values({
        actorId,
        action: 'account.entry',
        entity: kind,
        entityId: String(id),
        after: { entry_id: written.id, type: written.type, amount: written.amount, note: written.note },
      });
      return written;
    });
    const [actor] = await this.db
      .select({ name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
      .from(users)
      .where(eq(users.id, actorId));
    return presentAccountEntry({ ...entry, actorName: actor?.name ?? null });
  }
}
