import { MSG, SURVEY_MSG } from '@taxi/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { captainDeliveries, outboundMessages, rides, surveyRecipients } from '../src/db/schema';
import { makeBooking, makeCaptain, makePassenger } from './factories';
import { apiCaller, login, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A survey with one question of each kind. */
const draft = (extra: Record<string, unknown> = {}) => ({
  title: 'Your week',
  audience: 'captains',
  channel: 'captain_inbox',
  questions: [
    { kind: 'choice', prompt: 'Dispatch?', required: true, options: ['Good', 'Fair', 'Bad'] },
    { kind: 'rating', prompt: 'The app?', required: true },
    { kind: 'text', prompt: 'Ideas?', required: false },
  ],
  ...extra,
});

async function sentCaptainSurvey(token: string) {
  const created = await call('POST', 'surveys', token, draft());
  expect(created.statusCode).toBe(200);
  const id = created.json().data.id as number;
  const sent = await call('PUT', `surveys/${id}/send`, token);
  expect(sent.statusCode).toBe(200);
  return { id, survey: sent.json().data, questions: created.json().data.questions as { id: number }[] };
}

/** The answer code a captain's inbox message carries. */
async function codeOf(surveyId: number, captainId: number): Promise<string> {
  const [row] = await t.db
    .select({ body: captainDeliveries.body })
    .from(captainDeliveries)
    .where(
      and(
        eq(captainDeliveries.sourceKind, 'survey'),
        eq(captainDeliveries.sourceId, surveyId),
        eq(captainDeliveries.captainId, captainId),
      ),
    );
  const code = /code ([A-Z0-9]{10})/.exec(row.body)?.[1];
  if (!code) throw new Error(`no code in ${row.body}`);
  return code;
}

describe('POST surveys', () => {
  it('401 without a token, 422 with field errors, 403 without SURVEYS or for the Goverment role, then a draft', async () => {
    expect((await call('POST', 'surveys', null, draft())).statusCode).toBe(401);
    const admin = await login(t.app, 'admin@example.com');

    const bad = await call('POST', 'surveys', admin, {
      title: ' ',
      audience: 'captains',
      channel: 'sms',
      recent_days: 0,
      questions: [{ kind: 'choice', prompt: 'One option?', options: ['Only'] }],
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors;
    expect(errors.title).toEqual([MSG.required]);
    expect(errors.recent_days).toBeDefined();
    expect(errors['questions.0.options']).toEqual([SURVEY_MSG.optionsCount(2, 10)]);
    const wrongChannel = await call('POST', 'surveys', admin, draft({ channel: 'sms' }));
    expect(wrongChannel.statusCode).toBe(422);
    expect(wrongChannel.json().errors.channel).toEqual([SURVEY_MSG.wrongChannel]);
    const noQuestion = await call('POST', 'surveys', admin, draft({ questions: [] }));
    expect(noQuestion.json().errors.questions).toEqual([SURVEY_MSG.atLeastOneQuestion]);

    for (const email of ['dispatcher@example.com', 'gov@example.com']) {
      const token = await login(t.app, email);
      expect((await call('POST', 'surveys', token, draft())).statusCode).toBe(403);
      expect((await call('GET', 'surveys', token)).statusCode).toBe(403);
    }

    const supervisor = await login(t.app, 'supervisor@example.com');
    const created = await call('POST', 'surveys', supervisor, draft());
    expect(created.statusCode).toBe(200);
    const dto = created.json().data;
    expect(dto).toMatchObject({
      status: 'draft',
      recipients: 0,
      responses: 0,
      sent_at: null,
      author: expect.any(String),
    });
    expect(dto.questions.map((q: { kind: string; position: number }) => [q.kind, q.position])).toEqual([
      ['choice', 1],
      ['rating', 2],
      ['text', 3],
    ]);
    // Options are kept only on choice questions.
    expect(dto.questions[1].options).toEqual([]);
  });
});

describe('a draft', () => {
  it('is edited (questions replaced, reordered) until sent; then 409 on edit and on a second send', async () => {
    const admin = await login(t.app, 'admin@example.com');
    const created = (await call('POST', 'surveys', admin, draft())).json().data;
    const reordered = draft({
      title: 'Your month',
      questions: [
        { kind: 'text', prompt: 'Ideas?', required: false },
        { kind: 'rating', prompt: 'The app?' },
      ],
    });
    const updated = await call('PUT', `surveys/${created.id}`, admin, reordered);
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.title).toBe('Your month');
    expect(updated.json().data.questions.map((q: { prompt: string }) => q.prompt)).toEqual(['Ideas?', 'The app?']);

    expect((await call('PUT', `surveys/${created.id}/close`, admin)).statusCode).toBe(409);
    expect((await call('PUT', `surveys/${created.id}/send`, admin)).statusCode).toBe(200);
    const again = await call('PUT', `surveys/${created.id}/send`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SURVEY_MSG.notDraft);
    expect((await call('PUT', `surveys/${created.id}`, admin, reordered)).statusCode).toBe(409);
    expect((await call('PUT', 'surveys/999999/send', admin)).statusCode).toBe(404);
  });
});

describe('sending', () => {
  it("to captains writes one inbox row with a personal code per active captain, in the captains' inbox", async () => {
    const admin = await login(t.app, 'admin@example.com');
    const offline = await makeCaptain(t.db, { online: false });
    await makeCaptain(t.db, { active: false });
    const [{ n: activeCaptains }] = rows<{ n: number }>(
      await t.db.execute(sql`SELECT count(*)::int AS n FROM captains WHERE active`),
    );
    const { id, survey } = await sentCaptainSurvey(admin);
    expect(survey.status).toBe('sent');
    expect(survey.recipients).toBe(activeCaptains);
    const inbox = await t.db
      .select()
      .from(captainDeliveries)
      .where(and(eq(captainDeliveries.sourceKind, 'survey'), eq(captainDeliveries.sourceId, id)));
    expect(inbox).toHaveLength(activeCaptains);
    const codes = new Set(inbox.map((r) => /code ([A-Z0-9]{10})/.exec(r.body)?.[1]));
    expect(codes.size).toBe(activeCaptains);
    // A captain whose app is not connected receives it when the app next comes online.
    expect(inbox.find((r) => r.captainId === offline.captain.id)?.deliveredAt).toBeNull();
    // Codes are stored hashed only.
    const stored = await t.db.select().from(surveyRecipients).where(eq(surveyRecipients.surveyId, id));
    for (const r of stored) expect(codes.has(r.codeHash)).toBe(false);
  });

  it('to passengers with a ride in the last N days queues one SMS each, the code masked at rest', async () => {
    const admin = await login(t.app, 'admin@example.com');
    const { captain } = await makeCaptain(t.db);
    const recent = await makePassenger(t.db, { active: true });
    const old = await makePassenger(t.db, { active: true });
    const [ride] = await t.db.insert(rides).values({ captainId: captain.id }).returning();
    await makeBooking(t.db, { passengerId: recent.id, rideId: ride.id });
    await makeBooking(t.db, { passengerId: old.id, rideId: ride.id, datetime: new Date(Date.now() - 40 * 86400_000) });
    const [{ n: expected }] = rows<{ n: number }>(
      await t.db.execute(sql`
        SELECT count(DISTINCT p.id)::int AS n FROM passengers p JOIN bookings b ON b.passenger_id = p.id
        WHERE p.active AND b.ride_id IS NOT NULL AND b.datetime >= now() - interval '7 days'`),
    );
    expect(expected).toBeGreaterThanOrEqual(1);
    const created = await call(
      'POST',
      'surveys',
      admin,
      draft({ audience: 'passengers', channel: 'sms', recent_days: 7 }),
    );
    const sent = await call('PUT', `surveys/${created.json().data.id}/send`, admin);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.recipients).toBe(expected);
    const recipients = await t.db
      .select()
      .from(surveyRecipients)
      .where(eq(surveyRecipients.surveyId, created.json().data.id));
    expect(recipients.map((r) => r.passengerId)).toContain(recent.id);
    expect(recipients.map((r) => r.passengerId)).not.toContain(old.id);
    const sms = await t.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.id, recipients.find((r) => r.passengerId === recent.id)?.messageId ?? 0));
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ channel: 'sms', purpose: 'survey', toPhone: recent.phoneNumber });
    expect(sms[0].body).toMatch(/code •{10}\./);
  });

  it('422 on audience when nobody matches', async () => {
    const admin = await login(t.app, 'admin@example.com');
    // Nobody rode in the last day.
    await t.db.execute(sql`UPDATE rides SET created_at = now() - interval '30 days'`);
    const created = await call('POST', 'surveys', admin, draft({ recent_days: 1 }));
    const sent = await call('PUT', `surveys/${created.json().data.id}/send`, admin);
    expect(sent.statusCode).toBe(422);
    expect(sent.json().errors.audience).toEqual([SURVEY_MSG.noRecipients]);
    expect((await call('GET', `surveys/${created.json().data.id}`, admin)).json().data.status).toBe('draft');
  });
});

