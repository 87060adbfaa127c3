import { randomBytes } from 'node:crypto';
import { DEMO_DATA } from '@taxi/shared';
import { asc, eq } from 'drizzle-orm';
import { hashAnswerCode } from '../../modules/surveys/recipients';
import {
  captainDeliveries,
  captains,
  carModels,
  carRequests,
  cars,
  colors,
  surveyAnswers,
  surveyQuestions,
  surveyRecipients,
  surveys,
} from '../schema';
import type { Seeder } from './index';

const DAY = 24 * 3600_000;

/** A code nobody holds (the demo's recipients answer through the simulator, not with codes). */
const unknownCodeHash = () => hashAnswerCode(randomBytes(12).toString('hex'));

/** Ratings as riders give them: mostly good, a few poor. */
const RATINGS = [5, 4, 4, 3, 5, 2, 4, 5, 3, 1, 4, 5];
const S = DEMO_DATA.surveys;
const SERVICE_OPTIONS = [S.veryGood, S.good, S.couldBeBetter];
const COMMENTS = [
  'The new pick-up zone at the station works well.',
  'More charging points for the electric cars, please.',
  'The app sometimes loses the GPS in the tunnels.',
  'Dispatch is quick in the morning, slow at night.',
];

/**
 * Surveys (a sent one with answers, a draft, a closed one) and captains' car requests (two pending, one
 * approved, one refused), so the pages are alive on first start. Deterministic: no random draw but codes.
 */
export const seedSurveys: Seeder = {
  name: 'surveys',
  async run(db, { log }) {
    const now = Date.now();
    const active = await db
      .select({ id: captains.id })
      .from(captains)
      .where(eq(captains.active, true))
      .orderBy(asc(captains.id))
      .limit(40);

    const [sent, draft, closed] = await db
      .insert(surveys)
      .values([
        {
          title: S.week,
          audience: 'captains' as const,
          channel: 'captain_inbox' as const,
          status: 'sent' as const,
          createdAt: new Date(now - 3 * DAY),
          updatedAt: new Date(now - 2 * DAY),
          sentAt: new Date(now - 2 * DAY),
        },
        {
          title: S.lastRide,
          audience: 'passengers' as const,
          channel: 'sms' as const,
          recentDays: 30,
          status: 'draft' as const,
          createdAt: new Date(now - DAY),
          updatedAt: new Date(now - DAY),
        },
        {
          title: S.winter,
          audience: 'captains' as const,
          channel: 'captain_inbox' as const,
          status: 'closed' as const,
          createdAt: new Date(now - 40 * DAY),
          updatedAt: new Date(now - 20 * DAY),
          sentAt: new Date(now - 39 * DAY),
          closedAt: new Date(now - 20 * DAY),
        },
      ])
      .returning({ id: surveys.id });

    const questionsOf = (surveyId: number) => [
      {
        surveyId,
        position: 1,
        kind: 'choice' as const,
        prompt: S.dispatchQuestion,
        options: SERVICE_OPTIONS,
      },
      { surveyId, position: 2, kind: 'rating' as const, prompt: S.rateApp, options: [] },
      { surveyId, position: 3, kind: 'text' as const, prompt: S.improve, required: false, options: [] },
    ];
    const questions = await db
      .insert(surveyQuestions)
      .values([
        ...questionsOf(sent.id),
        { surveyId: draft.id, position: 1, kind: 'rating' as const, prompt: S.rateRide, options: [] },
        {
          surveyId: draft.id,
          position: 2,
          kind: 'text' as const,
          prompt: S.tellCaptain,
          required: false,
          options: [],
        },
        {
          surveyId: closed.id,
          position: 1,
          kind: 'choice' as const,
          prompt: S.winterTyres,
          options: [S.yes, S.no],
        },
      ])
      .returning();

    const sentQuestions = questions.filter((q) => q.surveyId === sent.id);
    const closedQuestion = questions.find((q) => q.surveyId === closed.id);
    for (const [survey, at, answering] of [
      [sent.id, now - 2 * DAY, 25],
      [closed.id, now - 39 * DAY, 30],
    ] as const) {
      if (active.length === 0) continue;
      const recipients = await db
        .insert(surveyRecipients)
        .values(
          active.map((c, i) => ({
            surveyId: survey,
            captainId: c.id,
            codeHash: unknownCodeHash(),
            createdAt: new Date(at),
            answeredAt: i < answering ? new Date(at + (i + 1) * 3600_000) : null,
          })),
        )
        .returning();
      await db.insert(captainDeliveries).values(
        recipients.map((r) => ({
          captainId: r.captainId as number,
          sourceKind: 'survey' as const,
          sourceId: survey,
          body: 'Survey: answer in the app with your code.',
          createdAt: new Date(at),
          deliveredAt: new Date(at),
        })),
      );
      const answers = recipients.flatMap((r, i) => {
        if (!r.answeredAt) return [];
        const createdAt = r.answeredAt;
        if (survey === closed.id && closedQuestion)
          return [{ recipientId: r.id, questionId: closedQuestion.id, choice: i % 3 === 0 ? 1 : 0, createdAt }];
        const [choice, rating, text] = sentQuestions;
        return [
          { recipientId: r.id, questionId: choice.id, choice: (i * 7) % 3, createdAt },
          { recipientId: r.id, questionId: rating.id, rating: RATINGS[i % RATINGS.length], createdAt },
          ...(i % 4 === 0
            ? [{ recipientId: r.id, questionId: text.id, text: COMMENTS[(i / 4) % COMMENTS.length], createdAt }]
            : []),
        ];
      });
      if (answers.length > 0) await db.insert(surveyAnswers).values(answers);
    }

    // Car requests: the first captains with a car.
    const owners = await db
      .select({ captainId: cars.captainId, carId: cars.id })
      .from(cars)
      .orderBy(asc(cars.id))
      .limit(4);
    const [model] = await db.select({ id: carModels.id }).from(carModels).orderBy(asc(carModels.id)).limit(1);
    const colorRows = await db.select({ id: colors.id }).from(colors).orderBy(asc(colors.id)).limit(2);
    if (owners.length === 4 && model && colorRows.length > 0) {
      const color = colorRows[colorRows.length - 1].id;
      const rows = [
        { kind: 'change' as const, carId: owners[0].carId, number: 'MC-20481', year: 2022, hours: 2 },
        { kind: 'add' as const, carId: null, number: 'MC-31007', year: 2024, hours: 5 },
        { kind: 'add' as const, carId: null, number: 'MC-11882', year: 2019, hours: 72, status: 'refused' as const },
        { kind: 'change' as const, carId: owners[3].carId, number: 'MC-50220', year: 2021, hours: 96 },
      ];
      await db.insert(carRequests).values(
        rows.map((r, i) => ({
          captainId: owners[i].captainId as number,
          kind: r.kind,
          carId: r.carId,
          carModelId: model.id,
          colorId: color,
          number: r.number,
          year: r.year,
          status: r.status ?? ('pending' as const),
          reason: r.status === 'refused' ? 'The registration papers are not readable.' : null,
          decidedAt: r.status === 'refused' ? new Date(now - 48 * 3600_000) : null,
          createdAt: new Date(now - r.hours * 3600_000),
        })),
      );
    }
    log('3 surveys, 4 car requests');
  },
};
