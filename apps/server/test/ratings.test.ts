import { RATING_LOW_MAX, RATING_MSG } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ratingCauses, rides } from '../src/db/schema';
import { HttpError } from '../src/http/errors';
import { makeBooking, makeCaptain } from './factories';
import { apiCaller, loginAll, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);

let disp: string;
let airport: string;
let captainId: number;
/** Causes of the seeded catalogue, by whom they are about. */
let aboutCaptain: { id: number; name: string };
let aboutPassenger: { id: number; name: string };

/** A booking of the captain's ride, in this status. */
async function rideBooking(status: string, captain = captainId) {
  const [ride] = await t.db.insert(rides).values({ captainId: captain }).returning();
  return makeBooking(t.db, { status, rideId: ride.id });
}

/** The HttpError a rating is refused with. */
async function refusal(work: Promise<unknown>): Promise<HttpError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

beforeAll(async () => {
  [disp, airport] = await loginAll(t.app, 'dispatcher@example.com', 'airport@example.com');
  captainId = (await makeCaptain(t.db)).captain.id;
  const causes = await t.db.select().from(ratingCauses).orderBy(ratingCauses.id);
  const first = (target: string) => {
    const found = causes.find((c) => c.target === target);
    if (!found) throw new Error(`no seeded ${target} cause`);
    return { id: found.id, name: found.name };
  };
  aboutCaptain = first('captain');
  aboutPassenger = first('passenger');
});

describe('RatingService.rate', () => {
  it('refuses a ride that is not finished (409) and an unknown booking (404)', async () => {
    const pending = await makeBooking(t.db, { status: 'PENDING' });
    const error = await refusal(t.app.ratings.rate({ bookingId: pending.id, by: 'passenger', stars: 5 }));
    expect(error.status).toBe(409);
    expect(error.message).toBe(RATING_MSG.notFinished('PENDING'));
    const started = await rideBooking('STARTED');
    expect((await refusal(t.app.ratings.rate({ bookingId: started.id, by: 'captain', stars: 5 }))).status).toBe(409);
    expect((await refusal(t.app.ratings.rate({ bookingId: 2_000_000, by: 'captain', stars: 5 }))).status).toBe(404);
  });

  it('refuses a finished booking without a ride (409)', async () => {
    const done = await makeBooking(t.db, { status: 'DONE' });
    const error = await refusal(t.app.ratings.rate({ bookingId: done.id, by: 'passenger', stars: 5 }));
    expect(error.status).toBe(409);
    expect(error.message).toBe(RATING_MSG.noRide);
  });

  it('refuses a low rating without a cause (422 on cause_id)', async () => {
    const b = await rideBooking('PAID');
    const error = await refusal(t.app.ratings.rate({ bookingId: b.id, by: 'passenger', stars: RATING_LOW_MAX }));
    expect(error.status).toBe(422);
    expect(error.errors?.cause_id).toEqual([RATING_MSG.causeRequired(RATING_LOW_MAX)]);
  });

  it('refuses stars outside 1–5, a long comment and an unknown cause (422)', async () => {
    const b = await rideBooking('DONE');
    for (const stars of [0, 6, 4.5]) {
      const error = await refusal(t.app.ratings.rate({ bookingId: b.id, by: 'passenger', stars }));
      expect(error.status, `${stars} stars`).toBe(422);
      expect(Object.keys(error.errors ?? {})).toContain('stars');
    }
    const long = await refusal(
      t.app.ratings.rate({ bookingId: b.id, by: 'passenger', stars: 5, comment: 'x'.repeat(301) }),
    );
    expect(long.errors?.comment).toBeDefined();
    const unknown = await refusal(
      t.app.ratings.rate({ bookingId: b.id, by: 'passenger', stars: 2, causeId: 2_000_000 }),
    );
    expect(unknown.status).toBe(422);
    expect(unknown.errors?.cause_id).toEqual([RATING_MSG.unknownCause]);
  });

  it('refuses a cause about the wrong person (422 on cause_id)', async () => {
    const b = await rideBooking('PAID');
    // The passenger rates the captain: a cause about a passenger does not fit, and the other way round.
    const byPassenger = await refusal(
      t.app.ratings.rate({ bookingId: b.id, by: 'passenger', stars: 2, causeId: aboutPassenger.id }),
    );
    expect(byPassenger.status).toBe(422);
    expect(byPassenger.errors?.cause_id).toEqual([RATING_MSG.wrongTarget.captain]);
    const byCaptain = await refusal(
      t.app.ratings.rate({ bookingId: b.id, by: 'captain', stars: 3, causeId: aboutCaptain.id }),
    );
    expect(byCaptain.errors?.cause_id).toEqual([RATING_MSG.wrongTarget.passenger]);
  });

  it('accepts one rating per side, and refuses a second by the same side (409)', async () => {
    const b = await rideBooking('DONE');
    const mine = await t.app.ratings.rate({
      bookingId: b.id,
      by: 'passenger',
      stars: 2,
      causeId: aboutCaptain.id,
      comment: '  Twenty minutes late  ',
    });
    expect(mine).toMatchObject({
      booking_id: b.id,
      by: 'passenger',
      stars: 2,
      cause_id: aboutCaptain.id,
      cause_name: aboutCaptain.name,
      comment: 'Twenty minutes late',
    });
    const again = await refusal(t.app.ratings.rate({ bookingId: b.id, by: 'passenger', stars: 5 }));
    expect(again.status).toBe(409);
    expect(again.message).toBe(RATING_MSG.alreadyRated.passenger);
    // The other side still rates, a good rating needs no cause.
    const theirs = await t.app.ratings.rate({ bookingId: b.id, by: 'captain', stars: 5, comment: '' });
    expect(theirs).toMatchObject({ by: 'captain', stars: 5, cause_id: null, cause_name: null, comment: null });
  });
});

