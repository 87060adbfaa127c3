import {
  MSG,
  parseSetting,
  SETTING_DEFS,
  type Season,
  type SettingGroup,
  type SettingKey,
  type SettingValues,
  settingKeysOf,
} from '@taxi/shared';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { auditLog, settings } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { type Clock, dateOf } from '../../lib/clock';

/**
 * How long another server's change may go unseen here; this server's own changes are seen at once
 * (the cache is dropped after each write commits).
 */
export const SETTINGS_CACHE_MS = 10_000;

/**
 * The typed settings (SETTING_DEFS in the shared package): stored as strings, read through one cached
 * snapshot of the table so that the dispatch hot path does not query on every use; each change is audited.
 */
export class SettingsService {
  private snapshot: { at: number; rows: Map<string, string> } | null = null;
  /** Bumped by each invalidation: a load that began before it does not store what it read. */
  private generation = 0;
  private loading: Promise<Map<string, string>> | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * The stored strings, from the cache while it is fresh. A reader inside a transaction passes it: a
   * cold cache is then filled through that transaction, never through a second connection it would wait for.
   */
  private async rows(db: DbOrTx = this.db): Promise<Map<string, string>> {
    const cached = this.snapshot;
    if (cached && this.clock.now() - cached.at < SETTINGS_CACHE_MS) return cached.rows;
    if (db !== this.db) return this.load(db);
    this.loading ??= this.load(db).finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(db: DbOrTx): Promise<Map<string, string>> {
    const at = this.clock.now();
    const generation = this.generation;
    const list = await db.select({ key: settings.key, value: settings.value }).from(settings);
    const rows = new Map(list.map((r) => [r.key, r.value]));
    if (generation === this.generation) this.snapshot = { at, rows };
    return rows;
  }

  /** Drops the cache (after a write, or when told another server wrote). */
  invalidate(): void {
    this.generation++;
    this.snapshot = null;
  }

  /** One setting, typed. */
  async value<K extends SettingKey>(key: K): Promise<SettingValues[K]> {
    return parseSetting(key, (await this.rows()).get(key));
  }

  /** Every setting, typed (`db`: the caller's transaction, when it holds one). */
  async values(db?: DbOrTx): Promise<SettingValues> {
    const rows = await this.rows(db);
    const out: Record<string, number | string> = {};
    for (const key of Object.keys(SETTING_DEFS) as SettingKey[]) out[key] = parseSetting(key, rows.get(key));
    return out as SettingValues;
  }

  /** A group's typed values, by key. */
  async group(group: SettingGroup): Promise<Record<string, number | string>> {
    const all = await this.values();
    return Object.fromEntries(settingKeysOf(group).map((k) => [k, all[k]]));
  }

  /** GET setting?key=: the stored string of a known key, its default else; any other key is a 404. */
  async get(key: string): Promise<string> {
    // Own keys only: `__proto__` or `constructor` name no setting.
    if (!Object.hasOwn(SETTING_DEFS, key)) throw new HttpError(404, MSG.notFound);
    return String(await this.value(key as SettingKey));
  }

  /** Writes the given values (already validated) in one transaction, one audit row per changed key. */
  async setMany(values: Partial<Record<SettingKey, number | string>>, actorId: number | null): Promise<void> {
    const entries = Object.entries(values).filter(([, v]) => v !== undefined) as [SettingKey, number | string][];
    if (entries.length === 0) return;
    try {
      await this.db.transaction(async (tx) => {
        for (const [key, raw] of entries) {
          const value = String(raw);
          const [before] = await tx.select().from(settings).where(eq(settings.key, key)).limit(1);
          if (before?.value === value) continue;
          const updatedAt = dateOf(this.clock);
          await tx
            .insert(settings)
            .values({ key, value, updatedAt })
            .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt } });
          await tx.insert(auditLog).values({
            actorId,
            action: 'update',
            entity: 'setting',
            entityId: key,
            before: before ? { value: before.value } : null,
            after: { value },
          });
        }
      });
    } finally {
      this.invalidate();
    }
  }

  set = (key: SettingKey, value: string, actorId: number | null) => this.setMany({ [key]: value }, actorId);

  getSeason = async () => (await this.value('SEASON')) as Season;
  setSeason = (season: Season, actorId: number | null) => this.set('SEASON', season, actorId);
}
