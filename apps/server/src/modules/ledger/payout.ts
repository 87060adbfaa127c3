import { type AccountEntryDto, LEDGER_MSG } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, captains, cashRegisters } from '../../db/schema';
import { notFound, validationError } from '../../http/errors';
import { type Clock, dateOf } from '../../lib/clock';
import { appendEntries } from './entries';
import { presentAccountEntry } from './present';
import type { LedgerService } from './service';

/**
 * Pays a captain's balance out at their cash register (the one they were activated with): a
 * `closing_payment` of the whole balance, so it is zero after. The captain's row is locked for the
 * transaction, so two clicks cannot pay twice.
 */
export async function payOutCaptain(
  deps: { db: Db; clock: Clock; ledger: LedgerService },
  actorId: number,
  captainId: number,
): Promise<AccountEntryDto> {
  return deps.db.transaction(async (tx) => {
    const [captain] = await tx
      .select({ id: captains.id, register: cashRegisters.name })
      .from(captains)
      .leftJoin(cashRegisters, eq(cashRegisters.id, captains.cashRegisterId))
      .where(eq(captains.id, captainId))
      .for('update', { of: captains });
    if (!captain) throw notFound(LEDGER_MSG.unknownCaptain);
    if (!captain.register) throw validationError('captain_id', LEDGER_MSG.noCashRegister);
    const balance = await deps.ledger.balance('captain', captainId, tx);
    if (balance <= 0) throw validationError('captain_id', LEDGER_MSG.nothingToPayOut);
    const [written] = await appendEntries(tx, [
      {
        ownerKind: 'captain',
        ownerId: captainId,
        type: 'closing_payment',
        cents: balance,
        note: LEDGER_MSG.paidOutNote(captain.register),
        actorId,
        createdAt: dateOf(deps.clock),
      },
    ]);
    await tx.insert(auditLog).values({
      actorId,
      action: 'account.payout',
      entity: 'captain',
      entityId: String(captainId),
      before: { balance },
      after: { entry_id: written.id, amount: written.amount, cash_register: captain.register },
    });
    return presentAccountEntry({ ...written, actorName: null });
  });
}
