import { cityLocalToDate } from '@taxi/shared';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountEntries,
  bonuses,
  bonusPackages,
  bonusTimeSlices,
  bookingSuggestions,
  conditionalBonuses,
  jobs,
  rides,
  sectors,
} from '../src/db/schema';
import { DAILY_BONUS_JOB } from '../src/modules/ledger/bonuses';
import { makeBooking, makeCaptain } from './factories';
import { testAppForFile } from './helpers';

const t = testAppForFile();
/** A Monday. */
const DAY = '2026-11-23';
const at = (hhmm: string, day = DAY) => cityLocalToDate(`${day} ${hhmm}`) as Date;
let inSlice: number;
let partly: number;
let unpaid: number;
let bonusId: number;
let conditionalId: number;

async function ride(captainId: number, time: string, status = 'PAID', day = DAY) {
  const [r] = await t.db.insert(rides).values({ captainId }).returning();
  await makeBooking(t.db, { rideId: r.id, status, datetime: at(time, day) });
}

const bonusEntries = (captainId: number) =>
  t.db
    .select()
    .from(accountEntries)
    .where(
      and(
        eq(accountEntries.ownerKind, 'captain'),
        eq(accountEntries.ownerId, captainId),
        eq(accountEntries.type, 'captain_bonus'),
        like(accountEntries.reference, `%:${DAY}`),
      ),
    );

beforeAll(async () => {
  const [pkg] = await t.db
    .insert(bonusPackages)
    .values({ name: 'November', validFrom: '2026-11-01', validTo: '2026-11-30' })
    .returning();
  const [bonus] = await t.db
    .insert(bonuses)
    .values({ bonusPackageId: pkg.id, name: 'Monday mornings', kind: 'rides_count', threshold: 2, amount: 15 })
    .returning();
  bonusId = bonus.id;
  await t.db.insert(bonusTimeSlices).values({ bonusId, dayOfWeek: 1, fromTime: '07:00', toTime: '10:00' });
  const [cond] = await t.db
    .insert(conditionalBonuses)
    .values({ name: 'Three rides, half accepted', minRides: 3, minAcceptanceRate: 50, amount: 4.5 })
    .returning();
  conditionalId = cond.id;
  // an inactive package pays nothing
  const [off] = await t.db
    .insert(bonusPackages)
    .values({ name: 'Off', active: false, validFrom: '2026-11-01' })
    .returning();
  await t.db
    .insert(bonuses)
    .values({ bonusPackageId: off.id, name: 'Off', kind: 'rides_count', threshold: 1, amount: 99 });

  [inSlice, partly, unpaid] = await Promise.all(
    ['In', 'Partly', 'Unpaid'].map(async (lastName) => (await makeCaptain(t.db, { lastName })).captain.id),
  );
  // two paid rides in the slice, one after it; half of the offers answered were accepted
  await ride(inSlice, '07:05');
  await ride(inSlice, '09:59');
  await ride(inSlice, '10:00');
  // one ride in the slice, one after it, and two in the slice on the Tuesday
  await ride(partly, '08:00');
  await ride(partly, '11:00');
  await ride(partly, '08:00', 'PAID', '2026-11-24');
  await ride(partly, '08:30', 'PAID', '2026-11-24');
  // two rides in the slice, only one paid
  await ride(unpaid, '08:00');
  await ride(unpaid, '08:10', 'DONE');
  const offer = async (captainId: number, status: string) => {
    const booking = await makeBooking(t.db, { status: 'PENDING' });
    await t.db.insert(bookingSuggestions).values({ bookingId: booking.id, captainId, status, createdAt: at('12:00') });
  };
  await offer(inSlice, 'ACCEPTED');
  await offer(inSlice, 'REFUSED');
  await offer(partly, 'REFUSED');
});

