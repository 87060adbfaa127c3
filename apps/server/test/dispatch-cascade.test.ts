// The dispatch cascade (/dispatching: DISPATCH_SINGLE_OFFERS, DISPATCH_GROUP_OFFER_SIZE, DISPATCH_RETRY_MINUTES):
// offers to the best captain in turn, then one offer to the nearest several at once (the first to accept
// wins, atomically; the others see it withdrawn), then the unassigned list until a new round.
import {
  AI_MSG,
  type AiDispatchPopupPayload,
  type BookingDto,
  SETTING_DEFAULTS,
  settingKeysOf,
  UNASSIGNED_REASONS,
} from '@taxi/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingSuggestions, bookings } from '../src/db/schema';
import { makeBooking, makeCaptain } from './factories';
import { apiCaller, loginAll, PinnableClock, testAppForFile } from './helpers';

const MIN = 60_000;
const clock = new PinnableClock();
const t = testAppForFile({ clock });
const call = apiCaller(() => t.app);
let admin = '';
let disp = '';

beforeAll(async () => {
  [admin, disp] = await loginAll(t.app, 'admin@example.com', 'dispatcher@example.com');
});

beforeEach(async () => {
  clock.pinned = null;
  const reset = Object.fromEntries(settingKeysOf('dispatching').map((key) => [key, SETTING_DEFAULTS[key]]));
  expect((await call('PUT', 'settings/dispatching', admin, reset)).statusCode).toBe(200);
});

const setDispatching = async (values: Record<string, number | string>) =>
  expect((await call('PUT', 'settings/dispatching', admin, values)).statusCode).toBe(200);

/** Each test works far from the demo fleet and from the other tests, so only its captains are near. */
let area = 0;
async function scene(count: number) {
  area += 1;
  const at = { lon: 2.0 + area * 0.2, lat: 48.0 };
  const captains: number[] = [];
  for (let i = 1; i <= count; i++) {
    const lon = at.lon + i * 0.002; // nearest first
    const { captain } = await makeCaptain(t.db, { lastLon: lon, lastLat: at.lat });
    await t.app.locations.setOnline(captain.id, true);
    t.app.locations.report(captain.id, lon, at.lat);
    captains.push(captain.id);
  }
  const booking = await makeBooking(t.db, { pickUpLon: at.lon, pickUpLat: at.lat });
  return { captains, booking };
}

const rowsOf = (bookingId: number) =>
  t.db.select().from(bookingSuggestions).where(eq(bookingSuggestions.bookingId, bookingId));
const card = async (id: number) => (await call('GET', `bookings/${id}`, disp)).json().data as BookingDto;