describe('answers', () => {
  it('are taken once per recipient by code, checked against the questions, and aggregate into the results', async () => {
    const admin = await login(t.app, 'admin@example.com');
    const a = await makeCaptain(t.db);
    const b = await makeCaptain(t.db);
    const c = await makeCaptain(t.db);
    const d = await makeCaptain(t.db);
    const { id, questions } = await sentCaptainSurvey(admin);
    const [choice, rating, text] = questions.map((q) => q.id);

    const codeA = await codeOf(id, a.captain.id);
    const form = await call('GET', `survey_answer/${codeA.toLowerCase()}`, null);
    expect(form.statusCode).toBe(200);
    expect(form.json().data).toMatchObject({ title: 'Your week', answered: false });
    expect((await call('GET', 'survey_answer/AAAAAAAAAA', null)).statusCode).toBe(404);
    expect((await call('GET', 'survey_answer/short', null)).statusCode).toBe(422);

    // 422: an option out of range, a rating out of 1–5, a required question left out.
    const outOfRange = await call('POST', `survey_answer/${codeA}`, null, {
      answers: [
        { question_id: choice, choice: 3 },
        { question_id: rating, rating: 4 },
      ],
    });
    expect(outOfRange.statusCode).toBe(422);
    expect(outOfRange.json().errors['answers.0.choice']).toEqual([SURVEY_MSG.invalidChoice]);
    const badRating = await call('POST', `survey_answer/${codeA}`, null, {
      answers: [{ question_id: rating, rating: 7 }],
    });
    expect(badRating.statusCode).toBe(422);
    expect(badRating.json().errors['answers.0.rating']).toEqual([SURVEY_MSG.invalidRating(1, 5)]);
    const missing = await call('POST', `survey_answer/${codeA}`, null, {
      answers: [{ question_id: rating, rating: 4 }],
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors['questions.1']).toEqual([SURVEY_MSG.answerRequired]);

    const answer = (code: string, pick: number, stars: number, words?: string) =>
      call('POST', `survey_answer/${code}`, null, {
        answers: [
          { question_id: choice, choice: pick },
          { question_id: rating, rating: stars },
          ...(words ? [{ question_id: text, text: words }] : []),
        ],
      });
    expect((await answer(codeA, 0, 5, 'More stands')).statusCode).toBe(200);
    const twice = await answer(codeA, 1, 1);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(SURVEY_MSG.alreadyAnswered);
    expect((await answer(await codeOf(id, b.captain.id), 0, 4)).statusCode).toBe(200);
    expect((await answer(await codeOf(id, c.captain.id), 2, 2, 'Night shifts')).statusCode).toBe(200);

    // The development loopback answers as the next recipient who has not answered.
    const dev = await call('POST', 'surveys/dev/answer', admin, {
      survey_id: id,
      answers: [
        { question_id: choice, choice: 0 },
        { question_id: rating, rating: 5 },
      ],
    });
    expect(dev.statusCode).toBe(200);

    const results = await call('GET', `surveys/${id}/results`, admin);
    expect(results.statusCode).toBe(200);
    const r = results.json().data;
    const [{ n: recipients }] = rows<{ n: number }>(
      await t.db.execute(sql`SELECT count(*)::int AS n FROM survey_recipients WHERE survey_id = ${id}`),
    );
    expect(r.recipients).toBe(recipients);
    expect(r.responses).toBe(4);
    expect(r.response_rate).toBeCloseTo(4 / recipients, 10);
    // A, B and the loopback chose Good, C chose Bad.
    expect(r.questions[0].options).toEqual([
      { label: 'Good', count: 3 },
      { label: 'Fair', count: 0 },
      { label: 'Bad', count: 1 },
    ]);
    expect(r.questions[1].ratings).toEqual([
      { rating: 1, count: 0 },
      { rating: 2, count: 1 },
      { rating: 3, count: 0 },
      { rating: 4, count: 1 },
      { rating: 5, count: 2 },
    ]);
    expect(r.questions[1].average).toBe(4);
    expect(r.questions[2].texts.map((x: { text: string }) => x.text).sort()).toEqual(['More stands', 'Night shifts']);
    expect(r.questions[2].answered).toBe(2);

    // Closed: no more answers.
    expect((await call('PUT', `surveys/${id}/close`, admin)).statusCode).toBe(200);
    const late = await answer(await codeOf(id, d.captain.id), 0, 3);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(SURVEY_MSG.notOpen);
    const list = await call('GET', 'surveys?page=1&perPage=10', admin);
    expect(list.json().data.data.find((s: { id: number }) => s.id === id)).toMatchObject({
      status: 'closed',
      responses: 4,
    });
  });
});
