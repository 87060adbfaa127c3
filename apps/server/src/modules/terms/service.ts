import type { TermsAudience, TermsStatusDto } from '@taxi/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { termsAcceptances, termsVersions } from '../../db/schema';
import { type Clock, dateOf } from '../../lib/clock';

type TermsRow = typeof termsVersions.$inferSelect;

/** The newest terms of each audience, their acceptance by the apps, and where a person stands. */
export class TermsService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  /** The version the apps show (the newest published), or null before any. */
  async current(audience: TermsAudience): Promise<TermsRow | null> {
    const [row] = await this.deps.db
      .select()
      .from(termsVersions)
      .where(eq(termsVersions.audience, audience))
      .orderBy(desc(termsVersions.version))
      .limit(1);
    return row ?? null;
  }

  /** The app accepted the current version (again is harmless); false when there is nothing to accept. */
  async acceptCurrent(audience: TermsAudience, ownerId: number): Promise<boolean> {
    const terms = await this.current(audience);
    if (!terms) return false;
    await this.deps.db
      .insert(termsAcceptances)
      .values({ termsId: terms.id, ownerKind: audience, ownerId, acceptedAt: dateOf(this.deps.clock) })
      .onConflictDoNothing();
    return true;
  }

  async status(audience: TermsAudience, ownerId: number): Promise<TermsStatusDto> {
    const current = await this.current(audience);
    const [accepted] = await this.deps.db
      .select({ version: termsVersions.version, at: termsAcceptances.acceptedAt })
      .from(termsAcceptances)
      .innerJoin(termsVersions, eq(termsVersions.id, termsAcceptances.termsId))
      .where(and(eq(termsAcceptances.ownerKind, audience), eq(termsAcceptances.ownerId, ownerId)))
      .orderBy(desc(termsVersions.version))
      .limit(1);
    return {
      audience,
      current_version: current?.version ?? null,
      accepted_version: accepted?.version ?? null,
      accepted_at: accepted?.at.toISOString() ?? null,
      up_to_date: current === null || accepted?.version === current.version,
    };
  }
}
