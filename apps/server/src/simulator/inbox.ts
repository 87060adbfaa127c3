import type { FastifyInstance } from 'fastify';

const MINUTE = 60_000;

/** A spread in [0, 1) from a captain and a time: no draw from the simulator's seeded sequence (replays stay the same). */
function spread(captainId: number, at: number): number {
  const x = Math.imul(captainId ^ Math.floor(at / 1000), 2654435761) >>> 0;
  return (x % 10_000) / 10_000;
}

/**
 * The captain app's inbox as the simulated captains use it: when a shift starts the app connects and
 * fetches the messages still pending (they count as delivered from then) and the announcements valid now;
 * a captain on shift opens their messages a few minutes after they arrive.
 */
export class SimulatedInbox {
  /** When each captain on shift next looks at their messages. */
  private readonly nextLook = new Map<number, number>();

  constructor(private readonly app: FastifyInstance) {}

  /** Shift start: pending messages and the valid announcements reach the app. */
  async appOpened(captainId: number, now: number): Promise<void> {
    const at = new Date(now);
    const pending = await this.app.inbox.pending(captainId);
    await this.app.inbox.markDelivered(
      captainId,
      pending.map((p) => p.id),
      at,
    );
    await this.app.inbox.receiveAnnouncements(captainId, at);
    // The app asks for the current terms before the shift; the captain accepts a new version then.
    await this.app.terms.acceptCurrent('captain', captainId);
    this.nextLook.set(captainId, now + (1 + 4 * spread(captainId, now)) * MINUTE);
  }

  /** Captains on shift whose moment came read what they received. */
  async readSome(onShift: readonly number[], now: number): Promise<void> {
    for (const captainId of onShift) {
      const due = this.nextLook.get(captainId);
      if (due === undefined) {
        this.nextLook.set(captainId, now + (2 + 10 * spread(captainId, now)) * MINUTE);
        continue;
      }
      if (due > now) continue;
      this.nextLook.set(captainId, now + (2 + 10 * spread(captainId, now)) * MINUTE);
      const unread = await this.app.inbox.unread(captainId);
      await this.app.inbox.markRead(
        captainId,
        unread.map((u) => u.id),
        new Date(now),
      );
    }
  }
}

const inboxes = new WeakMap<FastifyInstance, SimulatedInbox>();

/** The simulated captain apps' inbox of this server. */
export function captainInbox(app: FastifyInstance): SimulatedInbox {
  let inbox = inboxes.get(app);
  if (!inbox) {
    inbox = new SimulatedInbox(app);
    inboxes.set(app, inbox);
  }
  return inbox;
}
