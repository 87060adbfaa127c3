import type { FastifyInstance } from 'fastify';
import type { SimulatorStatus } from '../modules/system/status';
import { SimCaptains } from './captains';
import { SimChat } from './chat';
import { type SimClock, seededRandom } from './clock';
import { simComplaints } from './complaints';
import { captainInbox } from './inbox';
import { type PassengerOptions, SimPassengers } from './passengers';
import { SimRatings } from './ratings';
import { simSurveys } from './surveys';
import { SimTickets } from './tickets';
import { SimWorld } from './world';

export { ManualClock, seededRandom } from './clock';

export interface SimulatorOptions extends PassengerOptions {
  captains: number;
  clock?: SimClock;
  random?: () => number;
  /** Seconds between two position reports of a captain. */
  reportEverySeconds?: number;
  /** Run the AI sweep from the simulator's step (tests with a hand-moved clock). */
  driveAi?: boolean;
}

/**
 * The world simulator: plays the passenger and captain apps through the same services as real
 * traffic (BookingService.create, the AI's offers, the captain-side transitions, LocationService).
 * Captains (captains.ts) log on and off by shift and drive along street routes; passengers (passengers.ts)
 * book now or later from the city's stations, landmarks and hotels; some cancel, some captains are late or
 * give up; the apps rate their rides, chat, file tickets, answer surveys and complain. This file runs the clock
 * loop.
 */
export class Simulator {
  readonly clock: SimClock;
  private readonly world: SimWorld;
  private readonly captains: SimCaptains;
  private readonly passengers: SimPassengers;
  private readonly reportEvery: number;
  private lastStep = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** Set by stop(): the step under way ends after its current phase. */
  private stopping = false;
  /** The apps' side of the conversations (answers, questions). */
  private readonly chat: SimChat;
  /** The apps' tickets after rides. */
  private readonly tickets: SimTickets;

  constructor(
    private readonly app: FastifyInstance,
    private readonly opts: SimulatorOptions,
  ) {
    this.clock = opts.clock ?? app.clock;
    this.world = new SimWorld(app, this.clock, opts.random ?? Math.random);
    this.passengers = new SimPassengers(this.world, opts);
    // The apps' ratings after each paid ride: their own sequence too.
    const ratings = new SimRatings(app, opts.random ? seededRandom(13) : Math.random);
    this.captains = new SimCaptains(this.world, opts.captains, () => this.passengers.dropoffs, ratings);
    this.reportEvery = (opts.reportEverySeconds ?? 4) * 1000;
    // Its own sequence: with a seeded world, the chat does not shift the bookings' draws.
    this.chat = new SimChat(app, opts.random ? seededRandom(7) : Math.random);
    this.tickets = new SimTickets(app, opts.random ? seededRandom(11) : Math.random);
  }

  /** What the world did so far (bookings, sign-ups, reports, payments, cancellations, errors). */
  get counters() {
    return this.world.counters;
  }

  /** Its figures for the debug view (/debug_view). */
  status(): SimulatorStatus {
    const c = this.world.counters;
    return {
      captains: this.captains.online,
      bookings: c.bookings,
      paid: c.paid,
      passenger_cancels: c.paxCancels,
      captain_cancels: c.captainCancels,
      errors: c.errors,
    };
  }

  /** Loads the fleet, passengers, places and reasons. Returns a line saying how captains drive. */
  async init(): Promise<string> {
    // In this order: with a seeded world, each load draws from the one random sequence in turn.
    const pickups = this.passengers.loadPlaces();
    await this.captains.load(pickups.length ? pickups : null);
    await this.passengers.loadRiders();
    await this.captains.loadReasons();
    await this.passengers.loadPhoneActor();
    this.lastStep = this.clock.now();
    const fleet = this.captains.size;
    const rate = this.opts.bookingsPerHour;
    return this.app.city.hasStreets
      ? `Simulator: ${fleet} captains drive on the street graph, ${rate} bookings/hour`
      : `Simulator: ${fleet} captains, NO street data — they drive in straight lines, ${rate} bookings/hour`;
  }

  /** Real-time loop (the demo): one step a second. */
  start(periodMs = 1000): void {
    if (this.timer) return;
    this.stopping = false;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.step()
        .catch((e) => this.app.log.warn(e, 'simulator step failed'))
        .finally(() => {
          this.running = null;
        });
    }, periodMs);
    this.timer.unref();
  }

  /** Stops the loop; resolves once the step under way has finished its current phase (a shutdown waits no longer). */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Advances the world to the clock's time. */
  async step(): Promise<void> {
    const now = this.clock.now();
    const dt = Math.max(0, (now - this.lastStep) / 1000);
    this.lastStep = now;
    const { captains, passengers, world } = this;
    await this.timed('shifts', () => captains.shifts(now));
    await this.timed('book', () => passengers.newBookings(now, dt));
    if (this.opts.driveAi) await this.timed('ai', () => this.app.ai.tick());
    await this.timed('offers', () => captains.answerOffers(now));
    await this.timed('assign', () => captains.pickUpAssignments(now));
    await this.timed('cancel', () => passengers.passengerCancels(now));
    const atPickup = captains.atPickup();
    await this.timed('chat', () => world.guard(() => this.chat.step(now, dt, atPickup)));
    await this.timed('tickets', () => world.guard(() => this.tickets.step(dt)));
    await this.timed('surveys', () => world.guard(() => simSurveys(this.app, !!this.opts.random).step(now, dt)));
    await this.timed('complaints', () => world.guard(() => simComplaints(this.app, !!this.opts.random).step(now)));
    await this.timed('inbox', () => captainInbox(this.app).readSome(captains.onShiftIds(), now));
    await this.timed('drive', () => captains.driveAll(now, dt, this.reportEvery));
  }

  /** Milliseconds spent per phase of the steps so far (measurements). */
  readonly phaseMs: Record<string, number> = {};
  private async timed(phase: string, work: () => Promise<void>) {
    if (this.stopping) return;
    const t0 = performance.now();
    await work();
    this.phaseMs[phase] = (this.phaseMs[phase] ?? 0) + performance.now() - t0;
  }

  /** Simulated captains on shift (tests and logs). */
  get online(): number {
    return this.captains.online;
  }
}
