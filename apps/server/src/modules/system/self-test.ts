import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  EVENTS,
  SELF_TEST_CHECKS,
  SELF_TEST_TIMEOUT_MS,
  type SelfTestCheck,
  type SelfTestDto,
  type SelfTestResult,
  SELF_TEST_UI as UI,
} from '@taxi/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobs } from '../../db/schema';
import { userRoom } from '../../realtime';

/** The job kind the self-test schedules: its handler does nothing, running it is the test. */
export const SELF_TEST_JOB = 'system.self_test';

/** Thrown inside the database check's transaction so that what it wrote never stays. */
class RollBack extends Error {}

type Outcome = Pick<SelfTestResult, 'status' | 'detail'>;
const ok = (detail: string): Outcome => ({ status: 'ok', detail });
const failed = (detail: string): Outcome => ({ status: 'failed', detail });

interface Caller {
  id: number;
  email: string;
}

type Check = (app: FastifyInstance, caller: Caller, nonce: string) => Promise<Outcome>;

const CHECKS: Record<SelfTestCheck, Check> = {
  async database(app, _caller, nonce) {
    let readBack: unknown;
    try {
      await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(jobs)
          .values({ kind: SELF_TEST_JOB, payload: { nonce }, runAt: new Date(app.clock.now() + 3600_000) })
          .returning({ id: jobs.id });
        [readBack] = await tx.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.id, row.id));
        throw new RollBack();
      });
    } catch (error) {
      if (!(error instanceof RollBack)) throw error;
    }
    const same = (readBack as { payload?: { nonce?: string } } | undefined)?.payload?.nonce === nonce;
    return same ? ok(UI.databaseOk) : failed(UI.databaseMismatch);
  },

  async jobs(app, _caller, nonce) {
    if (!app.jobs.polling) return failed(UI.jobsOff);
    const id = await app.jobs.schedule(SELF_TEST_JOB, { nonce });
    // The worker polls (JOB_POLL_MS): wait for any node's worker to mark it done.
    const deadline = Date.now() + SELF_TEST_TIMEOUT_MS - 250;
    while (Date.now() < deadline) {
      const [row] = await app.db.select({ doneAt: jobs.doneAt }).from(jobs).where(eq(jobs.id, id));
      if (row?.doneAt) return ok(UI.jobsOk);
      await sleep(100);
    }
    await app.jobs.cancel(id);
    return failed(UI.jobsLate(Math.round(SELF_TEST_TIMEOUT_MS / 1000)));
  },

  async storage(app, _caller, nonce) {
    const data = Buffer.from(`self-test ${nonce}\n`);
    const name = await app.files.storage.put(data, 'txt');
    try {
      const back = await app.files.storage.get(name);
      return back?.equals(data) ? ok(UI.storageOk) : failed(UI.storageMismatch);
    } finally {
      await app.files.storage.remove(name);
    }
  },

  async routing(app) {
    const places = app.city.places();
    if (places.length < 2) return failed(UI.routingNoPlaces);
    const [from, to] = [places[0], places[Math.floor(places.length / 2)]];
    const route = app.city.route([from.lng, from.lat], [to.lng, to.lat]);
    if (route.kind !== 'graph') return failed(UI.routingStraight);
    return ok(UI.routingOk((route.metres / 1000).toFixed(1), Math.max(1, Math.round(route.seconds / 60))));
  },

  async mail(app, caller) {
    if (!app.config.smtpUrl) return { status: 'skipped', detail: UI.mailOff };
    await app.mailer.send({
      to: caller.email,
      subject: UI.mailSubject,
      text: UI.mailText(new Date(app.clock.now()).toISOString()),
    });
    return ok(UI.mailOk(caller.email));
  },

  async realtime(app, caller, nonce) {
    // Counted across nodes (the Redis adapter asks the others), then sent: the page waits for it.
    const sockets = await app.realtime.io.in(userRoom(caller.id)).fetchSockets();
    if (sockets.length === 0) return failed(UI.realtimeNoSocket);
    app.realtime.emitToUser(caller.id, EVENTS.selfTest, { nonce });
    return ok(UI.realtimeSent(sockets.length));
  },
};

/** One check under its time limit; an exception is its failure, in words. */
async function runCheck(app: FastifyInstance, check: SelfTestCheck, caller: Caller, nonce: string) {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve(failed(UI.timedOut(SELF_TEST_TIMEOUT_MS / 1000))), SELF_TEST_TIMEOUT_MS);
  });
  let outcome: Outcome;
  try {
    outcome = await Promise.race([CHECKS[check](app, caller, nonce), timeout]);
  } catch (error) {
    app.log.warn({ err: error, check }, 'self-test check failed');
    outcome = failed(UI.error(error instanceof Error ? error.message : String(error)));
  } finally {
    clearTimeout(timer);
  }
  return { check, ...outcome, ms: Math.round(performance.now() - started) };
}

/** Every check, one after the other (they are small; in order, each one's time is its own). */
export async function runSelfTest(app: FastifyInstance, caller: Caller): Promise<SelfTestDto> {
  const nonce = randomBytes(12).toString('hex');
  const results: SelfTestResult[] = [];
  for (const check of SELF_TEST_CHECKS) results.push(await runCheck(app, check, caller, nonce));
  return { ran_at: new Date(app.clock.now()).toISOString(), nonce, results };
}
