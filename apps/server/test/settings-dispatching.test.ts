import { MAP_CENTER, SETTING_DEFAULTS, settingKeysOf } from '@taxi/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, bookingSuggestions, bookings, jobs, notifications } from '../src/db/schema';
import { JOB_KINDS } from '../src/modules/bookings/model';
import { makeBooking, makeCaptain } from './factories';
import { apiCaller, loginAll, PinnableClock, testAppForFile } from './helpers';

const MIN = 60_000;
const clock = new PinnableClock();
const t = testAppForFile({ clock });
const call = apiCaller(() => t.app);
let admin: string;
let sup: string;
let disp: string;
let gov: string;

beforeAll(async () => {
  [admin, sup, disp, gov] = await loginAll(
    t.app,
    'admin@example.com',
    'supervisor@example.com',
    'dispatcher@example.com',
    'gov@example.com',
  );
});

beforeEach(async () => {
  clock.pinned = null;
  // Each test starts from the defaults.
  const reset = Object.fromEntries(settingKeysOf('dispatching').map((key) => [key, SETTING_DEFAULTS[key]]));
  expect((await call('PUT', 'settings/dispatching', admin, reset)).statusCode).toBe(200);
});

const setDispatching = async (values: Record<string, number>) => {
  const res = await call('PUT', 'settings/dispatching', sup, values);
  expect(res.statusCode).toBe(200);
  return res;
};

/** A captain online at the given offset east of the map centre, known to the live index. */
async function captainAt(dLon: number) {
  const { captain } = await makeCaptain(t.db, { lastLon: MAP_CENTER[0] + dLon, lastLat: MAP_CENTER[1] });
  await t.app.locations.setOnline(captain.id, true);
  t.app.locations.report(captain.id, MAP_CENTER[0] + dLon, MAP_CENTER[1]);
  return captain;
}

describe('settings/{group}', () => {
  it('reads the typed defaults; refuses without the page permission; Goverment may not change', async () => {
    expect((await call('GET', 'settings/dispatching', null)).statusCode).toBe(401);
    expect((await call('GET', 'settings/dispatching', disp)).statusCode).toBe(403);
    expect((await call('PUT', 'settings/dispatching', disp, { DISPATCH_RADIUS_KM: 3 })).statusCode).toBe(403);
    expect((await call('PUT', 'settings/general', gov, { SEASON: 'day' })).statusCode).toBe(403);
    const res = await call('GET', 'settings/dispatching', sup);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      group: 'dispatching',
      values: {
        DISPATCH_RADIUS_KM: 15,
        OFFER_TIMEOUT_SECONDS: 30,
        DISPATCH_SINGLE_OFFERS: 3,
        DISPATCH_GROUP_OFFER_SIZE: 3,
        DISPATCH_RETRY_MINUTES: 3,
        DISPATCH_MATCHING: 'batch',
        SOON_TO_CLEAR_MINUTES: 4,
        AI_POPUP_SECONDS: 150,
        AI_POPUP_AUDIENCE: 'all',
        DEFAULT_SNOOZE_MINUTES: 5,
        SCHEDULED_LEAD_MINUTES: 30,
        TIME_CHANGE_AFTER_MINUTES: 5,
        LATE_BOOKING_MINUTES: 5,
        LATE_CAPTAIN_MINUTES: 5,
        UNANSWERED_OFFER_PERCENT: 50,
        BESOIN_SEARCH_MINUTES: 15,
        BESOIN_RENEWAL_MINUTES: 10,
        BESOIN_EXPIRING_MINUTES: 5,
      },
    });
    expect((await call('GET', 'settings/general', sup)).json().data.values).toEqual({
      SEASON: 'night',
      PASSENGER_LATE_CANCEL_FEE_EUROS: 0,
      MIN_STAFF_ON_DUTY: 4,
    });
  });

  it('422 with field errors for out-of-range, non-integer, unknown keys and values; nothing is written', async () => {
    const bad = await call('PUT', 'settings/dispatching', sup, {
      DISPATCH_RADIUS_KM: 0,
      OFFER_TIMEOUT_SECONDS: 'soon',
      AI_POPUP_SECONDS: 12.5,
      OFFER_TIMEOUT: 3,
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(
      expect.arrayContaining(['DISPATCH_RADIUS_KM', 'OFFER_TIMEOUT_SECONDS', 'AI_POPUP_SECONDS']),
    );
    // the driver search's length and its extension: whole minutes from 1 to 240
    const besoin = await call('PUT', 'settings/dispatching', sup, {
      BESOIN_SEARCH_MINUTES: 0,
      BESOIN_RENEWAL_MINUTES: 241,
    });
    expect(besoin.statusCode).toBe(422);
    expect(Object.keys(besoin.json().errors).sort()).toEqual(['BESOIN_RENEWAL_MINUTES', 'BESOIN_SEARCH_MINUTES']);
    expect(besoin.json().errors.BESOIN_SEARCH_MINUTES[0]).toMatch(/>=\s*1/);
    expect(besoin.json().errors.BESOIN_RENEWAL_MINUTES[0]).toMatch(/<=\s*240/);
    const fraction = await call('PUT', 'settings/dispatching', sup, { BESOIN_SEARCH_MINUTES: 7.5 });
    expect(fraction.statusCode).toBe(422);
    expect(fraction.json().errors).toHaveProperty('BESOIN_SEARCH_MINUTES');
    const season = await call('PUT', 'settings/general', sup, { SEASON: 'winter' });
    expect(season.statusCode).toBe(422);
    expect(season.json().errors).toHaveProperty('SEASON');
    // a key of another group is not this group's
    expect((await call('PUT', 'settings/general', sup, { DISPATCH_RADIUS_KM: 3 })).statusCode).toBe(422);
    const after = (await call('GET', 'settings/dispatching', sup)).json().data.values;
    expect(after).toMatchObject({ DISPATCH_RADIUS_KM: 15, BESOIN_SEARCH_MINUTES: 15, BESOIN_RENEWAL_MINUTES: 10 });
  });

  it('saves, answers the new values with a message, audits each changed key once', async () => {
    const auditedOffer = () =>
      t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'setting'), eq(auditLog.entityId, 'OFFER_TIMEOUT_SECONDS')));
    const before = (await auditedOffer()).length;
    const res = await setDispatching({ DISPATCH_RADIUS_KM: 9, OFFER_TIMEOUT_SECONDS: 30 });
    expect(res.json().message).toBe('Settings saved');
    expect(res.json().data.values).toMatchObject({ DISPATCH_RADIUS_KM: 9, OFFER_TIMEOUT_SECONDS: 30 });
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'setting'), eq(auditLog.entityId, 'DISPATCH_RADIUS_KM')))
      .orderBy(asc(auditLog.id));
    expect(rows.at(-1)).toMatchObject({ action: 'update', after: { value: '9' } });
    // unchanged OFFER_TIMEOUT_SECONDS: no audit row for it in this save
    expect(await auditedOffer()).toHaveLength(before);
    // the season selector and the /settings page write the same setting
    expect((await call('PUT', 'settings/general', sup, { SEASON: 'hot' })).statusCode).toBe(200);
    expect((await call('GET', 'setting?key=SEASON', disp)).json().data).toBe('hot');
    expect(await t.app.settings.getSeason()).toBe('hot');
  });

  it('serves reads from its cache: no query on the hot path once loaded', async () => {
    await t.app.dispatchConfig.current();
    let queries = 0;
    const spy = t.db.select.bind(t.db);
    (t.db as { select: unknown }).select = (...args: Parameters<typeof spy>) => {
      queries++;
      return spy(...args);
    };
    try {
      for (let i = 0; i < 20; i++) await t.app.dispatchConfig.current();
    } finally {
      (t.db as { select: unknown }).select = spy;
    }
    expect(queries).toBe(0);
  });
});

