import {
  type AccountDto,
  type AccountEntryDto,
  type BankAccountInput,
  LEDGER_MSG,
  maskIban,
  type PayoutMethod,
} from '@taxi/shared';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { auditLog, banks, captains, cashRegisters } from '../../db/schema';
import { notFound, validationError } from '../../http/errors';
import { type Clock, dateOf } from '../../lib/clock';
import { appendEntries } from './entries';
import { presentAccountEntry } from './present';
import type { LedgerService } from './service';

/** Where a captain's payout goes: their cash register's name and their bank account (IBAN masked). */
export async function payoutTargets(db: DbOrTx, captainId: number): Promise<NonNullable<AccountDto['payout']>> {
  const [row] = await db
    .select({ register: cashRegisters.name, bankId: banks.id, bankName: banks.name, iban: captains.iban })
    .from(captains)
    .leftJoin(cashRegisters, eq(cashRegisters.id, captains.cashRegisterId))
    .leftJoin(banks, eq(banks.id, captains.bankId))
    .where(eq(captains.id, captainId));
  return {
    cash_register: row?.register ?? null,
    bank_account:
      row?.bankId != null && row.bankName && row.iban
        ? { bank_id: row.bankId, bank_name: row.bankName, iban: maskIban(row.iban) }
        : null,
  };
}

/** Records the bank (of /banks) and IBAN a captain's payouts by transfer go to (audited, IBAN masked in the log). */
export async function setBankAccount(db: Db, actorId: number, captainId: number, input: BankAccountInput) {
  await db.transaction(async (tx) => {
    const [bank] = await tx.select({ id: banks.id }).from(banks).where(eq(banks.id, input.bank_id));
    if (!bank) throw validationError('bank_id', LEDGER_MSG.unknownBank);
    const [before] = await tx
      .select({ bankId: captains.bankId, iban: captains.iban })
      .from(captains)
      .where(eq(captains.id, captainId))
      .for('update');
    if (!before) throw notFound(LEDGER_MSG.unknownCaptain);
    await tx.update(captains).set({ bankId: input.bank_id, iban: input.iban }).where(eq(captains.id, captainId));
    await tx.insert(auditLog).values({
      actorId,
      action: 'account.bank',
      entity: 'captain',
      entityId: String(captainId),
      before: { bank_id: before.bankId, iban: before.iban ? maskIban(before.iban) : null },
      after: { bank_id: input.bank_id, iban: maskIban(input.iban) },
    });
  });
}

/**
 * Pays a captain's balance out: in cash at their cash register (the one they were activated with), or by
 * transfer to their bank account. A `closing_payment` of the whole balance, so it is zero after; its note
 * says where the money went. The captain's row is locked for the transaction, so two clicks cannot pay twice.
 */
export async function payOutCaptain(
  deps: { db: Db; clock: Clock; ledger: LedgerService },
  actorId: number,
  captainId: number,
  method: PayoutMethod = 'cash',
): Promise<AccountEntryDto> {
  return deps.db.transaction(async (tx) => {
    const [captain] = await tx
      .select({ id: captains.id })
      .from(captains)
      .where(eq(captains.id, captainId))
      .for('update');
    if (!captain) throw notFound(LEDGER_MSG.unknownCaptain);
    const target = await payoutTargets(tx, captainId);
    let note: string;
    if (method === 'transfer') {
      if (!target.bank_account) throw validationError('method', LEDGER_MSG.needsBankAccount);
      note = LEDGER_MSG.paidByTransferNote(target.bank_account.bank_name, target.bank_account.iban);
    } else {
      if (!target.cash_register) throw validationError('captain_id', LEDGER_MSG.noCashRegister);
      note = LEDGER_MSG.paidOutNote(target.cash_register);
    }
    const balance = await deps.ledger.balance('captain', captainId, tx);
    if (balance <= 0) throw validationError('captain_id', LEDGER_MSG.nothingToPayOut);
    const [written] = await appendEntries(tx, [
      {
        ownerKind: 'captain',
        ownerId: captainId,
        type: 'closing_payment',
        cents: balance,
        note,
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
      after: {
        entry_id: written.id,
        amount: written.amount,
        method,
        ...(method === 'cash' ? { cash_register: target.cash_register } : { bank: target.bank_account?.bank_name }),
      },
    });
    return presentAccountEntry({ ...written, actorName: null });
  });
}
