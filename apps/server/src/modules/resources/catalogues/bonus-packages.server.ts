import { BONUS_MSG } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { bonusPackages } from '../../../db/schema';
import { validationError } from '../../../http/errors';
import type { ServerHooks } from '../service';

/** The validity ends no earlier than it starts (an edit of one end is checked against the other). */
const hooks: ServerHooks = {
  async beforeSave(input, { tx, mode, id }) {
    const [stored] =
      mode === 'update' && id !== undefined
        ? await tx
            .select({ from: bonusPackages.validFrom, to: bonusPackages.validTo })
            .from(bonusPackages)
            .where(eq(bonusPackages.id, id))
        : [];
    const from = (input.valid_from as string | undefined) ?? stored?.from;
    const to = input.valid_to === undefined ? stored?.to : (input.valid_to as string | null);
    if (from && to && to < from) throw validationError('valid_to', BONUS_MSG.validToAfterFrom);
    return input;
  },
};

export default hooks;
