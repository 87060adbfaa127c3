import { type BookingStatus, captainShareCents, dateToCityLocal, nextStatuses, TERMINAL_STATUSES } from '@taxi/shared';
import { and, asc, eq, gte, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountEntries,
  aiSuggestions,
  bonuses,
  bonusPackages,
  bookingStatuses,
  bookings,
  captains,
  geofenceLogs,
  messages,
  passengers,
  payments,
  ratingCauses,
  rideRatings,
  users,
} from '../src/db/schema';
import { HttpError } from '../src/http/errors';
import { commissionOf } from '../src/modules/contracts/service';
import { ManualClock, Simulator, seededRandom } from '../src/simulator';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
/** The one clock of the server, moved by hand: services, jobs, tracking, the AI and the simulator read it. */
const clock = new ManualClock();
/**
 * The simulated hour follows the hand-moved clock, so its outcome is the same on a loaded machine as on an
 * idle one; only its wall time varies (about 1 min idle, over 4 min with both cores busy). The time limits
 * (15 minutes) only stop a hang.
 */
const WALL_LIMIT_MS = 15 * 60_000;
beforeAll(async () => {
  t = await buildTestApp({ clock });
}, WALL_LIMIT_MS);
afterAll(async () => {
  await t?.close();
});

describe('world simulator', () => {
  it('runs a busy accelerated hour: every booking ends legally, AI time and service changes are answered and applied', async () => {
    // A whole minute: booking times are kept to the minute, so a start mid-minute would shift every margin.
    const start = Math.floor(Date.now() / 60_000) * 60_000;
    clock.set(start);
    const sim = new Simulator(t.app, {
      captains: 4,
      bookingsPerHour: 60,
      clock,
      random: seededRandom(42),
      driveAi: true,
      reportEverySeconds: 10,
      // The test fleet has no luxury car: every VIP booking needs the passenger to accept another service.
      vipShare: 0.25,
      // Enough short-notice bookings that some captain is always too far: time-change popups every hour.
      laterShare: 0.35,
      shortNoticeShare: 0.6,
    });
    const line = await sim.init();
    expect(line).toMatch(/4 captains/);
    const before = new Date(start - 1);

    // The operator at the console answers the passenger-facing popups (time and service changes) about
    // 40 s after they open, alternating 'The passenger said ok' and 'The passenger said NO' for each kind
    // (the first of each kind is accepted), so both answers of both kinds are seen however the hour goes.
    const [operator] = await t.db.select().from(users).where(eq(users.email, 'dispatcher@example.com'));
    const desk = { id: operator.id, roles: [], permissions: ['DISPATCHING'] };
    const answers = { time_change: 0, service_change: 0 };
    const answerPopups = async () => {
      const open = await t.db
        .select()
        .from(aiSuggestions)
        .where(
          and(eq(aiSuggestions.status, 'PROPOSED'), inArray(aiSuggestions.kind, ['time_change', 'service_change'])),
        );
      for (const s of open) {
        if (clock.now() - s.createdAt.getTime() < 40_000) continue;
        const kind = s.kind as keyof typeof answers;
        const answer =
          answers[kind]++ % 2 === 0 ? t.app.ai.confirm(desk, s.bookingId) : t.app.ai.refuse(desk, s.bookingId);
        await answer.catch((error) => {
          if (!(error instanceof HttpError)) throw error;
        });
      }
    };

    const began = performance.now();
    for (let s = 0; s < 3600; s += 10) {
      clock.advance(10_000);
      await sim.step();
      await answerPopups();
    }
    const wallMs = performance.now() - began;

    const made = await t.db.select().from(bookings).where(gte(bookings.createdAt, before));
    expect(made.length).toBe(sim.counters.bookings);
    expect(made.length).toBeGreaterThan(25);
    expect(sim.counters.reports).toBeGreaterThan(500);
    expect(sim.online).toBeGreaterThan(0);
    const ids = made.map((b) => b.id);
    const history = await t.db
      .select()
      .from(bookingStatuses)
      .where(inArray(bookingStatuses.bookingId, ids))
      .orderBy(asc(bookingStatuses.createdAt), asc(bookingStatuses.id));
    const byBooking = new Map<number, BookingStatus[]>();
    for (const h of history)
      byBooking.set(h.bookingId, [...(byBooking.get(h.bookingId) ?? []), h.status as BookingStatus]);
    for (const b of made) {
      const seq = byBooking.get(b.id) ?? [];
      expect(seq[0], `booking ${b.id}`).toBe('PENDING');
      for (let i = 1; i < seq.length; i++) {
        expect(TERMINAL_STATUSES.includes(seq[i - 1]), `booking ${b.id}: ${seq.join(' → ')}`).toBe(false);
        expect(nextStatuses(seq[i - 1]), `booking ${b.id}: ${seq.join(' → ')}`).toContain(seq[i]);
      }
      expect(seq[seq.length - 1], `booking ${b.id}`).toBe(b.status);
    }
    const paid = made.filter((b) => b.status === 'PAID');
    expect(paid.length).toBeGreaterThan(5);
    // Seeded rides already under way may be finished by the fleet too.
    expect(paid.length).toBeLessThanOrEqual(sim.counters.paid);
    const pays = await t.db
      .select()
      .from(payments)
      .where(
        inArray(
          payments.bookingId,
          paid.map((b) => b.id),
        ),
      );
    for (const b of paid) {
      const mine = pays.filter((p) => p.bookingId === b.id && p.type === 'booking');
      expect(mine, `payment of ${b.id}`).toHaveLength(1);
      expect(Number(mine[0].amount)).toBeGreaterThan(3);
    }
    // Both apps rated every paid ride; a low rating (3 stars or fewer) names a cause about the rated person.
    const rated = await t.db
      .select({
        bookingId: rideRatings.bookingId,
        by: rideRatings.by,
        stars: rideRatings.stars,
        about: ratingCauses.target,
      })
      .from(rideRatings)
      .leftJoin(ratingCauses, eq(ratingCauses.id, rideRatings.causeId))
      .where(
        inArray(
          rideRatings.bookingId,
          paid.map((b) => b.id),
        ),
      );
    expect(rated).toHaveLength(paid.length * 2);
    for (const r of rated.filter((r) => r.stars <= 3))
      expect(r.about, `rating of ${r.bookingId} by ${r.by}`).toBe(r.by === 'passenger' ? 'captain' : 'passenger');
    expect(rated.filter((r) => r.about !== null).length, 'ratings with a cause').toBeGreaterThan(0);
    // The ledger: every paid ride wrote the captain's ride entry of what the payments charged, less the
    // commission of the captain's contract level.
    const rideEntries = await t.db
      .select()
      .from(accountEntries)
      .where(
        and(
          eq(accountEntries.type, 'ride'),
          inArray(
            accountEntries.bookingId,
            paid.map((b) => b.id),
          ),
        ),
      );
    for (const b of paid) {
      const cents = (type: string) =>
        pays
          .filter((p) => p.bookingId === b.id && p.type === type)
          .reduce((sum, p) => sum + Math.round(Number(p.amount) * 100), 0);
      const entry = rideEntries.find((e) => e.bookingId === b.id);
      const commission = entry ? await commissionOf(t.db, entry.ownerId) : null;
      expect(entry?.amount, `ride entry of ${b.id}`).toBe(
        captainShareCents(cents('booking'), commission, cents('tip')),
      );
    }
    // Bonuses arise from the hour's rides: with a one-paid-ride bonus valid today, the daily bonus job pays
    // each captain who drove, once (a second run writes nothing).
    const [pkg] = await t.db
      .insert(bonusPackages)
      .values({ name: 'One ride', active: true, validFrom: '2000-01-01' })
      .returning();
    const [oneRide] = await t.db
      .insert(bonuses)
      .values({ bonusPackageId: pkg.id, name: 'One ride', kind: 'rides_count', threshold: 1, amount: 2 })
      .returning();
    const days = [...new Set([start, clock.now()].map((ms) => dateToCityLocal(new Date(ms)).slice(0, 10)))];
    for (const day of days) await t.app.bonuses.payDay(day);
    const paidBonuses = await t.db
      .select()
      .from(accountEntries)
      .where(and(eq(accountEntries.type, 'captain_bonus'), like(accountEntries.reference, `bonus:${oneRide.id}:%`)));
    // Every captain who drove in the hour earned it (the seeded fleet's rides of the day earn it too).
    for (const captainId of new Set(rideEntries.map((e) => e.ownerId))) {
      const mine = paidBonuses.filter((b) => b.ownerId === captainId).length;
      expect(mine, `bonus of captain ${captainId}`).toBeGreaterThanOrEqual(1);
      expect(mine, `bonus of captain ${captainId}`).toBeLessThanOrEqual(days.length);
    }
    for (const day of days) expect(await t.app.bonuses.payDay(day)).toBe(0);
    // The fleet charges what the fare engine says of the trip as driven, and the booking keeps its reasons.
    const fares = await t.db
      .select({ id: bookings.id, final: bookings.fareFinal, serviceId: bookings.serviceId })
      .from(bookings)
      .where(
        inArray(
          bookings.id,
          made.filter((b) => b.status === 'PAID').map((b) => b.id),
        ),
      );
    for (const f of fares) {
      const charged = pays.find((p) => p.bookingId === f.id && p.type === 'booking');
      expect(f.final, `final fare of ${f.id}`).not.toBeNull();
      expect(Number(charged?.amount)).toBeCloseTo((f.final?.cents ?? 0) / 100, 2);
      expect(f.final?.lines.reduce((sum, line) => sum + line.cents, 0)).toBe(f.final?.cents);
    }
    // Geofence: every paid ride entered the pickup radius and left it.
    const fences = await t.db
      .select()
      .from(geofenceLogs)
      .where(
        inArray(
          geofenceLogs.bookingId,
          paid.map((b) => b.id),
        ),
      );
    for (const b of paid) {
      const f = fences.filter((g) => g.bookingId === b.id);
      expect(
        f.some((g) => g.enterTime && g.leaveTime),
        `geofence of ${b.id}`,
      ).toBe(true);
    }
    // The AI handled the dispatches.
    const dispatched = await t.db.select().from(aiSuggestions).where(eq(aiSuggestions.status, 'DISPATCHED'));
    expect(dispatched.length).toBeGreaterThan(5);
    const kinds = await t.db.select({ kind: aiSuggestions.kind, status: aiSuggestions.status }).from(aiSuggestions);
    const tally: Record<string, number> = {};
    for (const k of kinds) tally[`${k.kind}:${k.status}`] = (tally[`${k.kind}:${k.status}`] ?? 0) + 1;
    console.log(`AI suggestions by kind and end: ${JSON.stringify(tally)}`);
    // VIP bookings without a free VIP car got the service-change popup; the answers took effect.
    const changes = await t.db.select().from(aiSuggestions).where(eq(aiSuggestions.kind, 'service_change'));
    const confirmed = changes.filter((c) => c.status === 'CONFIRMED');
    const refused = changes.filter((c) => c.status === 'REFUSED');
    // The first popup of each kind is accepted (the refusal's own rules are tested in ai.test.ts).
    expect(confirmed.length, 'service changes the passenger accepted').toBeGreaterThan(0);
    const changedRows = await t.db
      .select()
      .from(bookings)
      .where(
        inArray(
          bookings.id,
          changes.map((c) => c.bookingId),
        ),
      );
    for (const c of confirmed) {
      expect(changedRows.find((b) => b.id === c.bookingId)?.serviceId, `booking ${c.bookingId}`).toBe(c.newServiceId);
    }
    for (const c of refused) {
      expect(changedRows.find((b) => b.id === c.bookingId)?.serviceId, `booking ${c.bookingId}`).not.toBe(
        c.newServiceId,
      );
    }
    // Short-notice bookings with the few captains busy or far got the time-suggestion popup; an accepted
    // new time is the booking's time.
    const retimed = await t.db
      .select({ s: aiSuggestions, datetime: bookings.datetime })
      .from(aiSuggestions)
      .innerJoin(bookings, eq(bookings.id, aiSuggestions.bookingId))
      .where(and(eq(aiSuggestions.kind, 'time_change'), eq(aiSuggestions.status, 'CONFIRMED')));
    expect(retimed.length, 'time changes the passenger accepted').toBeGreaterThan(0);
    for (const r of retimed) expect(r.datetime.getTime(), `booking ${r.s.bookingId}`).toBe(r.s.newTime?.getTime());
    expect(sim.counters.errors).toBe(0);
    console.log(
      `simulated hour in ${Math.round(wallMs)} ms: ${made.length} bookings, ${paid.length} paid, ` +
        `${sim.counters.paxCancels} passenger and ${sim.counters.captainCancels} captain cancellations, ` +
        `${sim.counters.signups} sign-ups, ${sim.counters.reports} position reports; ms by phase ${JSON.stringify(sim.phaseMs, (_k, v) => (typeof v === 'number' ? Math.round(v) : v))}`,
    );
  }, 900_000);

  it('the captain and passenger apps answer the staff and the reminders, and ask questions themselves', async () => {
    const start = clock.now() + 60_000;
    clock.set(start);
    const sim = new Simulator(t.app, { captains: 3, bookingsPerHour: 120, clock, random: seededRandom(9) });
    await sim.init();
    const [operator] = await t.db.select().from(users).where(eq(users.email, 'dispatcher@example.com'));
    const [captain] = await t.db.select({ id: captains.id }).from(captains).limit(1);
    const conversationId = await t.app.chat.open('captain', { captainId: captain.id });
    const asked = await t.app.chat.send({ kind: 'user', id: operator.id }, conversationId, { body: 'Are you free?' });
    const [pax] = await t.db.select({ id: passengers.id }).from(passengers).limit(1);
    const paxConversation = await t.app.chat.open('passenger', { passengerId: pax.id });
    const reminder = await t.db.transaction((tx) =>
      t.app.chat.insertMessage(tx, { kind: 'system', id: null }, paxConversation, { body: 'Reminder', bookingId: 1 }),
    );
    for (let s = 0; s < 1800; s += 10) {
      clock.advance(10_000);
      await sim.step();
    }
    const reply = await t.app.chat.messages(conversationId, { limit: 5 });
    expect(reply.data.at(-1)?.sender_kind).toBe('captain');
    expect(reply.data.at(-1)?.id).toBeGreaterThan(asked.id);
    const receipts = await t.app.chat.reads(conversationId);
    expect(receipts.find((r) => r.reader_kind === 'captain')?.last_read_message_id).toBeGreaterThanOrEqual(asked.id);
    // The passenger may also have written since about a ride of their own: look for the answer to the reminder.
    const answer = await t.app.chat.messages(paxConversation, { limit: 50 });
    const toReminder = answer.data.find((m) => m.id > reminder.id && m.sender_kind === 'passenger');
    expect(toReminder).toMatchObject({ sender_kind: 'passenger', booking_id: 1 });
    const written = await t.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(inArray(messages.senderKind, ['captain', 'passenger']), gte(messages.createdAt, new Date(start))));
    expect(written.length).toBeGreaterThan(2);
    expect(sim.counters.errors).toBe(0);
  }, 900_000);
});