describe('GET booking/:id/ratings', () => {
  it("returns the booking's two ratings with the cause names", async () => {
    const b = await rideBooking('PAID');
    await t.app.ratings.rate({ bookingId: b.id, by: 'captain', stars: 3, causeId: aboutPassenger.id });
    let res = await call('GET', `booking/${b.id}/ratings`, disp);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      passenger: null,
      captain: { stars: 3, cause_id: aboutPassenger.id, cause_name: aboutPassenger.name },
    });
    await t.app.ratings.rate({ bookingId: b.id, by: 'passenger', stars: 4 });
    res = await call('GET', `booking/${b.id}/ratings`, disp);
    expect(res.json().data.passenger).toMatchObject({ by: 'passenger', stars: 4, cause_name: null });
  });

  it('answers a booking nobody rated with two nulls, and 404 for an unknown booking', async () => {
    const b = await rideBooking('DONE');
    expect((await call('GET', `booking/${b.id}/ratings`, disp)).json().data).toEqual({
      passenger: null,
      captain: null,
    });
    expect((await call('GET', 'booking/2000000/ratings', disp)).statusCode).toBe(404);
  });

  it('401 without a session, 403 without DISPATCHING', async () => {
    const b = await rideBooking('DONE');
    expect((await call('GET', `booking/${b.id}/ratings`, null)).statusCode).toBe(401);
    expect((await call('GET', `booking/${b.id}/ratings`, airport)).statusCode).toBe(403);
  });
});

describe('GET captain/:id/rating', () => {
  it('averages the passengers’ ratings and lists the latest low ones with their causes', async () => {
    const captain = (await makeCaptain(t.db)).captain.id;
    let res = await call('GET', `captain/${captain}/rating`, disp);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ captain_id: captain, average: null, count: 0, low: [] });

    const stars = [5, 4, 2, 3, 5, 5];
    const ids: number[] = [];
    for (const n of stars) {
      const b = await rideBooking('PAID', captain);
      ids.push(b.id);
      await t.app.ratings.rate({
        bookingId: b.id,
        by: 'passenger',
        stars: n,
        causeId: n <= 3 ? aboutCaptain.id : null,
      });
      // The captain's own ratings of their passengers do not count towards the captain's rating.
      await t.app.ratings.rate({ bookingId: b.id, by: 'captain', stars: 1, causeId: aboutPassenger.id });
    }
    res = await call('GET', `captain/${captain}/rating`, disp);
    const data = res.json().data;
    expect(data.count).toBe(6);
    expect(data.average).toBe(4);
    // Newest first: the 3-star rating, then the 2-star one.
    expect(data.low.map((r: { booking_id: number }) => r.booking_id)).toEqual([ids[3], ids[2]]);
    expect(data.low[0]).toMatchObject({ by: 'passenger', stars: 3, cause_name: aboutCaptain.name });
  });

  it('keeps a rating whose cause was deleted, without a cause', async () => {
    const captain = (await makeCaptain(t.db)).captain.id;
    const [cause] = await t.db.insert(ratingCauses).values({ name: 'Soon deleted', target: 'captain' }).returning();
    const b = await rideBooking('PAID', captain);
    await t.app.ratings.rate({ bookingId: b.id, by: 'passenger', stars: 1, causeId: cause.id });
    await t.db.delete(ratingCauses).where(eq(ratingCauses.id, cause.id));
    const data = (await call('GET', `captain/${captain}/rating`, disp)).json().data;
    expect(data).toMatchObject({ count: 1, average: 1 });
    expect(data.low[0]).toMatchObject({ stars: 1, cause_id: null, cause_name: null });
  });

  it('401 without a session, 403 without a captain-reading permission, 404 for an unknown captain', async () => {
    expect((await call('GET', `captain/${captainId}/rating`, null)).statusCode).toBe(401);
    expect((await call('GET', `captain/${captainId}/rating`, airport)).statusCode).toBe(403);
    expect((await call('GET', 'captain/2000000/rating', disp)).statusCode).toBe(404);
  });
});
