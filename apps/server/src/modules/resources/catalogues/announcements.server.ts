import { BROADCAST_MSG } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { announcements } from '../../../db/schema';
import { validationError } from '../../../http/errors';
import type { ServerHooks } from '../service';

const time = (value: unknown): number | null => {
  if (value instanceof Date) return value.getTime();
  if (typeof value !== 'string' || value === '') return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
};

/** An announcement's period: valid until comes after valid from (an edit of one end is checked against the other). */
const hooks: ServerHooks = {
  async beforeSave(input, { tx, mode, id }) {
    let from = time(input.valid_from);
    let until = time(input.valid_until);
    if (mode === 'update' && id !== undefined && (from === null || until === null)) {
      const [row] = await tx
        .select({ from: announcements.validFrom, until: announcements.validUntil })
        .from(announcements)
        .where(eq(announcements.id, id));
      from ??= row ? row.from.getTime() : null;
      until ??= row ? row.until.getTime() : null;
    }
    if (from !== null && until !== null && until <= from) {
      throw validationError('valid_until', BROADCAST_MSG.untilAfterFrom);
    }
    return input;
  },
};

export default hooks;