describe('the dispatch engine, the AI and the timers read the settings live', () => {
  it('search radius: a captain 4 km away is a candidate at 15 km, not at 2 km', async () => {
    const far = await captainAt(0.05);
    const booking = await makeBooking(t.db);
    // every candidate (the route shows the best 50 at most; the demo fleet is around the centre too)
    const ids = async () =>
      (await t.app.dispatchEngine.rank(booking.id, { k: 500 })).candidates.map((c) => c.captain_id);
    expect(await ids()).toContain(far.id);
    await setDispatching({ DISPATCH_RADIUS_KM: 2 });
    expect(await ids()).not.toContain(far.id);
    await t.app.locations.setOnline(far.id, false);
  });

  it('offer timeout: the offer lasts the setting, and runs out earlier when it is shorter', async () => {
    const start = Date.now();
    clock.pinned = start;
    await setDispatching({ OFFER_TIMEOUT_SECONDS: 10 });
    const mine = await captainAt(0.004);
    const booking = await makeBooking(t.db, { datetime: new Date(start) });
    const captainId = await t.app.ai.offerNext(booking.id);
    expect(captainId).not.toBeNull();
    const [offered] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(offered.suggestionUntil?.getTime()).toBe(start + 10_000);
    // 11 s later (the default 30 s would still run): the sweep closes the unanswered offer
    clock.pinned = start + 11_000;
    await t.app.ai.tick();
    const [first] = await t.db
      .select()
      .from(bookingSuggestions)
      .where(and(eq(bookingSuggestions.bookingId, booking.id), eq(bookingSuggestions.captainId, captainId as number)))
      .orderBy(asc(bookingSuggestions.id));
    // an unanswered offer is closed at the sweep's time (the default 30 s would still be running)
    expect(first.until?.getTime()).toBe(start + 11_000);
    await t.app.locations.setOnline(mine.id, false);
  });

  it('AI popup countdown: an accepted offer opens a popup of the set length', async () => {
    const start = Date.now();
    clock.pinned = start;
    await setDispatching({ AI_POPUP_SECONDS: 40 });
    const captain = await captainAt(0.004);
    const booking = await makeBooking(t.db, { datetime: new Date(start) });
    const suggestion = await t.app.ai.propose(booking.id, captain.id);
    expect(suggestion.countdownUntil?.getTime()).toBe(start + 40_000);
    // the consoles' countdown bar is drawn over the same length
    expect((await t.app.ai.popupOf(suggestion)).countdown_seconds).toBe(40);
    await t.app.locations.setOnline(captain.id, false);
  });

  it('late booking: a shorter threshold makes the timer fire earlier; a longer one sets it again', async () => {
    const start = Date.now();
    clock.pinned = start;
    const booking = await makeBooking(t.db, { datetime: new Date(start - 3 * MIN) });
    const lateOnes = async () =>
      (
        await t.db
          .select()
          .from(notifications)
          .where(
            and(eq(notifications.kind, 'late_booking'), sql`(${notifications.params}->>'id')::int = ${booking.id}`),
          )
      ).length;
    const timers = () =>
      t.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, JOB_KINDS.lateBooking), sql`(${jobs.payload}->>'booking_id')::int = ${booking.id}`))
        .orderBy(asc(jobs.id));
    // 3 minutes late, threshold 5: not late yet; the timer is set again for datetime + 5 min
    await t.app.jobs.schedule(JOB_KINDS.lateBooking, { booking_id: booking.id }, new Date(start - 1000));
    await t.app.jobs.runDue(100);
    expect(await lateOnes()).toBe(0);
    expect((await timers()).at(-1)?.runAt.getTime()).toBe(start + 2 * MIN);
    // threshold 2: the same booking is late now
    await setDispatching({ LATE_BOOKING_MINUTES: 2 });
    await t.app.jobs.schedule(JOB_KINDS.lateBooking, { booking_id: booking.id }, new Date(start - 1000));
    await t.app.jobs.runDue(100);
    expect(await lateOnes()).toBeGreaterThan(0);
  });

  it('late captain: the timer of a dispatch follows the threshold, and the job reads it again', async () => {
    const start = Date.now();
    clock.pinned = start;
    await setDispatching({ LATE_CAPTAIN_MINUTES: 3 });
    const booking = await makeBooking(t.db, { datetime: new Date(start - 2 * MIN) });
    const { captain } = await makeCaptain(t.db);
    expect((await call('PUT', `dispatch/${booking.id}/${captain.id}`, admin)).statusCode).toBe(200);
    const [timer] = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, JOB_KINDS.lateCaptain), sql`(${jobs.payload}->>'booking_id')::int = ${booking.id}`));
    // max(booking time, now) + 3 min
    expect(timer.runAt.getTime()).toBe(start + 3 * MIN);
    const lateOnes = async () =>
      (
        await t.db
          .select()
          .from(notifications)
          .where(
            and(eq(notifications.kind, 'late_captain'), sql`(${notifications.params}->>'id')::int = ${booking.id}`),
          )
      ).length;
    // 2 minutes after the booking's time: late at 1 minute, not at 3
    await t.db
      .update(jobs)
      .set({ runAt: new Date(start - 1000) })
      .where(eq(jobs.id, timer.id));
    await t.app.jobs.runDue(100);
    expect(await lateOnes()).toBe(0);
    await setDispatching({ LATE_CAPTAIN_MINUTES: 1 });
    await t.app.jobs.schedule(
      JOB_KINDS.lateCaptain,
      { booking_id: booking.id, ride_id: (timer.payload as { ride_id: number }).ride_id },
      new Date(start - 1000),
    );
    await t.app.jobs.runDue(100);
    expect(await lateOnes()).toBeGreaterThan(0);
  });

  it('scheduled lead: a booking 20 minutes ahead is offered with a 30-minute lead, not with a 10-minute one', async () => {
    const start = Date.now();
    clock.pinned = start;
    const captain = await captainAt(0.004);
    const offeredOf = async (id: number) =>
      (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0].suggestionCaptainId;
    await setDispatching({ SCHEDULED_LEAD_MINUTES: 10 });
    const ahead = await makeBooking(t.db, { now: false, datetime: new Date(start + 20 * MIN) });
    await t.app.ai.tick();
    expect(await offeredOf(ahead.id)).toBeNull();
    await setDispatching({ SCHEDULED_LEAD_MINUTES: 30 });
    await t.app.ai.tick();
    expect(await offeredOf(ahead.id)).not.toBeNull();
    await t.app.locations.setOnline(captain.id, false);
  });

  it('late booking: a new "now" booking gets its timer at its time plus the threshold', async () => {
    const start = Date.now();
    clock.pinned = start;
    await setDispatching({ LATE_BOOKING_MINUTES: 7 });
    const res = await call('POST', 'bookings', admin, {
      new_passenger: { first_name: 'Late', last_name: 'Setting', phone_number: '+377 6 12 34 99 01' },
      service_id: 2,
      pickup: { name: 'Casino Square', lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
      now: true,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as number;
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    const [timer] = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, JOB_KINDS.lateBooking), sql`(${jobs.payload}->>'booking_id')::int = ${id}`));
    expect(timer.runAt.getTime()).toBe(b.datetime.getTime() + 7 * MIN);
  });
});
