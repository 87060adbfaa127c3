// The driver search (besoin, bookings.md §3-§4): a booking the dispatch cascade finds no captain for becomes one
// for BESOIN_SEARCH_MINUTES; 'Extend waiting time' (POST besoin/renew/{id}) adds BESOIN_RENEWAL_MINUTES; at its
// end without renewal it expires ('expired besoin' and the dispatchers' notification), and a dispatch ends it.
import {
  type BookingDto,
  EVENTS,
  MSG,
  NOTIFICATION_TEMPLATES,
  type NotificationItem,
  SETTING_DEFAULTS,
  settingKeysOf,
} from '@taxi/shared';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, bookings, jobs, notifications, users } from '../src/db/schema';
import { AI_ACTOR } from '../src/modules/ai';
import { JOB_KINDS } from '../src/modules/bookings/model';
import { makeBooking, makeCaptain } from './factories';
import { apiCaller, type ClientSocket, listeningAppForFile, loginAll, nextEvent, PinnableClock } from './helpers';

const MIN = 60_000;
const clock = new PinnableClock();
const t = listeningAppForFile({ clock });
const call = apiCaller(() => t.app);
let admin = '';
let disp = '';
let airport = '';
let socket: ClientSocket;

beforeAll(async () => {
  [admin, disp, airport] = await loginAll(t.app, 'admin@example.com', 'dispatcher@example.com', 'airport@example.com');
  socket = await t.connected(disp);
});

beforeEach(async () => {
  clock.pinned = null;
  const reset = Object.fromEntries(settingKeysOf('dispatching').map((key) => [key, SETTING_DEFAULTS[key]]));
  expect((await call('PUT', 'settings/dispatching', admin, reset)).statusCode).toBe(200);
});

const setDispatching = async (values: Record<string, number>) =>
  expect((await call('PUT', 'settings/dispatching', admin, values)).statusCode).toBe(200);

/** Each test works far from the demo fleet and from the others: only its own captains are near. */
let area = 0;
async function scene(count: number) {
  area += 1;
  const at = { lon: 3.0 + area * 0.2, lat: 47.0 };
  const captains: number[] = [];
  for (let i = 1; i <= count; i++) {
    const lon = at.lon + i * 0.002;
    const { captain } = await makeCaptain(t.db, { lastLon: lon, lastLat: at.lat });
    await t.app.locations.setOnline(captain.id, true);
    t.app.locations.report(captain.id, lon, at.lat);
    captains.push(captain.id);
  }
  const booking = await makeBooking(t.db, { pickUpLon: at.lon, pickUpLat: at.lat });
  return { captains, booking };
}

const row = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const audits = (id: number, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'booking'), eq(auditLog.entityId, String(id)), eq(auditLog.action, action)));
const expiryJobs = (id: number) =>
  t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, JOB_KINDS.besoinExpire), sql`(${jobs.payload}->>'booking_id')::int = ${id}`));
const expiredNotices = async (id: number) => {
  const [d] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'dispatcher@example.com'));
  return (
    await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, d.id), eq(notifications.kind, 'besoin_expired')))
  ).filter((n) => (n.params as { id?: number } | null)?.id === id);
};
/** The next event of this kind about the booking on the dispatcher's console. */
const onConsole = <T>(event: string, match: (payload: T) => boolean) => nextEvent<T>(socket, event, match);
const besoinUpdate = (id: number) =>
  onConsole<BookingDto>(EVENTS.updateBooking, (b) => b.id === id && b.besoin === true);

