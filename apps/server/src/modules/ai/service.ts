import { AI_TIMINGS } from '@taxi/shared';
import type { LonLat } from '@taxi/shared/geo';
import { dateOf } from '../../lib/clock';
import type { Actor, AiDeps, SuggestionRow } from './context';
import { confirm, openOf, pass, refuse, snooze } from './decisions';
import { acceptAsCaptain, refuseAsCaptains } from './dev-accept';
import { answerOffer, offerNext } from './offers';
import { openPopups, operatorsOn, popupOf } from './popups';
import { propose } from './propose';
import { AiSweep } from './sweep';

export { AI_ACTOR, type AiDeps } from './context';

/**
 * The AI-assisted dispatch lifecycle. A sweep (`tick`) offers due PENDING bookings to the best ranked
 * captain; a captain's acceptance becomes an AI suggestion shown to operators with a 150 s countdown; at
 * zero (or on 'Ok, Let AI Dispatch it' or a client's Ai:pass_booking) the booking is dispatched through
 * the bookings' compare-and-set. Each action lives in its own file (offers, propose, decisions, popups).
 */
export class AiService {
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;
  private readonly sweep: AiSweep;

  constructor(readonly deps: AiDeps) {
    this.sweep = new AiSweep(deps);
  }

  /** Sweeps every `periodMs` of wall time (the demo and production; tests call `tick` themselves). */
  start(periodMs: number = AI_TIMINGS.sweepMs): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.sweeping) return;
      this.sweeping = this.tick()
        .catch((e) => this.deps.log.warn(e, 'AI sweep failed'))
        .finally(() => {
          this.sweeping = null;
        });
    }, periodMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sweeping;
  }

  tick = () => this.sweep.tick();
  offerNext = (bookingId: number, now?: Date) => offerNext(this.deps, bookingId, now);
  answerOffer = (captainId: number, bookingId: number, accept: boolean | null) =>
    answerOffer(this.deps, captainId, bookingId, accept);
  propose = (bookingId: number, captainId: number, countdownUntil?: Date) =>
    propose(this.deps, bookingId, captainId, countdownUntil);
  popupOf = (s: SuggestionRow) => popupOf(this.deps, s);
  activeOperators = async (now = dateOf(this.deps.clock)) => (await operatorsOn(this.deps, now)).map((u) => u.id);
  openPopups = (userId: number) => openPopups(this.deps, userId);
  openOf = (bookingId: number) => openOf(this.deps, bookingId);
  pass = (bookingId: number, actor: Actor, via: 'operator' | 'client' | 'timer') =>
    pass(this.deps, bookingId, actor, via);
  snooze = (user: Actor, bookingId: number) => snooze(this.deps, user, bookingId);
  confirm = (user: Actor, bookingId: number) => confirm(this.deps, user, bookingId);
  refuse = (user: Actor, bookingId: number) => refuse(this.deps, user, bookingId);
  acceptAsCaptain = (bookingId: number, as: { captainId?: number; at?: LonLat } = {}) =>
    acceptAsCaptain(this.deps, bookingId, as);
  refuseAsCaptains = (bookingId: number) => refuseAsCaptains(this.deps, bookingId);
}
