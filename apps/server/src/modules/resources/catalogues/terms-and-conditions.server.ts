import type { TermsAudience } from '@taxi/shared';
import { count, eq, inArray, max } from 'drizzle-orm';
import { termsAcceptances, termsVersions } from '../../../db/schema';
import type { ServerHooks } from '../service';

/** Terms: each audience's versions are numbered 1, 2, 3… in publication order; rows say how many accepted. */
const hooks: ServerHooks = {
  async present(rows, db) {
    const ids = rows.map((r) => r.id);
    const counts = new Map(
      ids.length
        ? (
            await db
              .select({ id: termsAcceptances.termsId, n: count() })
              .from(termsAcceptances)
              .where(inArray(termsAcceptances.termsId, ids))
              .groupBy(termsAcceptances.termsId)
          ).map((c) => [c.id, Number(c.n)])
        : [],
    );
    return rows.map((row) => ({ ...row, acceptances: counts.get(row.id) ?? 0 }));
  },
  async beforeSave(input, { tx, mode }) {
    if (mode !== 'create') return input;
    const audience = input.audience as TermsAudience;
    const [top] = await tx
      .select({ version: max(termsVersions.version) })
      .from(termsVersions)
      .where(eq(termsVersions.audience, audience));
    return { ...input, version: (top?.version ?? 0) + 1 };
  },
};

export default hooks;