describe('the daily bonus job', () => {
  it('pays the bonus to the captain whose paid rides in the slice reach the threshold, once', async () => {
    const written = await t.app.bonuses.payDay(DAY);
    expect(written).toBeGreaterThanOrEqual(2);

    const earned = await bonusEntries(inSlice);
    expect(earned.map((e) => [e.reference, e.amount, e.note]).sort()).toEqual(
      [
        [`bonus:${bonusId}:${DAY}`, 1500, 'Monday mornings'],
        [`conditional_bonus:${conditionalId}:${DAY}`, 450, 'Three rides, half accepted'],
      ].sort(),
    );
    // a ride outside the slice, another day's rides, an unpaid ride: not enough
    expect(await bonusEntries(partly)).toEqual([]);
    expect(await bonusEntries(unpaid)).toEqual([]);

    // a second run of the day writes nothing
    const before = (await t.db.select().from(accountEntries)).length;
    expect(await t.app.bonuses.payDay(DAY)).toBe(0);
    expect((await t.db.select().from(accountEntries)).length).toBe(before);
    expect(await bonusEntries(inSlice)).toHaveLength(2);
  });

  it('the job pays the day and schedules the next day just after it ends', async () => {
    await t.app.bonuses.run({ day: DAY });
    const next = await t.db.select().from(jobs).where(eq(jobs.kind, DAILY_BONUS_JOB));
    const tuesday = next.find((j) => (j.payload as { day: string }).day === '2026-11-24');
    expect(tuesday?.runAt.getTime()).toBeGreaterThan(at('00:00', '2026-11-25').getTime());
    // a second run of the day does not schedule Tuesday twice
    await t.app.bonuses.run({ day: DAY });
    const again = await t.db.select().from(jobs).where(eq(jobs.kind, DAILY_BONUS_JOB));
    expect(again.filter((j) => (j.payload as { day: string }).day === '2026-11-24')).toHaveLength(1);
    expect(await bonusEntries(inSlice)).toHaveLength(2);

    // Tuesday: the partly captain's two rides are outside any Tuesday slice; the inactive package pays nothing
    await t.app.bonuses.payDay('2026-11-24');
    const tuesdayEntries = await t.db
      .select()
      .from(accountEntries)
      .where(and(eq(accountEntries.ownerId, partly), like(accountEntries.reference, '%:2026-11-24')));
    expect(tuesdayEntries).toEqual([]);
  });

  it('a zone bonus counts the paid rides picked up in its sector; an acceptance-rate bonus the share of offers accepted', async () => {
    const WED = '2026-11-25';
    const [sector, other] = await t.db.select({ id: sectors.id }).from(sectors).limit(2);
    const [pkg] = await t.db
      .insert(bonusPackages)
      .values({ name: 'Zones and answers', validFrom: '2026-11-01', validTo: '2026-11-30' })
      .returning();
    const [zone] = await t.db
      .insert(bonuses)
      .values({
        bonusPackageId: pkg.id,
        name: 'Two from the sector',
        kind: 'zone_rides',
        threshold: 2,
        amount: 7,
        sectorId: sector.id,
      })
      .returning();
    const [rate] = await t.db
      .insert(bonuses)
      .values({
        bonusPackageId: pkg.id,
        name: 'Accepts three in four',
        kind: 'acceptance_rate',
        threshold: 75,
        amount: 5,
      })
      .returning();
    const [inZone, elsewhere, accepting, refusing] = await Promise.all(
      ['Zone', 'Elsewhere', 'Accepting', 'Refusing'].map(
        async (lastName) => (await makeCaptain(t.db, { lastName })).captain.id,
      ),
    );
    const paidRide = async (captainId: number, sectorId: number | null) => {
      const [r] = await t.db.insert(rides).values({ captainId }).returning();
      await makeBooking(t.db, { rideId: r.id, status: 'PAID', datetime: at('15:00', WED), pickupSectorId: sectorId });
    };
    await paidRide(inZone, sector.id);
    await paidRide(inZone, sector.id);
    await paidRide(elsewhere, other?.id ?? null);
    await paidRide(elsewhere, other?.id ?? null);
    await paidRide(accepting, null);
    await paidRide(refusing, null);
    const answer = async (captainId: number, status: 'ACCEPTED' | 'REFUSED') => {
      const booking = await makeBooking(t.db, { status: 'PENDING' });
      await t.db
        .insert(bookingSuggestions)
        .values({ bookingId: booking.id, captainId, status, createdAt: at('16:00', WED) });
    };
    for (const status of ['ACCEPTED', 'ACCEPTED', 'ACCEPTED', 'REFUSED'] as const) await answer(accepting, status);
    for (const status of ['ACCEPTED', 'REFUSED'] as const) await answer(refusing, status);

    await t.app.bonuses.payDay(WED);
    const refs = async (captainId: number) =>
      (
        await t.db
          .select({ reference: accountEntries.reference })
          .from(accountEntries)
          .where(and(eq(accountEntries.ownerId, captainId), eq(accountEntries.type, 'captain_bonus')))
      ).map((e) => e.reference);
    expect(await refs(inZone)).toContain(`bonus:${zone.id}:${WED}`);
    expect(await refs(elsewhere)).not.toContain(`bonus:${zone.id}:${WED}`);
    expect(await refs(accepting)).toContain(`bonus:${rate.id}:${WED}`);
    expect(await refs(refusing)).not.toContain(`bonus:${rate.id}:${WED}`);
  });
});