describe('a booking the cascade finds no captain for becomes a driver search (besoin)', () => {
  it('every offered captain refuses: besoin until now + BESOIN_SEARCH_MINUTES, audited, its end scheduled, once', async () => {
    await setDispatching({ DISPATCH_SINGLE_OFFERS: 1, DISPATCH_GROUP_OFFER_SIZE: 0, BESOIN_SEARCH_MINUTES: 12 });
    const { captains, booking } = await scene(1);
    const t0 = Date.now();
    clock.pinned = t0;
    expect(await t.app.ai.offerNext(booking.id)).toBe(captains[0]);
    expect((await row(booking.id)).besoin).toBe(false);
    await t.app.ai.answerOffer(captains[0], booking.id, false);

    const update = besoinUpdate(booking.id);
    expect(await t.app.ai.offerNext(booking.id)).toBeNull();
    const end = new Date(t0 + 12 * MIN);
    const b = await row(booking.id);
    expect(b).toMatchObject({ status: 'PENDING', besoin: true, besoinDate: end });
    expect(b.unassignedAt).not.toBeNull();
    // Every console's card learns it (and so shows 'Extend waiting time').
    expect(await update).toMatchObject({ besoin: true, besoin_date: end.toISOString() });
    expect((await audits(booking.id, 'besoin_start')).map((a) => a.after)).toEqual([
      { besoin: true, besoin_date: end.toISOString() },
    ]);
    expect((await expiryJobs(booking.id)).map((j) => j.runAt)).toEqual([end]);

    // The cascade's next end (a new round after the retry interval, or another node) makes no second one.
    clock.pinned = t0 + 2 * MIN;
    await t.app.bookings.markUnassigned(booking.id, 'no_acceptance');
    expect(await t.app.bookings.startBesoin(booking.id)).toBe(false);
    expect(await audits(booking.id, 'besoin_start')).toHaveLength(1);
    expect(await expiryJobs(booking.id)).toHaveLength(1);
    expect((await row(booking.id)).besoinDate).toEqual(end);
  });

  it('no eligible captain at all: a besoin of its own; two cascade ends at once make one', async () => {
    await setDispatching({ BESOIN_SEARCH_MINUTES: 9 });
    const { booking } = await scene(0);
    const t0 = Date.now();
    clock.pinned = t0;
    const update = besoinUpdate(booking.id);
    expect(await t.app.ai.offerNext(booking.id)).toBeNull();
    expect(await row(booking.id)).toMatchObject({ besoin: true, besoinDate: new Date(t0 + 9 * MIN) });
    expect((await update).besoin_date).toBe(new Date(t0 + 9 * MIN).toISOString());

    const { booking: other } = await scene(0);
    await Promise.all([
      t.app.bookings.startBesoin(other.id),
      t.app.bookings.startBesoin(other.id),
      t.app.bookings.markUnassigned(other.id, 'no_acceptance'),
    ]);
    expect((await row(other.id)).besoinDate).toEqual(new Date(t0 + 9 * MIN));
    expect(await audits(other.id, 'besoin_start')).toHaveLength(1);
    expect(await expiryJobs(other.id)).toHaveLength(1);
  });

  it('the configuration changes the search: BESOIN_SEARCH_MINUTES sets besoin_date, BESOIN_RENEWAL_MINUTES the extension', async () => {
    const t0 = Date.now();
    clock.pinned = t0;
    const searchOf = async (minutes: number) => {
      await setDispatching({ BESOIN_SEARCH_MINUTES: minutes });
      const { booking } = await scene(0);
      await t.app.ai.offerNext(booking.id);
      return { id: booking.id, end: (await row(booking.id)).besoinDate?.getTime() };
    };
    const short = await searchOf(5);
    const long = await searchOf(40);
    expect(short.end).toBe(t0 + 5 * MIN);
    expect(long.end).toBe(t0 + 40 * MIN);

    await setDispatching({ BESOIN_RENEWAL_MINUTES: 3 });
    const a = (await call('POST', `besoin/renew/${short.id}`, disp)).json().data as BookingDto;
    expect(Date.parse(a.besoin_date ?? '')).toBe(t0 + 8 * MIN);
    await setDispatching({ BESOIN_RENEWAL_MINUTES: 25 });
    const b = (await call('POST', `besoin/renew/${short.id}`, disp)).json().data as BookingDto;
    expect(Date.parse(b.besoin_date ?? '')).toBe(t0 + 33 * MIN);
    // Once its end has passed, an extension counts from now.
    clock.pinned = t0 + 50 * MIN;
    const c = (await call('POST', `besoin/renew/${long.id}`, disp)).json().data as BookingDto;
    expect(Date.parse(c.besoin_date ?? '')).toBe(t0 + 75 * MIN);
  });
});

