import { BONUS_MSG } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { bonusTimeSlices } from '../../../db/schema';
import { validationError } from '../../../http/errors';
import type { ServerHooks } from '../service';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** HH:MM ends, the end after the start (an edit of one end is checked against the other). */
const hooks: ServerHooks = {
  async beforeSave(input, { tx, mode, id }) {
    for (const field of ['from_time', 'to_time'] as const) {
      const v = input[field];
      if (v !== undefined && (typeof v !== 'string' || !HHMM.test(v)))
        throw validationError(field, BONUS_MSG.timeFormat);
    }
    const [stored] =
      mode === 'update' && id !== undefined
        ? await tx
            .select({ from: bonusTimeSlices.fromTime, to: bonusTimeSlices.toTime })
            .from(bonusTimeSlices)
            .where(eq(bonusTimeSlices.id, id))
        : [];
    const from = (input.from_time as string | undefined) ?? stored?.from;
    const to = (input.to_time as string | undefined) ?? stored?.to;
    if (from && to && to <= from) throw validationError('to_time', BONUS_MSG.endAfterStart);
    return input;
  },
};

export default hooks;
