import { type AiStatus, EVENTS, MSG, type Preferences } from '@taxi/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { type Clock, dateOf } from '../../lib/clock';
import type { Realtime } from '../../realtime';
import { aiStatusOf, findUserById } from './queries';

export interface AiStatusPatch {
  snoozed_at?: Date | null;
  snooze_interval?: number;
  dispatch_interval?: number;
  ai_stopped?: string;
}

export class UserService {
  constructor(
    private readonly db: Db,
    private readonly realtime: Realtime,
    private readonly clock: Clock,
  ) {}

  /** Changes a user's AI status (audited), then emits `AI status updated` to every console (the users room):
   * supervisors see who has the AI stopped or snoozed; each console applies it to its own user by user_id. */
  async setAiStatus(userId: number, patch: AiStatusPatch, actorId: number | null = null): Promise<AiStatus> {
    const aiStatus = await this.db.transaction(async (tx) => {
      const before = await findUserById(tx, userId);
      if (!before) throw new HttpError(404, MSG.notFound);
      const [after] = await tx
        .update(users)
        .set({
          snoozedAt: patch.snoozed_at,
          snoozeInterval: patch.snooze_interval,
          dispatchInterval: patch.dispatch_interval,
          aiStopped: patch.ai_stopped,
          updatedAt: dateOf(this.clock),
        })
        .where(eq(users.id, userId))
        .returning();
      await tx.insert(auditLog).values({
        actorId,
        action: 'ai_status',
        entity: 'user',
        entityId: String(userId),
        before: aiStatusOf(before),
        after: aiStatusOf(after),
      });
      return aiStatusOf(after);
    });
    this.realtime.emitToUser(userId, EVENTS.aiStatusUpdated, { user_id: userId, ai_status: aiStatus });
    return aiStatus;
  }

  async setPreferences(userId: number, patch: Preferences): Promise<Preferences> {
    const [row] = await this.db
      .update(users)
      .set({ preferences: sql`${users.preferences} || ${JSON.stringify(patch)}::jsonb`, updatedAt: dateOf(this.clock) })
      .where(eq(users.id, userId))
      .returning({ preferences: users.preferences });
    return row?.preferences ?? {};
  }

  async setOnline(userId: number, online: boolean): Promise<void> {
    await this.db
      .update(users)
      .set({ online, updatedAt: dateOf(this.clock) })
      .where(eq(users.id, userId));
  }
}