describe('renewal, expiry and dispatch of a cascade-made besoin', () => {
  it("renew → 'renew besoin' and the end moves; the end passes → 'expired besoin' and its notification; PENDING stays", async () => {
    await setDispatching({ BESOIN_SEARCH_MINUTES: 10, BESOIN_RENEWAL_MINUTES: 6 });
    const { booking } = await scene(0);
    const t0 = Date.now();
    clock.pinned = t0;
    await t.app.ai.offerNext(booking.id);
    expect((await row(booking.id)).besoinDate).toEqual(new Date(t0 + 10 * MIN));

    // The airport desk (roles 11 and 12) has no live socket, so none of these events reaches it.
    const refused = t.socket(airport);
    const error = await new Promise<Error>((resolve) => refused.once('connect_error', resolve));
    expect(error.message).toBe(MSG.airportNoSocket);

    clock.pinned = t0 + 4 * MIN;
    const renewed = onConsole<{ booking_id: number; besoin_date: string }>(
      EVENTS.renewBesoin,
      (p) => p.booking_id === booking.id,
    );
    const res = await call('POST', `besoin/renew/${booking.id}`, disp);
    expect(res.statusCode).toBe(200);
    const end = new Date(t0 + 16 * MIN);
    expect((await renewed).besoin_date).toBe(end.toISOString());
    expect((res.json().data as BookingDto).besoin_date).toBe(end.toISOString());
    expect((await expiryJobs(booking.id)).map((j) => j.runAt.getTime()).sort()).toEqual([t0 + 10 * MIN, end.getTime()]);

    // The first end (before the renewal) comes: nothing expires.
    clock.pinned = t0 + 10 * MIN + 1000;
    await t.app.jobs.runDue(100);
    expect((await row(booking.id)).besoin).toBe(true);
    expect(await expiredNotices(booking.id)).toHaveLength(0);

    // The renewed end passes without another renewal.
    const expired = onConsole<{ booking_id: number }>(EVENTS.expiredBesoin, (p) => p.booking_id === booking.id);
    const notice = onConsole<NotificationItem>(
      EVENTS.newNotification,
      (n) => n.kind === 'besoin_expired' && n.params?.id === booking.id,
    );
    clock.pinned = end.getTime() + 1000;
    await t.app.jobs.runDue(100);
    expect((await expired).booking_id).toBe(booking.id);
    expect(await notice).toMatchObject({
      template: NOTIFICATION_TEMPLATES.besoinExpired,
      link: `/rides/${booking.id}`,
    });
    expect(await expiredNotices(booking.id)).toHaveLength(1);
    expect(await row(booking.id)).toMatchObject({ status: 'PENDING', besoin: false, besoinDate: end });
    // Extending is refused now; the cascade's next run-out starts no second search.
    expect((await call('POST', `besoin/renew/${booking.id}`, disp)).statusCode).toBe(409);
    await t.app.ai.offerNext(booking.id);
    expect(await row(booking.id)).toMatchObject({ besoin: false, besoinDate: end });
  });

  it('a manual dispatch and an accepted offer both end the search: the flag goes, its end expires nothing', async () => {
    await setDispatching({ DISPATCH_SINGLE_OFFERS: 1, DISPATCH_GROUP_OFFER_SIZE: 0, BESOIN_SEARCH_MINUTES: 10 });
    const t0 = Date.now();
    clock.pinned = t0;
    // Manual: the only captain refused, the booking is a besoin; the dispatcher dispatches it to them anyway.
    const manual = await scene(1);
    await t.app.ai.offerNext(manual.booking.id);
    await t.app.ai.answerOffer(manual.captains[0], manual.booking.id, false);
    await t.app.ai.offerNext(manual.booking.id);
    expect((await row(manual.booking.id)).besoin).toBe(true);
    const dispatched = await call('PUT', `dispatch/${manual.booking.id}/${manual.captains[0]}`, disp);
    expect(dispatched.statusCode).toBe(200);
    expect((dispatched.json().data as BookingDto).besoin).toBe(false);

    // Offer: a besoin without a captain; one comes, is offered it in the next round and accepts; the AI dispatches.
    const offered = await scene(0);
    await t.app.ai.offerNext(offered.booking.id);
    expect((await row(offered.booking.id)).besoin).toBe(true);
    const { captain } = await makeCaptain(t.db, {
      lastLon: offered.booking.pickUpLon as number,
      lastLat: offered.booking.pickUpLat as number,
    });
    await t.app.locations.setOnline(captain.id, true);
    t.app.locations.report(captain.id, offered.booking.pickUpLon as number, offered.booking.pickUpLat as number);
    expect(await t.app.ai.offerNext(offered.booking.id)).toBe(captain.id);
    await t.app.ai.answerOffer(captain.id, offered.booking.id, true);
    const passed = await t.app.ai.pass(offered.booking.id, AI_ACTOR, 'timer');
    expect(passed).toMatchObject({ status: 'APPROVED', besoin: false });

    clock.pinned = t0 + 10 * MIN + 1000;
    await t.app.jobs.runDue(100);
    for (const id of [manual.booking.id, offered.booking.id]) {
      expect((await row(id)).besoin).toBe(false);
      expect(await expiredNotices(id)).toHaveLength(0);
    }
    expect((await audits(manual.booking.id, 'dispatch'))[0]).toMatchObject({
      before: { status: 'PENDING', besoin: true },
      after: { status: 'APPROVED', besoin: false },
    });

    // Taken back from its captain, PENDING again: a cascade that finds nobody starts a new search.
    expect((await call('POST', `booking/${manual.booking.id}/redispatch`, disp)).statusCode).toBe(200);
    expect(await row(manual.booking.id)).toMatchObject({ status: 'PENDING', besoin: false, besoinDate: null });
    await t.app.ai.offerNext(manual.booking.id);
    expect(await row(manual.booking.id)).toMatchObject({ besoin: true, besoinDate: new Date(t0 + 20 * MIN + 1000) });
  });
});
