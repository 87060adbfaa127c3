import { CAPTAIN_APP_MSG } from '@taxi/shared';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { captainAppSteps } from '../../db/schema';
import { HttpError, validationError } from '../../http/errors';
import { IDEMPOTENCY_IN_FLIGHT_MS } from '../../http/idempotency';
import { dateOf } from '../../lib/clock';

export type StepAction = 'step' | 'cancel';

/**
 * Runs a ride step once per client step id: the id is claimed (INSERT … ON CONFLICT DO NOTHING) before the step
 * runs and completed with its answer. The same id again answers the stored answer without running anything; while
 * the first is still running, 409; for another booking or action, 422. A step that fails gives its id back, so a
 * retry runs it again (and is answered as it then is). A claim left in flight longer than the idempotency bound
 * (a node that stopped mid-step) is taken over.
 */
export async function runOnce<T>(
  app: FastifyInstance,
  captainId: number,
  stepId: string,
  bookingId: number,
  action: StepAction,
  run: () => Promise<T>,
): Promise<T> {
  const { db } = app;
  const now = dateOf(app.clock);
  const claimed = await db
    .insert(captainAppSteps)
    .values({ captainId, stepId, bookingId, action, createdAt: now })
    .onConflictDoNothing()
    .returning({ stepId: captainAppSteps.stepId });
  const mine = and(eq(captainAppSteps.captainId, captainId), eq(captainAppSteps.stepId, stepId));
  if (claimed.length === 0) {
    const [row] = await db.select().from(captainAppSteps).where(mine);
    if (!row) throw new HttpError(409, CAPTAIN_APP_MSG.stepInFlight);
    if (row.bookingId !== bookingId || row.action !== action) {
      throw validationError('step_id', CAPTAIN_APP_MSG.stepIdReused);
    }
    if (row.answer !== null) return row.answer as T;
    const stale = new Date(now.getTime() - IDEMPOTENCY_IN_FLIGHT_MS);
    const taken = await db
      .update(captainAppSteps)
      .set({ createdAt: now })
      .where(and(mine, isNull(captainAppSteps.answer), lt(captainAppSteps.createdAt, stale)))
      .returning({ stepId: captainAppSteps.stepId });
    if (taken.length === 0) throw new HttpError(409, CAPTAIN_APP_MSG.stepInFlight);
  }
  let answer: T;
  try {
    answer = await run();
  } catch (error) {
    await db.delete(captainAppSteps).where(and(mine, isNull(captainAppSteps.answer)));
    throw error;
  }
  await db.update(captainAppSteps).set({ answer }).where(mine);
  return answer;
}