describe('the dispatch cascade', () => {
  it("keeps each offer's ranking score: the popup of an accepted offer shows why the AI chose the captain", async () => {
    const { captains, booking } = await scene(2);
    const [best] = (await t.app.dispatchEngine.rank(booking.id)).candidates;
    expect(await t.app.ai.offerNext(booking.id)).toBe(captains[0]);
    const suggestion = await t.app.ai.answerOffer(captains[0], booking.id, true);
    const popup = (await t.app.ai.popupOf(suggestion as NonNullable<typeof suggestion>)) as AiDispatchPopupPayload;
    expect(popup.type).toBe('dispatch');
    expect(best.captain_id).toBe(captains[0]);
    expect(popup.score).toEqual({ parts: best.parts, total: best.total, station_queue: best.station_queue });
    expect(popup.score?.parts.eta).toBeGreaterThan(0);

    // An offer made by hand (no ranking behind it) has no score to show.
    const other = await makeBooking(t.db, { pickUpLon: booking.pickUpLon, pickUpLat: booking.pickUpLat });
    expect(await t.app.bookings.offer(other.id, captains[1], new Date(Date.now() + MIN))).not.toBeNull();
    const byHand = await t.app.ai.answerOffer(captains[1], other.id, true);
    expect(((await t.app.ai.popupOf(byHand as NonNullable<typeof byHand>)) as AiDispatchPopupPayload).score).toBeNull();
  });

  it('offers to one captain at a time, then to the nearest several who did not refuse, then unassigns', async () => {
    await setDispatching({ DISPATCH_SINGLE_OFFERS: 2, DISPATCH_GROUP_OFFER_SIZE: 3 });
    const { captains, booking } = await scene(4);
    const [c1, c2, c3, c4] = captains;

    expect(await t.app.ai.offerNext(booking.id)).toBe(c1);
    await t.app.ai.answerOffer(c1, booking.id, false);
    expect(await t.app.ai.offerNext(booking.id)).toBe(c2);
    await t.app.ai.answerOffer(c2, booking.id, null); // no answer before the deadline

    // Two single offers made: the group offer goes to the nearest three who did not refuse.
    expect(await t.app.ai.offerNext(booking.id)).toBe(c2);
    const group = (await rowsOf(booking.id)).filter((r) => r.kind === 'group');
    expect(group.map((r) => r.captainId).sort()).toEqual([c2, c3, c4].sort());
    const offered = await card(booking.id);
    expect(offered.active_captain_suggestion).toMatchObject({ captain_name: '', captains: 3 });
    // A live group offer keeps its captains out of other bookings' candidates.
    const other = await makeBooking(t.db, { pickUpLon: booking.pickUpLon, pickUpLat: booking.pickUpLat });
    const ids = (await t.app.dispatchEngine.rank(other.id)).candidates.map((c) => c.captain_id);
    expect(ids).not.toContain(c3);
    expect(ids).toContain(c1);

    // Everybody in the group refuses: the booking is unassigned, with its reason, and no offer is live.
    for (const c of [c2, c3, c4]) await t.app.ai.answerOffer(c, booking.id, false);
    expect(await t.app.ai.offerNext(booking.id)).toBeNull();
    const unassigned = await card(booking.id);
    expect(unassigned.unassigned?.reason).toBe(UNASSIGNED_REASONS[0]);
    expect(unassigned.active_captain_suggestion).toBeNull();
    const logs = (await call('GET', `booking/${booking.id}/logs`, disp)).json().data as { title: string }[];
    expect(logs.map((l) => l.title)).toContain('unassigned');
  });

  it('the first captain of a group to accept wins it; the others lose the race and see it withdrawn', async () => {
    await setDispatching({ DISPATCH_SINGLE_OFFERS: 0, DISPATCH_GROUP_OFFER_SIZE: 3 });
    const { captains, booking } = await scene(3);
    // No single offers configured: the very first offer is the group offer (the setting is read live).
    await t.app.ai.offerNext(booking.id);
    expect((await rowsOf(booking.id)).map((r) => r.kind)).toEqual(['group', 'group', 'group']);

    const answers = await Promise.allSettled(captains.map((c) => t.app.ai.answerOffer(c, booking.id, true)));
    const won = answers.filter((a) => a.status === 'fulfilled');
    const lost = answers.filter((a) => a.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(2);
    for (const l of lost) expect((l as PromiseRejectedResult).reason.message).toMatch(/first|no open offer/i);

    const rows = await rowsOf(booking.id);
    const winner = rows.find((r) => r.status === 'ACCEPTED');
    expect(winner).toBeDefined();
    expect(rows.filter((r) => r.status === 'WITHDRAWN')).toHaveLength(2);
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(b.suggestionCaptainId).toBe(winner?.captainId);
    expect(b.suggestionGroupSize).toBeNull();
    // The withdrawn captains have no offer left to answer.
    const loser = rows.find((r) => r.status === 'WITHDRAWN');
    await expect(t.app.ai.answerOffer(loser?.captainId ?? 0, booking.id, true)).rejects.toThrow(AI_MSG.noOffer);
    // The card shows the winner alone; the withdrawn offers are not answers.
    const dto = await card(booking.id);
    expect(dto.suggestions.map((s) => s.status)).toEqual(['ACCEPTED']);
  });

  it('a group offer nobody answers runs out in the sweep; an unassigned booking waits for the retry interval', async () => {
    await setDispatching({ DISPATCH_SINGLE_OFFERS: 0, DISPATCH_GROUP_OFFER_SIZE: 2, DISPATCH_RETRY_MINUTES: 5 });
    const { captains, booking } = await scene(2);
    const start = Date.now();
    clock.pinned = start;
    await t.app.ai.offerNext(booking.id);
    // The offer timeout passes with no answer: the sweep closes both and the next step unassigns.
    clock.pinned = start + SETTING_DEFAULTS.OFFER_TIMEOUT_SECONDS * 1000 + 1000;
    await t.app.ai.tick();
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(b.suggestionUntil).toBeNull();
    expect(b.unassignedAt).not.toBeNull();
    const live = await t.db
      .select()
      .from(bookingSuggestions)
      .where(and(eq(bookingSuggestions.bookingId, booking.id), eq(bookingSuggestions.status, 'SENT')));
    expect(live.every((r) => (r.until?.getTime() ?? 0) <= (clock.pinned ?? 0))).toBe(true);

    // Within the retry interval the sweep leaves it in the unassigned list…
    clock.pinned = (b.unassignedAt?.getTime() ?? 0) + 4 * MIN;
    await t.app.ai.tick();
    expect((await rowsOf(booking.id)).length).toBe(2);
    // …after it, a new round starts: the same captains may be asked again.
    clock.pinned = (b.unassignedAt?.getTime() ?? 0) + 5 * MIN + 1000;
    await t.app.ai.tick();
    const rows = await rowsOf(booking.id);
    expect(rows.length).toBe(4);
    expect(
      rows
        .slice(2)
        .map((r) => r.captainId)
        .sort(),
    ).toEqual([...captains].sort());
  });

  it('DISPATCH_MATCHING: batch gives the contested captain to the booking with no other near one; greedy does not', async () => {
    // On a line (0.001° ≈ 74 m): pickup 1 at 0, captain A at +4, captain B at -6, pickup 2 at +16.
    // Greedy serves booking 1 first with its nearest (A), leaving B, far from pickup 2: 4 + 22 = 26.
    // The batch gives booking 1 its second (B) and booking 2 its only near one (A): 6 + 12 = 18.
    const offersIn = async (matching: string) => {
      await setDispatching({ DISPATCH_MATCHING: matching, DISPATCH_SINGLE_OFFERS: 3 });
      area += 1;
      const x0 = 2.0 + area * 0.2;
      const lat = 48.0;
      const at = async (dx: number) => {
        const { captain } = await makeCaptain(t.db, { lastLon: x0 + dx, lastLat: lat });
        await t.app.locations.setOnline(captain.id, true);
        t.app.locations.report(captain.id, x0 + dx, lat);
        return captain.id;
      };
      const a = await at(0.004);
      const b = await at(-0.006);
      // Due a while ago (the sweep takes the earliest first): booking 1 the earlier of the two.
      const due = new Date(Date.now() - 20 * MIN);
      const first = await makeBooking(t.db, { pickUpLon: x0, pickUpLat: lat, datetime: due });
      const second = await makeBooking(t.db, {
        pickUpLon: x0 + 0.016,
        pickUpLat: lat,
        datetime: new Date(due.getTime() + 1000),
      });
      await t.app.ai.tick();
      const offered = await t.db
        .select({ id: bookings.id, captainId: bookings.suggestionCaptainId })
        .from(bookings)
        .where(inArray(bookings.id, [first.id, second.id]));
      const captainOf = (id: number) => offered.find((o) => o.id === id)?.captainId;
      return { a, b, first: captainOf(first.id), second: captainOf(second.id) };
    };
    const greedy = await offersIn('greedy');
    expect([greedy.first, greedy.second]).toEqual([greedy.a, greedy.b]);
    const batch = await offersIn('batch');
    expect([batch.first, batch.second]).toEqual([batch.b, batch.a]);
  });

  it('batch: a booking the assignment leaves out backs off before it is planned again', async () => {
    await setDispatching({ DISPATCH_MATCHING: 'batch' });
    const { booking: first } = await scene(1);
    const at = { lon: first.pickUpLon as number, lat: first.pickUpLat as number };
    const second = await makeBooking(t.db, { pickUpLon: at.lon, pickUpLat: at.lat });
    clock.pinned = Date.now();
    await t.app.ai.tick();
    const offered = async () =>
      (
        await t.db
          .select({ id: bookings.id, captainId: bookings.suggestionCaptainId })
          .from(bookings)
          .where(inArray(bookings.id, [first.id, second.id]))
      ).filter((b) => b.captainId !== null);
    // One captain for two bookings: one is offered, the other left out.
    expect(await offered()).toHaveLength(1);

    // A second captain comes: within the back-off the left-out booking is not planned, after it it is.
    const { captain } = await makeCaptain(t.db, { lastLon: at.lon + 0.001, lastLat: at.lat });
    await t.app.locations.setOnline(captain.id, true);
    t.app.locations.report(captain.id, at.lon + 0.001, at.lat);
    await t.app.ai.tick();
    expect(await offered()).toHaveLength(1);
    clock.pinned += 1_100;
    await t.app.ai.tick();
    expect((await offered()).map((b) => b.captainId)).toContain(captain.id);
  });

  it('development: POST ai/dev/refuse/{id} plays the captains refusing, step by step to the unassigned list', async () => {
    await setDispatching({ DISPATCH_SINGLE_OFFERS: 1, DISPATCH_GROUP_OFFER_SIZE: 2 });
    const { captains, booking } = await scene(2);
    const [c1, c2] = captains;
    expect(await t.app.ai.offerNext(booking.id)).toBe(c1);
    const refuse = async () => (await call('POST', `ai/dev/refuse/${booking.id}`, disp)).json().data;
    expect(await refuse()).toEqual({ refused: [c1], offered: c2, unassigned: false });
    const last = await refuse();
    expect(last.refused).toEqual([c2]);
    expect(last).toMatchObject({ offered: null, unassigned: true });
    expect((await card(booking.id)).unassigned?.reason).toBe(UNASSIGNED_REASONS[0]);
    expect((await call('POST', 'ai/dev/refuse/999999', disp)).statusCode).toBe(404);
    // The board's first page starts with the unassigned list, before earlier pending orders.
    const earlier = await makeBooking(t.db, { datetime: new Date(Date.now() - 3 * 3600_000) });
    const board = (await call('GET', 'booking?group=pending&perPage=50', disp)).json().data.data as BookingDto[];
    const firstPlain = board.findIndex((b) => !b.unassigned);
    expect(board.findIndex((b) => b.id === booking.id)).toBeGreaterThanOrEqual(0);
    expect(board.findIndex((b) => b.id === booking.id)).toBeLessThan(firstPlain);
    expect(board.slice(0, firstPlain).every((b) => b.unassigned)).toBe(true);
    expect(board.slice(firstPlain).every((b) => !b.unassigned)).toBe(true);
    // Ordered by time alone, the order three hours earlier would come first.
    expect(new Date(board[0].datetime).getTime()).toBeGreaterThan(earlier.datetime.getTime());
  });
});
