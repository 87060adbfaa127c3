import { type CaptainContractDto, CONTRACT_MSG } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { auditLog, captainContracts, contractTemplateLevels, contractTemplates } from '../../db/schema';
import { validationError } from '../../http/errors';
import { type Clock, dateOf } from '../../lib/clock';

/** The commission percent of the captain's contract level, or null without a contract (read in a payment). */
export async function commissionOf(db: DbOrTx, captainId: number): Promise<number | null> {
  const [row] = await db
    .select({ percent: contractTemplateLevels.commissionPercent })
    .from(captainContracts)
    .innerJoin(contractTemplateLevels, eq(contractTemplateLevels.id, captainContracts.levelId))
    .where(eq(captainContracts.captainId, captainId));
  return row ? Number(row.percent) : null;
}

/** Which contract level a captain signed; staff change it (audited). */
export class CaptainContractService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async get(captainId: number, db: DbOrTx = this.deps.db): Promise<CaptainContractDto> {
    const [row] = await db
      .select({ contract: captainContracts, level: contractTemplateLevels, template: contractTemplates })
      .from(captainContracts)
      .innerJoin(contractTemplateLevels, eq(contractTemplateLevels.id, captainContracts.levelId))
      .innerJoin(contractTemplates, eq(contractTemplates.id, contractTemplateLevels.contractTemplateId))
      .where(eq(captainContracts.captainId, captainId));
    if (!row) return { level: null, signed_at: null };
    return {
      level: {
        id: row.level.id,
        name: row.level.name,
        commission_percent: Number(row.level.commissionPercent),
        contract_template: { name: row.template.name },
      },
      signed_at: row.contract.signedAt.toISOString(),
    };
  }

  async set(actorId: number, captainId: number, levelId: number | null): Promise<CaptainContractDto> {
    return this.deps.db.transaction(async (tx) => {
      const before = await this.get(captainId, tx);
      if (levelId === null) {
        await tx.delete(captainContracts).where(eq(captainContracts.captainId, captainId));
      } else {
        const [level] = await tx
          .select({ id: contractTemplateLevels.id })
          .from(contractTemplateLevels)
          .where(eq(contractTemplateLevels.id, levelId));
        if (!level) throw validationError('contract_level_id', CONTRACT_MSG.unknownLevel);
        const signedAt = dateOf(this.deps.clock);
        await tx
          .insert(captainContracts)
          .values({ captainId, levelId, signedAt })
          .onConflictDoUpdate({ target: captainContracts.captainId, set: { levelId, signedAt } });
      }
      const after = await this.get(captainId, tx);
      await tx.insert(auditLog).values({
        actorId,
        action: 'update',
        entity: 'captain_contract',
        entityId: String(captainId),
        before: { level_id: before.level?.id ?? null },
        after: { level_id: after.level?.id ?? null },
      });
      return after;
    });
  }
}
