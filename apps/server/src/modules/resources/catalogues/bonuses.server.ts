import { BONUS_MSG } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { bonuses } from '../../../db/schema';
import { validationError } from '../../../http/errors';
import type { ServerHooks, Values } from '../service';

/** A zone bonus needs its zone; an acceptance-rate threshold is a percentage (an edit is checked with the stored row). */
const hooks: ServerHooks = {
  async beforeSave(input, { tx, mode, id }) {
    const [stored] =
      mode === 'update' && id !== undefined
        ? await tx
            .select({ kind: bonuses.kind, threshold: bonuses.threshold, sectorId: bonuses.sectorId })
            .from(bonuses)
            .where(eq(bonuses.id, id))
        : [];
    const kind = input.kind ?? stored?.kind;
    const threshold = input.threshold ?? stored?.threshold;
    const sector = input.sector_id === undefined ? stored?.sectorId : input.sector_id;
    if (kind === 'zone_rides' && (sector === null || sector === undefined))
      throw validationError('sector_id', BONUS_MSG.sectorNeeded);
    if (kind === 'acceptance_rate' && typeof threshold === 'number' && threshold > 100)
      throw validationError('threshold', BONUS_MSG.rateAtMost);
    return { ...input } as Values;
  },
};

export default hooks;
