import { DEFAULT_SEASON, MSG, type Season } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, settings } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { type Clock, dateOf } from '../../lib/clock';

/** Known setting keys and their defaults; any other key is a 404. */
export const SETTING_DEFAULTS: Record<string, string> = { SEASON: DEFAULT_SEASON };

export class SettingsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async get(key: string): Promise<string> {
    const [row] = await this.db.select().from(settings).where(eq(settings.key, key)).limit(1);
    if (row) return row.value;
    // Own keys only: `__proto__` or `constructor` name no setting.
    const fallback = Object.hasOwn(SETTING_DEFAULTS, key) ? SETTING_DEFAULTS[key] : undefined;
    if (fallback === undefined) throw new HttpError(404, MSG.notFound);
    return fallback;
  }

  async set(key: string, value: string, actorId: number | null): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(settings).where(eq(settings.key, key)).limit(1);
      await tx
        .insert(settings)
        .values({ key, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: dateOf(this.clock) } });
      await tx.insert(auditLog).values({
        actorId,
        action: 'update',
        entity: 'setting',
        entityId: key,
        before: before ? { value: before.value } : null,
        after: { value },
      });
    });
  }

  getSeason = async () => (await this.get('SEASON')) as Season;
  setSeason = (season: Season, actorId: number | null) => this.set('SEASON', season, actorId);
}
